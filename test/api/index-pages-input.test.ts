// Index pages set by hand must lie in the document: pages past its end, or a range that runs
// backwards, are a 400 naming indexPages, not a silent re-run that finds no index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/contract/documents.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, processed, startWorkers, upload, waitForDocument } from './support/documents.ts';

describe('index pages set by hand', () => {
  let t: TestApp;
  let workers: JobQueue;
  let cookie: string;
  let doc: DocumentRecord;
  beforeAll(async () => {
    t = await startTestApp();
    workers = await startWorkers(t);
    cookie = (await signUp(t.app)).cookie;
    const caseId = await createCase(t.app, cookie);
    doc = (await upload(t.app, cookie, caseId, (await loadFixture('lettered-tabs')).brief)).json();
    doc = await waitForDocument(t.app, cookie, doc.id, processed);
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  it('refuses pages past the end of the document or a backwards range, and keeps the index found', async () => {
    for (const indexPages of [`${doc.pageCount! + 1}`, `2-${doc.pageCount! + 40}`, '5-2']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/documents/${doc.id}`, headers: { cookie }, payload: { indexPages } });
      expect(res.statusCode, indexPages).toBe(400);
      expect(res.json().field).toBe('indexPages');
    }
    const after = (await t.app.inject({ url: `/api/documents/${doc.id}`, headers: { cookie } })).json();
    expect(after).toMatchObject({ index_status: 'ok', index_count: doc.index_count, status: 'completed' });
  });
});
