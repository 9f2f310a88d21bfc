// When a job cannot be queued (the queue is down), the document is not left 'queued' for ever with no
// job behind it: it fails with a reason that says to retry, and Retry works once the queue is back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/server/db/schema.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, upload } from './support/documents.ts';

describe('processing that cannot be queued', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('marks the uploaded document failed, not queued, when the queue refuses the job', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    await t.queue.stop();
    const res = await upload(t.app, cookie, caseId, (await loadFixture('lettered-tabs')).brief);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const rows = await t.database.db.select().from(documents).where(eq(documents.caseId, caseId));
    for (const d of rows) {
      expect(d.status).toBe('failed');
      expect(d.ocrStatus).toBe('failed');
      expect(d.failureReason).toMatch(/retry/i);
    }
  });

  it('fails link building that waited for the index of a document whose processing could not be queued', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const [doc] = await t.database.db
      .insert(documents)
      .values({ caseId, title: 'Brief', originalName: 'brief.pdf', storageKey: 'source.pdf', status: 'completed', indexStatus: 'error', aiProcessingStatus: 'queued' })
      .returning();
    await t.queue.stop();
    const res = await t.app.inject({ method: 'POST', url: `/api/documents/${doc!.id}/reindex`, headers: { cookie } });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const [after] = await t.database.db.select().from(documents).where(eq(documents.id, doc!.id));
    expect(after).toMatchObject({ status: 'failed', aiProcessingStatus: 'failed' });
  });

  it('marks link building failed, not queued, when the queue refuses the job', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const [doc] = await t.database.db
      .insert(documents)
      .values({ caseId, title: 'Brief', originalName: 'brief.pdf', storageKey: 'source.pdf', status: 'completed', indexStatus: 'ok', indexCount: 3 })
      .returning();
    await t.queue.stop();
    const res = await t.app.inject({ method: 'POST', url: `/api/documents/${doc!.id}/relink`, headers: { cookie } });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const [after] = await t.database.db.select().from(documents).where(eq(documents.id, doc!.id));
    expect(after!.aiProcessingStatus).toBe('failed');
    expect(after!.linkFailureReason).toMatch(/retry/i);
  });
});
