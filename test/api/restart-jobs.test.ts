// Jobs survive the server being killed outright: the real `node bin/start.js` is killed with SIGKILL
// while it processes a document, started again on the same database and DATA_DIR, and the document
// still completes (its job is queued again once its heartbeat is stale); it never stays 'processing'.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/contract/documents.ts';
import { freePort } from '../../src/server/db/embedded.ts';
import { loadFixture } from '../fixtures/index.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { newAccount } from './support/app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['bin/start.js'], {
    cwd: root,
    env: { ...process.env, BRIEFLINK_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms: number, output: () => string): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const v = await fn().catch(() => null);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen in ${ms} ms:\n${output().slice(-3000)}`);
}

describe('jobs across a server killed mid-job', () => {
  let db: TestDatabase | null = null;
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-restart-'));
  chmodSync(dir, 0o755);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the document after SIGKILL and a restart', async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: db.url, DATA_DIR: join(dir, 'data'), PORT: String(port), JOB_STALE_SECONDS: '5' };
    const f = await loadFixture('mixed-brief');

    let server = startServer(env);
    children.push(server.child);
    await waitFor('start', async () => (await fetch(`${base}/api/health`)).ok, 60_000, server.output);

    const account = newAccount();
    const reg = await fetch(`${base}/api/auth/local/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const caseRes = await fetch(`${base}/api/cases`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ caseNumber: 'RS-1', title: 'Restart' }),
    });
    const caseId = (await caseRes.json()).id as string;
    const form = new FormData();
    form.set('caseId', caseId);
    form.set('file', new Blob([Buffer.from(f.brief)], { type: 'application/pdf' }), 'mixed.pdf');
    const up = await fetch(`${base}/api/upload/document`, { method: 'POST', headers: { cookie }, body: form });
    expect(up.status).toBe(201);
    const id = (await up.json()).id as string;
    const get = async (): Promise<DocumentRecord> => (await fetch(`${base}/api/documents/${id}`, { headers: { cookie } })).json();

    // Kill the server outright while the job runs (OCR of the scanned pages under way).
    await waitFor('processing', async () => (await get()).status === 'processing', 60_000, server.output);
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const before = (await client.query('select status, process_run from documents where id = $1', [id])).rows[0];
      expect(before.status).toBe('processing'); // left behind by the killed process

      server = startServer(env);
      children.push(server.child);
      await waitFor('restart', async () => (await fetch(`${base}/api/health`)).ok, 60_000, server.output);
      const doc = await waitFor('completion', async () => {
        const d = await get();
        return d.status === 'completed' || d.status === 'failed' ? d : null;
      }, 120_000, server.output);
      expect(doc).toMatchObject({ status: 'completed', ocrStatus: 'completed', index_status: 'ok', index_count: f.truth.items.length });
      const after = (await client.query('select process_run from documents where id = $1', [id])).rows[0];
      expect(after.process_run).toBeGreaterThan(before.process_run); // queued again, not left to expire
      expect(server.output()).toContain('jobs of a stopped process queued again');
    } finally {
      await client.end();
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }, 300_000);
});
