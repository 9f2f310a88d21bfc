// A link-building job left 'processing' by a process that died (its heartbeat stopped) is queued
// again by the reaper and completes; a fresh heartbeat is left alone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/server/db/schema.ts';
import { requeueStaleJobs } from '../../src/server/documents/processing-state.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, processed, startWorkers, upload, waitForDocument } from './support/documents.ts';

describe('link building after its process died', () => {
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

  it('re-queues a stale link job and builds the links; leaves a live one alone', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const f = await loadFixture('ontario-brief');
    const doc = await waitForDocument(t.app, cookie, (await upload(t.app, cookie, caseId, f.brief)).json().id, processed);
    const db = t.database.db;
    const send = (kind: 'document-process' | 'document-link' | 'document-text-layer', data: object) => t.queue.send(kind, data);

    // What a process killed in the middle of link building leaves behind.
    await db.update(documents).set({ aiProcessingStatus: 'processing', linkRun: 7, linkHeartbeatAt: new Date() }).where(eq(documents.id, doc.id));
    expect(await requeueStaleJobs(db, send, 60_000)).toEqual([]); // heartbeat still fresh
    await db.update(documents).set({ linkHeartbeatAt: new Date(Date.now() - 120_000) }).where(eq(documents.id, doc.id));
    expect(await requeueStaleJobs(db, send, 60_000)).toEqual([`link:${doc.id}`]);

    const done = await waitForDocument(t.app, cookie, doc.id, (d) => d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed');
    expect(done).toMatchObject({ aiProcessingStatus: 'completed', linkCount: f.truth.items.length, has_links: true });
    const [row] = await db.select({ linkRun: documents.linkRun }).from(documents).where(eq(documents.id, doc.id));
    expect(row!.linkRun).toBe(8);
  }, 120_000);
});
