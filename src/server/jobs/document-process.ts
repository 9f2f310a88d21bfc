// Job 'document-process': text layer → OCR of pages without text (progress persisted per page) →
// index detection with the items stored. PDF work runs on a worker thread. Idempotent: the job only
// acts while its run is the document's current one, and it replaces what an earlier run stored.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { recordAudit } from '../audit.ts';
import { isDatabaseUnavailable } from '../errors.ts';
import { documents, indexItems } from '../db/schema.ts';
import { parseIndexPages } from '../documents/index-pages.ts';
import { failureText, PdfTaskError, runPdfTask, taskLimits } from '../documents/pdf-task.ts';
import { GIVE_WAY, notifyDocument, removeFilesIfGone, runBeat, withHeartbeat, WORKER_ID } from '../documents/processing-state.ts';
import type { TaskProgress } from '../documents/pdf-task-types.ts';
import { dropReviewedOutput, REVIEWED_KEY, withdrawApproval, WITHDRAW_REASONS } from '../review/approval-state.ts';
import { failBriefsWaitingOn, queueBriefsWaitingOn, recordFailed } from '../documents/record-pairing.ts';
import { keepAcrossNewIndex } from '../review/kept-decisions.ts';
import { FAIR_SHARE_RETRY_SECONDS, givesSlotBack, yieldsSlot } from './fair-share.ts';
import { INDEX_STAGE_FROM, INDEX_STAGE_SPAN } from '../documents/serialize.ts';
import { indexItemRows } from './index-item-rows.ts';
import type { JobContext } from './registry.ts';

export const documentJobData = z.object({ documentId: z.uuid(), run: z.number().int() });

const PROGRESS_EVERY_MS = 300;

