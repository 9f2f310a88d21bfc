// `npm run sample` as a person runs it: the command on its own (no server), against a fresh database,
// creates SAMPLE-001 with its three documents at full size (about 1,240, 400 and 66 pages) and builds
// their links; run again with --rebuild it builds them again; the sample then reads as an ordinary case
// through the app. About two minutes on two busy cores (the command prints its time).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeterministicStatus } from '../../src/contract/hyperlinks.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

const run = promisify(execFile);

describe('npm run sample', () => {
  let db: TestDatabase;
  let dataDir: string;
  const sample = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/sample/cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
      timeout: 540_000,
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'brieflink-sample-'));
  });
  afterAll(async () => {
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the sample case and builds the links of its three masters, then builds them again', async () => {
    const started = Date.now();
    const first = await sample();
    console.log(`npm run sample: ${Date.now() - started} ms\n${first.stdout}`);
    expect(first.stdout).toMatch(/supp13: .*13\/13 links built/);
    expect(first.stdout).toMatch(/doc63: .*63\/63 links built/);
    const pages = (key: string) => Number(new RegExp(`${key}: .*?, (\\d+) pages`).exec(first.stdout)?.[1]);
    expect(pages('doc63')).toBeGreaterThan(1200);
    expect(pages('supp13')).toBeGreaterThan(380);
    expect(first.stdout).toMatch(/tr5: .*5\/5 links built/);
    expect(first.stdout).toContain('Ready: 81 links');

    const rebuiltAt = Date.now();
    const again = await sample('--rebuild');
    console.log(`npm run sample -- --rebuild: ${Date.now() - rebuiltAt} ms`);
    expect(again.stdout).toContain('exists; building its links again');
    expect(again.stdout).toContain('Ready: 81 links');

    // the app on the same database and storage sees it as an ordinary, built case
    const t: TestApp = await startTestApp({ databaseUrl: db.url, env: { STORAGE_DIR: join(dataDir, 'files') } });
    try {
      const { cookie } = await signUp(t.app);
      const status: DeterministicStatus = (await t.app.inject({ url: '/api/deterministic-status', headers: { cookie } })).json();
      expect(status.doc63.pageCount).toBe(pages('doc63'));
      expect(status).toMatchObject({ status: 'ready', totalLinks: 81, supp13: { built: 13, total: 13 }, doc63: { built: 63, total: 63 }, tr5: { built: 5, total: 5 } });
      const pdf = await t.app.inject({ url: '/out/review_tr5/Master.TabsRange.linked.pdf', headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await t.close();
    }
  }, 900_000);
});
