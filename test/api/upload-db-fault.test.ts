// A database fault during an upload loses nothing already stored: the insert of the new document and
// the check of its case both fail (their connections cut while they wait on a lock), and the case's
// other documents still download, byte for byte. The upload answers 503, not 500.
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, multipart, upload } from './support/documents.ts';

/**
 * Runs `request` while another connection holds the documents and cases tables locked and cuts every
 * connection of the app that waits on them, so each statement the request makes meanwhile fails.
 */
async function withConnectionsCut<T>(
  url: string,
  request: () => Promise<T>,
  tables: { first: string; then?: string } = { first: 'documents', then: 'cases' },
): Promise<{ result: T; cut: number }> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  let cut = 0;
  try {
    await holder.query('begin');
    await holder.query(`lock table ${tables.first} in access exclusive mode`);
    let done = false;
    const pending = request().finally(() => (done = true));
    let casesLocked = false;
    while (!done) {
      const { rows } = await holder.query(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      // Before the first waiting statement is cut, the next one (the case's re-check) is made to wait too.
      if (rows.length && !casesLocked && tables.then) {
        await holder.query(`lock table ${tables.then} in access exclusive mode`);
        casesLocked = true;
      }
      for (const { pid } of rows) await holder.query('select pg_terminate_backend($1)', [pid]);
      cut += rows.length;
      await new Promise((r) => setTimeout(r, 20));
    }
    await holder.query('rollback');
    return { result: await pending, cut };
  } finally {
    await holder.end();
  }
}

describe('upload while the database fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("keeps the case's other documents when the new document cannot be stored", async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    const first = await upload(t.app, cookie, caseId, brief, 'first.pdf');
    expect(first.statusCode).toBe(201);

    const { result: res, cut } = await withConnectionsCut(t.config.databaseUrl!, () => upload(t.app, cookie, caseId, brief, 'second.pdf'));
    expect(cut).toBeGreaterThanOrEqual(2); // the insert, then the check of the case
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'unavailable', message: 'The database is unavailable; try again shortly' });

    const download = await t.app.inject({ method: 'GET', url: `/api/documents/${first.json().id}/download`, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, Buffer.from(brief))).toBe(0);
    // Nothing of the failed upload stays: the case holds its one document's folder, and no upload fragment.
    expect(readdirSync(`${t.storage.caseDir(caseId)}/documents`)).toEqual([first.json().id]);
    expect(readdirSync(`${t.storage.root}/uploads`).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('keeps the current source when a reupload cannot be stored', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    const other = (await loadFixture('ontario-brief')).brief;
    const doc = (await upload(t.app, cookie, caseId, brief, 'first.pdf')).json();
    const body = multipart({}, { name: 'replacement.pdf', bytes: other });
    // The reupload's transaction starts by removing the document's links: it waits there and is cut.
    const { result: res } = await withConnectionsCut(
      t.config.databaseUrl!,
      () => t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/reupload`, headers: { cookie, ...body.headers }, payload: body.payload }),
      { first: 'links' },
    );
    expect(res.statusCode).toBe(503);
    const download = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download`, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, Buffer.from(brief))).toBe(0); // the source the database describes
    expect(readdirSync(t.storage.documentDir(caseId, doc.id))).toEqual(['source.pdf']);
  });
});
