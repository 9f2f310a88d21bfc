// A case deleted for good (moved to the Trash, then "Delete now") while one of its documents is being
// processed leaves nothing on disk: the job's worker thread still writes the document's files after the
// case's folder went, and once the job finds the document gone it removes them and the case's folder
// (not just the document's).
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, getDocument, startWorkers, upload } from './support/documents.ts';

describe('a case deleted mid-processing', () => {
  let t: TestApp;
  let workers: JobQueue;
  beforeAll(async () => {
    t = await startTestApp();
    workers = await startWorkers(t);
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  it('leaves no folder behind', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('brief-400');
    const doc = (await upload(t.app, cookie, caseId, brief)).json();
    const until = Date.now() + 30_000;
    // Its worker thread has the PDF open and is reading pages (the page count is known).
    while (!(await getDocument(t.app, cookie, doc.id)).pageCount) {
      if (Date.now() > until) throw new Error('processing did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/api/cases/${caseId}`, headers: { cookie } });
    expect(del.statusCode).toBe(204);
    const now = await t.app.inject({ method: 'DELETE', url: `/api/trash/${caseId}`, headers: { cookie } });
    expect(now.statusCode).toBe(204);
    // Wait for the job to end (no active job left), then for its clean-up.
    const active = async () =>
      Number((await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where state = 'active'`)).rows[0]!.n);
    const end = Date.now() + 60_000;
    while ((await active()) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(await active()).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(t.storage.caseDir(caseId))).toBe(false);
  });
});
