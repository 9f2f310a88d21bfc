// The processing states of a document and their transitions (spec §4): queueing the text/OCR/index
// job and the link-building job, and re-queueing jobs whose process died (stale heartbeat).
// Every job carries the run number it was queued for; a job whose run is no longer current does nothing,
// so a job left 'active' by a killed process and retried later by the queue is harmless.
import { hostname } from 'node:os';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import { cases, documents } from '../db/schema.ts';

export type JobSender = (kind: 'document-process' | 'document-link' | 'document-text-layer', data: { documentId: string; run: number }) => Promise<unknown>;

export const NOTIFY_CHANNEL = 'brieflink_documents';
/**
 * This process as the worker that takes a job (`host:pid`), stored on the document it runs
 * (documents.process_worker, link_worker), so an operator can tell which process ran or runs a job.
 */
export const WORKER_ID = `${hostname()}:${process.pid}`;

/** How often a running job shows it is alive (config.staleJobMs says when silence means dead). */
export const HEARTBEAT_MS = 2_000;

/** Tells every process (SSE streams) that a document changed. */
export async function notifyDocument(db: Db, documentId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${documentId})`);
}

/**
 * Queues text extraction, OCR and index detection from the start (upload, reupload, retry, reindex).
 * A link build under way for the earlier text becomes stale (new link run) and stores nothing; one
 * that was asked for starts again when the new index is known.
 */
export async function queueProcessing(db: Db, send: JobSender, documentId: string): Promise<void> {
  const run = await markProcessingQueued(db, documentId);
  if (run !== null) await sendProcessing(db, send, documentId, run);
}

/**
 * The state change of queueProcessing alone, inside the caller's transaction when it has one (the job
 * is sent by sendProcessing once that transaction is committed). Returns the run to send, or null
 * when the document is gone.
 */
export async function markProcessingQueued(db: Db | Tx, documentId: string): Promise<number | null> {
  const [row] = await db
    .update(documents)
    .set({
      processRun: sql`${documents.processRun} + 1`,
      linkRun: sql`${documents.linkRun} + 1`,
      aiProcessingStatus: sql`case when ${documents.aiProcessingStatus} = 'processing' then 'queued' else ${documents.aiProcessingStatus} end`,
      status: 'queued',
      failureReason: null,
      ocrStatus: 'queued',
      ocrDone: 0,
      ocrTotal: 0,
      ocrEtaMs: null,
      ocrAvgMsPerPage: null,
      parseProgress: 0,
      indexStatus: 'pending',
      // a background reading of the earlier text becomes stale
      textLayerRun: sql`${documents.textLayerRun} + 1`,
      textLayerDone: 0,
      textLayerTotal: 0,
      textLayerHeartbeatAt: null,
      processHeartbeatAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(documents.id, documentId))
    .returning({ run: documents.processRun });
  return row?.run ?? null;
}

/** Sends the processing job of a run marked queued; when the queue does not take it, the document fails with the reason. */
export async function sendProcessing(db: Db, send: JobSender, documentId: string, run: number): Promise<void> {
  try {
    await send('document-process', { documentId, run });
  } catch (err) {
    // No job behind it: the document must not wait as 'queued' for ever; Retry starts it again.
    await db
      .update(documents)
      .set({
        status: 'failed',
        ocrStatus: 'failed',
        indexStatus: 'error',
        failureReason: NOT_QUEUED,
        processHeartbeatAt: null,
        // link building waiting for this index would wait for ever too
        aiProcessingStatus: sql`case when ${documents.aiProcessingStatus} = 'queued' then 'failed' else ${documents.aiProcessingStatus} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(documents.id, documentId), eq(documents.processRun, run)));
    await notifyDocument(db, documentId);
    throw err;
  }
  await notifyDocument(db, documentId);
}

const NOT_QUEUED = 'Processing could not be started because the job queue did not answer. Retry in a moment.';

/** A link build asked for: its run, and whether the index is known (then the job is sent at once). */
export interface LinkingQueued {
  run: number;
  indexStatus: string;
}