export async function documentProcess(ctx: JobContext, data: unknown): Promise<unknown> {
  const { documentId, run } = documentJobData.parse(data);
  const { db, storage } = ctx;
  const current = and(eq(documents.id, documentId), eq(documents.processRun, run));
  // someone else's document waits and this uploader already has one being read: the slot is theirs
  if (ctx.send && (await yieldsSlot(db, documentId, 'process', ctx.config.staleJobMs))) {
    await ctx.send('document-process', { documentId, run }, { startAfterSeconds: FAIR_SHARE_RETRY_SECONDS });
    return { yielded: true };
  }
  const [doc] = await db
    .update(documents)
    .set({ status: 'processing', ocrStatus: 'processing', indexStatus: 'pending', processHeartbeatAt: new Date(), processWorker: WORKER_ID })
    .where(and(current, inArray(documents.status, ['queued', 'processing'])))
    .returning();
  if (!doc) return { skipped: true };

  const file = (name: string) => storage.documentFile(doc.caseId, doc.id, name);
  let lastWrite = 0;
  let writes: Promise<unknown> = Promise.resolve(); // progress writes, in order, all done before the result is stored
  let pageCount = doc.pageCount ?? 0;
  const indexStage = indexStageProgress();
  const onProgress = (p: TaskProgress) => {
    const now = Date.now();
    const last = p.done === p.total;
    if (!last && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    if (p.phase === 'text') pageCount = p.total;
    // the index's pages read in full after the first reading: 96-99%, said as its own stage (serialize.ts)
    const values =
      p.phase === 'index'
        ? { parseProgress: indexStage(p.done, p.total) }
        : p.phase === 'text'
        ? { pageCount: p.total, parseProgress: Math.round((p.done / Math.max(1, p.total)) * 50), ocrTotal: p.total, ocrDone: 0 }
        : {
            // Pages whose text is known: those with a text layer, plus the pages OCR'd so far.
            ocrDone: pageCount - p.total + p.done,
            ocrTotal: pageCount,
            ocrAvgMsPerPage: p.avgMsPerPage === undefined ? null : Math.round(p.avgMsPerPage),
            ocrEtaMs: p.etaMs === undefined ? null : Math.round(p.etaMs),
            parseProgress: 50 + Math.round((p.done / Math.max(1, p.total)) * 45),
          };
    writes = writes
      .then(() => db.update(documents).set({ ...values, processHeartbeatAt: new Date() }).where(current))
      .then(() => notifyDocument(db, documentId))
      .catch((err: unknown) => ctx.log.warn({ err, documentId }, 'progress not saved'));
  };

  // a deletion, a reupload or a new reading stops this one's worker within a heartbeat
  // and someone else's document waiting while this uploader has another being read takes its slot
  const { beat, signal } = runBeat(
    () => db.update(documents).set({ processHeartbeatAt: new Date() }).where(current).returning({ id: documents.id }),
    () => givesSlotBack(db, documentId, 'process', ctx.config.staleJobMs),
  );
  const indexPages = parseIndexPages(doc.indexPages);
  try {
    if (!doc.storageKey) throw new Error('the document has no file; upload it first');
    const out = await withHeartbeat(beat, () =>
      runPdfTask(
        {
          op: 'read',
          sourcePath: file('source.pdf'),
          pagesPath: file('pages.bin'),
          ocrPagesPath: file('ocr-pages.json'),
          detectionPath: file('detection.json'),
          ...(indexPages ? { indexPages } : {}),
          ...(ctx.config.ocrWorkers ? { ocrWorkers: ctx.config.ocrWorkers } : {}),
          // dense scanned pages read where destinations are found; the rest in the background
          quick: true,
        },
        taskLimits(ctx.config),
        onProgress,
        { signal },
      ),
    );
    await writes;
    const ocrAllFailed = out.needsOcr > 0 && out.ocrFailed.length >= out.needsOcr;
    const items = out.detection.items;
    const stored = await db.transaction(async (tx) => {
      const [still] = await tx.select({ aiProcessingStatus: documents.aiProcessingStatus }).from(documents).where(current).for('update');
      if (!still) return null;
      const replaceItems = async () => {
        await tx.delete(indexItems).where(eq(indexItems.documentId, documentId)); // their links go with them
        if (!items.length) return [];
        return tx
          .insert(indexItems)
          .values(indexItemRows(documentId, items))
          .returning({ id: indexItems.id, ordinal: indexItems.ordinal, label: indexItems.label, text: indexItems.text });
      };
      // links built again after this reading keep the reviewer's decisions that still hold (kept-decisions.ts)
      const carried = still.aiProcessingStatus === 'queued' ? await keepAcrossNewIndex(tx, documentId, replaceItems) : (await replaceItems(), null);
      // the reviewed PDF and any approval belonged to those links
      await withdrawApproval(tx, null, documentId, WITHDRAW_REASONS.reanalyze);
      await dropReviewedOutput(tx, documentId);
      const [row] = await tx
        .update(documents)
        .set({
          pageCount: out.pageCount,
          status: ocrAllFailed ? 'failed' : 'completed',
          failureReason: ocrAllFailed ? `OCR failed on every page without text: ${out.ocrFailed[0]!.error}` : null,
          ocrStatus: ocrAllFailed ? 'failed' : 'completed',
          ocrDone: out.pageCount,
          ocrTotal: out.pageCount,
          ocrEtaMs: 0,
          parseProgress: 100,
          indexStatus: 'ok',
          indexCount: items.length,
          indexDetectedAt: new Date(),
          hasLinks: false,
          outputKey: null,
          processHeartbeatAt: null,
          // the pages read only in part are completed in the background (document-text-layer.ts)
          textLayerTotal: out.pageCount,
          textLayerDone: out.pageCount - out.partialPages.length,
          textLayerRun: sql`${documents.textLayerRun} + 1`,
          textLayerHeartbeatAt: out.partialPages.length > 0 ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(current)
        .returning();
      await recordAudit(tx, null, 'detect-index', 'document', documentId, null, {
        index_count: items.length,
        index_pages: out.detection.pages,
        reason: out.detection.reason ?? null,
        ocrFailedPages: out.ocrFailed.map((f) => f.page),
        partialPages: out.partialPages.length,
        ...(carried && carried.kept + carried.dropped > 0 ? { reviewerDecisions: carried } : {}),
      });
      return row!;
    });
    if (!stored) {
      await removeFilesIfGone(db, storage, doc.caseId, documentId);
      return { skipped: true };
    }
    await rm(file('Master.linked.pdf'), { force: true });
    await rm(file(REVIEWED_KEY), { force: true });
    await rm(file('ocr-full.json'), { force: true }); // full readings of an earlier run
    if (out.partialPages.length > 0 && ctx.send) {
      await ctx.send('document-text-layer', { documentId, run: stored.textLayerRun });
    }
    // Link building asked for while the index was being detected starts now.
    if (stored.aiProcessingStatus === 'queued' && ctx.send) {
      await ctx.send('document-link', { documentId, run: stored.linkRun });
    }
    // A trial record's text is ready: the briefs whose links wait on it are built now.
    if (stored.status === 'completed' && ctx.send) await queueBriefsWaitingOn(db, ctx.send, documentId);
    else if (stored.status === 'failed') await failBriefsWaitingOn(db, documentId, recordFailed(stored.title, stored.failureReason));
    await notifyDocument(db, documentId);
    ctx.log.info({ documentId, pages: out.pageCount, ocrPages: out.needsOcr, items: items.length }, 'document processed');
    return { pages: out.pageCount, items: items.length };
  } catch (err) {
    await writes;
    // The database out of reach is no fault of the document: the job fails, the document stays
    // 'processing', and the reaper queues it again once the database answers (stale heartbeat).
    if (isDatabaseUnavailable(err)) throw err;
    if (err instanceof PdfTaskError && err.code === 'stopped' && signal.reason === GIVE_WAY && ctx.send) {
      // read again from the beginning a few seconds later, in the same run
      await db.update(documents).set({ status: 'queued', ocrStatus: 'queued', processHeartbeatAt: new Date() }).where(and(current, eq(documents.status, 'processing')));
      await ctx.send('document-process', { documentId, run }, { startAfterSeconds: FAIR_SHARE_RETRY_SECONDS });
      await notifyDocument(db, documentId);
      ctx.log.info({ documentId }, "document processing gave its slot to another person's document");
      return { yielded: true };
    }
    if (err instanceof PdfTaskError && err.code === 'stopped') {
      await removeFilesIfGone(db, storage, doc.caseId, documentId);
      ctx.log.info({ documentId }, 'document processing stopped: its run is no longer current');
      return { skipped: true };
    }
    const reason = failureText(err);
    await db
      .update(documents)
      .set({
        status: 'failed',
        failureReason: reason,
        ocrStatus: 'failed',
        indexStatus: 'error',
        indexDetectedAt: new Date(),
        processHeartbeatAt: null,
        aiProcessingStatus: sql`case when ${documents.aiProcessingStatus} = 'queued' then 'failed' else ${documents.aiProcessingStatus} end`,
        updatedAt: new Date(),
      })
      .where(current);
    await recordAudit(db, null, 'process-failed', 'document', documentId, null, { reason });
    await failBriefsWaitingOn(db, documentId, recordFailed(doc.title, reason));
    await notifyDocument(db, documentId);
    await removeFilesIfGone(db, storage, doc.caseId, documentId); // deleted while it was read
    ctx.log.warn({ err, documentId }, 'document processing failed');
    return { failed: reason };
  }
}

/**
 * The parseProgress of the index stage (96-99) for each report of its reading. The stage reads its pages in
 * rounds (pages headed like a list and the page after each, then the index's own pages, then the page after
 * the index), each counted from 0: the figure shown only goes up, never back to the start with each round.
 */
export function indexStageProgress(): (done: number, total: number) => number {
  let shown = INDEX_STAGE_FROM;
  return (done, total) => {
    shown = Math.max(shown, INDEX_STAGE_FROM + Math.min(INDEX_STAGE_SPAN - 1, Math.floor((done / Math.max(1, total)) * INDEX_STAGE_SPAN)));
    return shown;
  };
}
