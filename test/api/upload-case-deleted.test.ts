// A case or document deleted while a PDF is being uploaded into it: the upload answers 404 and
// leaves no file behind (what was deleted keeps nothing on disk).
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, multipart, upload } from './support/documents.ts';

/** Runs `request` while another transaction deletes a row, committing once the request waits for it. */
async function whileDeleted<T>(url: string, sql: string, id: string, request: () => Promise<T>): Promise<T> {
  const other = new pg.Client({ connectionString: url });
  const watcher = new pg.Client({ connectionString: url });
  await other.connect();
  await watcher.connect();
  try {
    await other.query('begin');
    await other.query(sql, [id]);
    const pending = request();
    for (let i = 0; i < 200; i++) {
      const { rows } = await watcher.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await other.query('commit');
    return await pending;
  } finally {
    await other.end();
    await watcher.end();
  }
}

describe('upload into a case or document deleted meanwhile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 404 and keeps no file', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    // The upload sees the case when it starts and finds it gone when it stores its document.
    const res = await whileDeleted(t.config.databaseUrl!, 'delete from cases where id = $1', caseId, () => upload(t.app, cookie, caseId, brief));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Case not found');
    expect(existsSync(t.storage.caseDir(caseId))).toBe(false);
  });

  it('a reupload of a document deleted meanwhile answers 404 and keeps no file', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    const doc = (await upload(t.app, cookie, caseId, brief)).json();
    const body = multipart({}, { name: 'again.pdf', bytes: brief });
    const res = await whileDeleted(t.config.databaseUrl!, 'delete from documents where id = $1', doc.id, () =>
      t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/reupload`, headers: { cookie, ...body.headers }, payload: body.payload }),
    );
    expect(res.statusCode).toBe(404);
    expect(existsSync(t.storage.documentDir(caseId, doc.id))).toBe(false);
  });
});
