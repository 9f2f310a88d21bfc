// A progress stream stays open while the database cannot answer: a failed poll is not taken for the
// document being deleted (the stream used to end as if it had been).
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, upload } from './support/documents.ts';

describe('progress stream while the database fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('stays open', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    // No worker runs in this app: the document stays queued and its stream open.
    const doc = (await upload(t.app, cookie, caseId, brief)).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let ended = false;
    const req = request({ host: '127.0.0.1', port, path: `/api/documents/${doc.id}/stream`, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => (ended = true));
    });
    req.end();
    await new Promise((r) => setTimeout(r, 500));

    // For longer than one poll (5 s), every query on documents waits on a lock and its connection is cut.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl! });
    await holder.connect();
    let cut = 0;
    try {
      await holder.query('begin');
      await holder.query('lock table documents in access exclusive mode');
      const until = Date.now() + 6_500;
      while (Date.now() < until) {
        const { rows } = await holder.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        cut += rows.length;
        await new Promise((r) => setTimeout(r, 50));
      }
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    expect(cut).toBeGreaterThanOrEqual(1); // the stream's poll was cut
    await new Promise((r) => setTimeout(r, 500));
    expect(ended).toBe(false);
    req.destroy();
  }, 30_000);
});