/**
 * Asks for link building. It starts at once when the index is known; while the index is still being
 * detected the processing job starts it when it finishes. Returns false when the document cannot be
 * linked (no file or failed index detection); the reason is stored.
 */
export async function queueLinking(db: Db, send: JobSender, documentId: string): Promise<boolean> {
  const row = await markLinkingQueued(db, documentId);
  if (!row) {
    await markNotLinkable(db, documentId);
    return false;
  }
  await sendLinking(db, send, documentId, row);
  return true;
}

/**
 * The state change of queueLinking alone, inside the caller's transaction when it has one; null when
 * the document cannot be linked (nothing is changed then: markNotLinkable says why).
 */
export async function markLinkingQueued(db: Db | Tx, documentId: string): Promise<LinkingQueued | null> {
  const [row] = await db
    .update(documents)
    .set({
      linkRun: sql`${documents.linkRun} + 1`,
      aiProcessingStatus: 'queued',
      selectedForHyperlinking: true,
      linkFailureReason: null,
      linkHeartbeatAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(documents.id, documentId), inArray(documents.indexStatus, ['ok', 'pending'])))
    .returning({ run: documents.linkRun, indexStatus: documents.indexStatus });
  return row ?? null;
}

/** Link building was asked of a document whose index is not known: it fails, saying so. */
export async function markNotLinkable(db: Db, documentId: string): Promise<void> {
  await db
    .update(documents)
    .set({
      aiProcessingStatus: 'failed',
      linkFailureReason: 'The index of this document has not been detected; retry index detection first.',
      updatedAt: new Date(),
    })
    .where(eq(documents.id, documentId));
  await notifyDocument(db, documentId);
}

/** Sends the link job of a run marked queued when the index is known (else processing sends it). */
export async function sendLinking(db: Db, send: JobSender, documentId: string, row: LinkingQueued): Promise<void> {
  if (row.indexStatus === 'ok') {
    try {
      await send('document-link', { documentId, run: row.run });
    } catch (err) {
      await db
        .update(documents)
        .set({ aiProcessingStatus: 'failed', linkFailureReason: NOT_QUEUED, linkHeartbeatAt: null, updatedAt: new Date() })
        .where(and(eq(documents.id, documentId), eq(documents.linkRun, row.run)));
      await notifyDocument(db, documentId);
      throw err;
    }
  }
  await notifyDocument(db, documentId);
}

/**
 * True when the document's job of its current run was taken by a worker (pg-boss marks it active on
 * fetch) longer ago than the cutoff, yet the document was never claimed: the process died between
 * the two (a claim follows a fetch within milliseconds). pg-boss itself would retry that job only once
 * it expires, hours later.
 */
function takenByDeadProcess(kind: 'document-process' | 'document-link', runColumn: 'process_run' | 'link_run', cutoff: Date) {
  return sql`exists (select 1 from pgboss.job j where j.name = ${kind} and j.state = 'active'
    and j.data->>'documentId' = "documents"."id"::text and (j.data->>'run')::int = ${sql.raw(`"documents"."${runColumn}"`)}
    and j.started_on < ${cutoff.toISOString()}::timestamptz)`;
}

/**
 * Re-queues jobs whose process stopped sending heartbeats (killed, crashed, machine lost), and those a
 * process took from the queue and died before it started them.
 */
