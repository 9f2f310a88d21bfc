import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const d = mkdtempSync(join(tmpdir(), 'brieflink-lock-'));
    dirs.push(d);
    return join(d, 'data');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('creates the directory, writes our pid, and removes the lock on release', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses while a running process owns the directory, naming its pid', () => {
    const dir = fresh();
    lockDataDir(dir);
    writeFileSync(join(dir, 'brieflink.lock'), `${process.ppid}\n`); // a live process that is not us
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.ppid}`);
  });

  it('takes over a lock whose owner has exited', () => {
    const dir = fresh();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    lockDataDir(dir).release();
    writeFileSync(join(dir, 'brieflink.lock'), `${gone.stdout}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
  });

  it('does not remove a lock another process has taken since', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    writeFileSync(lock.path, `${process.ppid}\n`);
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
  });
});
