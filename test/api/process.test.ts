// The real `node bin/start.js`: configuration errors, one owner per DATA_DIR, clean shutdown on SIGTERM.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  const full: NodeJS.ProcessEnv = { ...process.env, BRIEFLINK_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'info', ...env };
  delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['bin/start.js'], { cwd: root, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitHealthy(port: number, run: Run, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy in time:\n${run.output()}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the server process', () => {
  const dirs: string[] = [];
  const tempDataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'brieflink-proc-'));
    chmodSync(d, 0o755);
    dirs.push(d);
    return join(d, 'data');
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('stops at start-up with a message naming a bad variable', async () => {
    const run = start({ DATA_DIR: tempDataDir(), PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid configuration: PORT/);
  });

  it('takes over a stale lock, refuses a second process on the same DATA_DIR, and on SIGTERM finishes the request in flight and shuts down cleanly', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    // A lock left by a process that no longer runs.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'brieflink.lock'), `${gone.stdout}\n`);

    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitHealthy(port, first);
      expect(readFileSync(join(dataDir, 'brieflink.lock'), 'utf8').trim()).toBe(String(first.child.pid));
      expect(first.output()).toMatch(/"msg":"Brieflink started"/);

      const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Another Brieflink process (pid ${first.child.pid}) is already using the data directory`);
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);

      // A request in flight when SIGTERM arrives is finished, not cut off: its headers are in, its body
      // is still on the way when the signal is sent.
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/local/login', headers: { 'content-type': 'application/json', 'content-length': 64 } },
          (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.write('{"email":"late@example.com",');
        setTimeout(() => {
          first.child.kill('SIGTERM');
          setTimeout(() => req.end(JSON.stringify({ password: 'x' }).slice(1).padEnd(36, ' ')), 500);
        }, 500);
      });

      const pgPid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(alive(pgPid)).toBe(true);
      const late = await inFlight;
      expect(late.status).toBe(401);
      expect(JSON.parse(late.body).message).toBe('Invalid email or password');
      expect(await first.exited).toBe(0);
      expect(first.output()).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
      expect(first.output()).toMatch(/"msg":"stopped"/);
      expect(alive(pgPid)).toBe(false);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false); // PostgreSQL shut down cleanly
      expect(existsSync(join(dataDir, 'brieflink.lock'))).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  });
  it('after being killed outright, starts again on the same DATA_DIR, stopping the PostgreSQL it left behind', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const killed = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, killed);
    const orphan = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(alive(orphan)).toBe(true); // the database outlived its owner

    const again = start({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitHealthy(port, again);
      expect(again.output()).toContain(`stopping a PostgreSQL server (pid ${orphan}) left running on this data directory`);
      expect(alive(orphan)).toBe(false);
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      if (again.child.exitCode === null) again.child.kill('SIGKILL');
    }
  });
});
