// A job a worker process took from the queue (pg-boss marks it active) but never started, because the
// process died in between, is queued again by the reaper once it has been taken longer than the stale
// limit, and the document is then processed; a job taken a moment ago is left alone. Without this the
// document would wait as 'queued' until pg-boss expires the job, hours later.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/server/db/schema.ts';
import { requeueStaleJobs, type JobSender } from '../../src/server/documents/processing-state.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { smallBrief } from './support/small-briefs.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, processed, startWorkers, upload, waitForDocument } from './support/documents.ts';

describe('a job taken by a process that died before starting it', () => {
  let t: TestApp;
  let workers: JobQueue | undefined;
  beforeAll(async () => {
    t = await startTestApp(); // no worker yet: the upload's job waits in the queue
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  it('is queued again and the document processed', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const brief = await smallBrief('reaper-taken', 4, 1, 0);
    const id = (await upload(t.app, cookie, caseId, brief.bytes)).json().id as string;
    const db = t.database.db;
    const send: JobSender = (kind, data) => t.queue.send(kind, data);

    // A worker takes the job (active in pg-boss) and dies before it claims the document.
    const [job] = await t.queue.boss.fetch<{ documentId: string; run: number }>('document-process');
    expect(job?.data).toEqual({ documentId: id, run: 1 });
    expect(await requeueStaleJobs(db, send, 60_000)).toEqual([]); // taken a moment ago: it may still start
    await db.execute(sql`update pgboss.job set started_on = now() - interval '2 minutes' where id = ${job!.id}`);
    expect(await requeueStaleJobs(db, send, 60_000)).toEqual([`process:${id}`]);
    expect(await requeueStaleJobs(db, send, 60_000)).toEqual([]); // once: the dead job's run is no longer current

    workers = await startWorkers(t);
    const done = await waitForDocument(t.app, cookie, id, processed);
    expect(done).toMatchObject({ status: 'completed', index_status: 'ok', index_count: brief.truth.items.length });
    const [row] = await db.select({ run: documents.processRun }).from(documents).where(eq(documents.id, id));
    expect(row!.run).toBe(2);
  }, 120_000);
});