export async function requeueStaleJobs(db: Db, send: JobSender, staleAfterMs: number): Promise<string[]> {
  const cutoff = new Date(Date.now() - staleAfterMs);
  const now = new Date();
  const processes = await db
    .update(documents)
    .set({ processRun: sql`${documents.processRun} + 1`, status: 'queued', ocrStatus: 'queued', processHeartbeatAt: now })
    .where(
      and(
        or(
          and(eq(documents.status, 'processing'), lt(documents.processHeartbeatAt, cutoff)),
          and(eq(documents.status, 'queued'), takenByDeadProcess('document-process', 'process_run', cutoff)),
        ),
        caseNotTrashed, // taken up again once the case is restored
      ),
    )
    .returning({ id: documents.id, run: documents.processRun });
  for (const p of processes) await send('document-process', { documentId: p.id, run: p.run });
  const linkings = await db
    .update(documents)
    .set({ linkRun: sql`${documents.linkRun} + 1`, aiProcessingStatus: 'queued', linkHeartbeatAt: now })
    .where(
      and(
        or(
          and(eq(documents.aiProcessingStatus, 'processing'), lt(documents.linkHeartbeatAt, cutoff)),
          and(eq(documents.aiProcessingStatus, 'queued'), takenByDeadProcess('document-link', 'link_run', cutoff)),
        ),
        caseNotTrashed,
      ),
    )
    .returning({ id: documents.id, run: documents.linkRun });
  for (const l of linkings) await send('document-link', { documentId: l.id, run: l.run });
  // background reading for the text layer (document-text-layer.ts): goes on from the pages saved
  const readings = await db
    .update(documents)
    .set({ textLayerRun: sql`${documents.textLayerRun} + 1`, textLayerHeartbeatAt: now })
    .where(
      and(
        eq(documents.status, 'completed'),
        sql`${documents.textLayerDone} < ${documents.textLayerTotal}`,
        lt(documents.textLayerHeartbeatAt, cutoff),
        caseNotTrashed,
      ),
    )
    .returning({ id: documents.id, run: documents.textLayerRun });
  for (const r of readings) await send('document-text-layer', { documentId: r.id, run: r.run });
  for (const d of [...processes, ...linkings, ...readings]) await notifyDocument(db, d.id);
  return [...processes.map((p) => `process:${p.id}`), ...linkings.map((l) => `link:${l.id}`), ...readings.map((r) => `text-layer:${r.id}`)];
}

/** Keeps a job's heartbeat fresh while `work` runs. */
/** Why a job's work was stopped by its heartbeat (the abort reason of runBeat's signal). */
export const STALE_RUN = 'stale run';
export const GIVE_WAY = 'give way';

/**
 * A job's heartbeat that also stops its work once the job's run is no longer its document's current
 * one: the document deleted (or its case), processed again, reuploaded, its links asked for again.
 * `update` marks the heartbeat where the run is current and returns the rows it changed; none, and
 * `signal` aborts (reason STALE_RUN), which ends the task's worker thread within a heartbeat
 * (runPdfTask's control). `giveWay`, asked at each heartbeat, stops it (reason GIVE_WAY) when its
 * slot should go to someone else's document (fair-share.ts).
 */
export function runBeat(update: () => Promise<readonly unknown[]>, giveWay?: () => Promise<boolean>): { beat: () => Promise<void>; signal: AbortSignal } {
  const stop = new AbortController();
  return {
    signal: stop.signal,
    beat: async () => {
      if (stop.signal.aborted) return;
      if ((await update()).length === 0) stop.abort(STALE_RUN);
      else if (giveWay && (await giveWay())) stop.abort(GIVE_WAY);
    },
  };
}

export async function withHeartbeat<T>(beat: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Removes a document's files once the database confirms its row is gone, and its case's folder once
 * the case's row is gone too (a case deleted while one of its documents was being processed). A
 * query that fails removes nothing.
 */
export async function removeFilesIfGone(
  db: Db,
  storage: { removeDocument(caseId: string, id: string): Promise<void>; removeCase(caseId: string): Promise<void> },
  caseId: string,
  documentId: string,
): Promise<void> {
  const [row] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).limit(1);
  if (row) return;
  await storage.removeDocument(caseId, documentId);
  if (await caseIsGone(db, caseId)) await storage.removeCase(caseId);
}

/** True only when the database answered and has no such case (false when it could not be asked). */
export async function caseIsGone(db: Db, caseId: string): Promise<boolean> {
  const rows = await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).limit(1).catch(() => null);
  return rows !== null && rows.length === 0;
}
