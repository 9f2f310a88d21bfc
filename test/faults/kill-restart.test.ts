// Jobs survive the server being killed outright: the real `node bin/start.js` is killed with SIGKILL
// while it processes a document (a 411-page brief being read), started again on the same
// database and DATA_DIR, and the document still completes (its job is queued again once its heartbeat
// is stale); it never stays 'processing', and nothing is left queued or active.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { loadFixture } from '../fixtures/index.ts';
import { createTestDatabase, type TestDatabase } from '../api/support/database.ts';
import { Client, figures, finished, startServer, waitFor, type ServerProcess } from './support/server.ts';

describe('jobs across a server killed mid-job', () => {
  let db: TestDatabase | null = null;
  const servers: ServerProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-restart-'));
  chmodSync(dir, 0o755);
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the document after SIGKILL and a restart', async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: db.url, DATA_DIR: join(dir, 'data'), PORT: String(port), JOB_STALE_SECONDS: '5' };
    const f = await loadFixture('brief-400');

    let server = startServer(env);
    servers.push(server);
    await waitFor('start', async () => (await fetch(`${base}/api/health`)).ok, 60_000, server.output);
    const client = await Client.signUp(base);
    const caseId = await client.createCase('RS-1');
    const id = await client.uploadOk(caseId, f.brief, 'brief.pdf');

    // Kill the server outright while the job runs (its worker thread reading the pages).
    await waitFor('processing', async () => {
      const d = await client.document(id);
      return d.status === 'processing' && d.pageCount !== null;
    }, 60_000, server.output);
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    const killedAt = Date.now();

    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const before = (await sql.query('select status, process_run from documents where id = $1', [id])).rows[0];
      expect(before.status).toBe('processing'); // left behind by the killed process

      server = startServer(env);
      servers.push(server);
      await waitFor('restart', async () => (await fetch(`${base}/api/health`)).ok, 60_000, server.output);
      const restartMs = Date.now() - killedAt;
      const doc = await waitFor('completion', async () => {
        const d = await client.document(id);
        return finished(d) ? d : null;
      }, 120_000, server.output);
      const recoveryMs = Date.now() - killedAt;
      expect(doc).toMatchObject({ status: 'completed', index_status: 'ok', index_count: f.truth.items.length });
      const after = (await sql.query('select process_run from documents where id = $1', [id])).rows[0];
      expect(after.process_run).toBeGreaterThan(before.process_run); // queued again, not left to expire
      expect(server.output()).toContain('jobs of a stopped process queued again');
      // Nothing stuck: no document mid-way, no job of its run still waiting or running.
      const stuck = (await sql.query("select count(*)::int as n from documents where status in ('queued', 'processing')")).rows[0].n;
      expect(stuck).toBe(0);
      figures('kill -9 mid-job', {
        restartMs,
        recoveryMs,
        staleAfterS: 5,
        runs: after.process_run,
        stuck,
        lost: 0,
      });
    } finally {
      await sql.end();
      await server.stop();
    }
  }, 300_000);
});
