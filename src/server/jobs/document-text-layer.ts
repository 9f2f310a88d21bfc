// Job 'document-text-layer': the full reading of the scanned pages the first reading read only where
// destinations are found (their top and footer bands: engine ocr/quick-read.ts). Links are built
// from the first reading, so a lawyer need not wait for every page of a long scan; this job then
// reads the rest of those pages (the middle band between the two bands, merged with the first
// reading: engine ocr/middle-band.ts) for the invisible text layer, saving as it goes
// (page-store.ts, ocr-full.json), with its progress in documents.text_layer_done / text_layer_total.
//
// When every page is read, Master.linked.pdf is written again from review.json (the links exactly
// as they were built) with the full text layer. A link build under way is never held up: this job
// waits for it instead, then writes the layer over the links it built. The reviewed PDF is left as
// it is (an approval is of that exact file and is never withdrawn behind the lawyer's back): it
// gets the full layer when it is next regenerated (regenerate reads the same page store).
//
// A process killed while reading: its heartbeat stops, the reaper queues the job again
// (processing-state.ts) and it goes on from the pages saved. A reprocess or a reupload starts a new
// reading and makes this one stale (its run); a stale job stops its worker at its next heartbeat.
import { recordFiles, recordsOf } from '../documents/record-pairing.ts';
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import { documents } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../errors.ts';
import { failureText, PdfTaskError, runPdfTask, taskLimits } from '../documents/pdf-task.ts';
import type { RelayerOutcome, TaskProgress } from '../documents/pdf-task-types.ts';
import { notifyDocument, removeFilesIfGone, runBeat, withHeartbeat } from '../documents/processing-state.ts';
import { documentJobData } from './document-process.ts';
import type { JobContext } from './registry.ts';

const PROGRESS_EVERY_MS = 1_000;
/** How often the job looks again while link building is under way. */
const LINK_WAIT_MS = 500;

export async function documentTextLayer(ctx: JobContext, data: unknown): Promise<unknown> {
  const { documentId, run } = documentJobData.parse(data);
  const { db, storage } = ctx;
  const mine = and(eq(documents.id, documentId), eq(documents.textLayerRun, run));
  const [doc] = await db
    .update(documents)
    .set({ textLayerHeartbeatAt: new Date() })
    .where(and(mine, eq(documents.status, 'completed'), sql`${documents.textLayerDone} < ${documents.textLayerTotal}`))
    .returning();
  if (!doc || !doc.storageKey) return { skipped: true };
  const current = and(mine, eq(documents.processRun, doc.processRun));
  const file = (name: string) => storage.documentFile(doc.caseId, doc.id, name);
  const full = { path: file('ocr-full.json'), run: doc.processRun };
  const total = doc.textLayerTotal;

  // a reprocess, a reupload or a deletion makes this reading stale: its worker is stopped
  const stop = runBeat(() => db.update(documents).set({ textLayerHeartbeatAt: new Date() }).where(current).returning({ id: documents.id }));
  const beat = stop.beat;
  let lastWrite = 0;
  let writes: Promise<unknown> = Promise.resolve();
  const onProgress = (p: TaskProgress) => {
    if (p.phase !== 'ocr' || Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    // pages with their full text: all but those still partial
    const done = Math.min(total - 1, total - p.total + p.done);
    writes = writes
      .then(() => db.update(documents).set({ textLayerDone: done, textLayerHeartbeatAt: new Date() }).where(current))
      .then(() => notifyDocument(db, documentId))
      .catch((err: unknown) => ctx.log.warn({ err, documentId }, 'text layer progress not saved'));
  };

  const finish = async (values: Record<string, unknown>) => {
    await db
      .update(documents)
      .set({ textLayerDone: total, textLayerHeartbeatAt: null, ...values })
      .where(current);
    await notifyDocument(db, documentId);
  };

  try {
    const out = await withHeartbeat(beat, () =>
      runPdfTask(
        {
          op: 'text-layer',
          sourcePath: file(doc.storageKey!),
          ocrPagesPath: file('ocr-pages.json'),
          full,
          ...(ctx.config.ocrWorkers ? { ocrWorkers: ctx.config.ocrWorkers } : {}),
        },
        taskLimits(ctx.config),
        onProgress,
        { signal: stop.signal },
      ),
    );
    await writes;
    const rewritten = await withHeartbeat(beat, () => applyLayer(ctx, documentId, run, doc.processRun, full, file, stop.signal));
    if (rewritten === 'stale') return { skipped: true };
    await db.transaction(async (tx) => {
      await tx.update(documents).set({ textLayerDone: total, textLayerHeartbeatAt: null }).where(current);
      await recordAudit(tx, null, 'text-layer', 'document', documentId, null, {
        pages: out.total,
        ocrFailedPages: out.failed.map((f) => f.page),
        linkedPdfRewritten: rewritten === 'rewritten',
      });
    });
    await notifyDocument(db, documentId);
    ctx.log.info({ documentId, pages: out.total, failed: out.failed.length, rewritten }, 'text layer complete');
    return { pages: out.total, rewritten };
  } catch (err) {
    await writes;
    if (err instanceof PdfTaskError && err.code === 'stopped') {
      await removeFilesIfGone(db, storage, doc.caseId, documentId);
      return { skipped: true };
    }
    // The database out of reach: the reaper queues the reading again once it answers (stale heartbeat).
    if (isDatabaseUnavailable(err)) throw err;
    // The links stand; the pages not completed keep the words of their first reading.
    const reason = failureText(err);
    await finish({});
    await recordAudit(db, null, 'text-layer-failed', 'document', documentId, null, { reason });
    await removeFilesIfGone(db, storage, doc.caseId, documentId);
    ctx.log.warn({ err, documentId }, 'text layer not completed');
    return { failed: reason };
  }
}

/**
 * Master.linked.pdf written again with the full text layer, over the links it was built with. Waits
 * while links are being built (they may have been built from the partial reading); writes to a name
 * of its own and puts the file in place only while the links it was written from are still the
 * current ones (the document's row locked), else once more.
 */
async function applyLayer(
  ctx: JobContext,
  documentId: string,
  run: number,
  processRun: number,
  full: { path: string; run: number },
  file: (name: string) => string,
  signal: AbortSignal,
): Promise<'rewritten' | 'no-links' | 'stale'> {
  const { db } = ctx;
  const current = and(eq(documents.id, documentId), eq(documents.textLayerRun, run), eq(documents.processRun, processRun));
  for (;;) {
    if (signal.aborted) return 'stale';
    const [d] = await db.select().from(documents).where(current).limit(1);
    if (!d || !d.storageKey) return 'stale';
    if (d.aiProcessingStatus === 'queued' || d.aiProcessingStatus === 'processing') {
      await new Promise((r) => setTimeout(r, LINK_WAIT_MS));
      continue;
    }
    if (d.aiProcessingStatus !== 'completed' || !d.outputKey) return 'no-links';
    // a paired brief's master carries its records after it
    const recs = await recordsOf(db, d);
    // a record being read again has no stable files to append: the master keeps the text layer it has
    if (recs.some((rec) => rec.status !== 'completed' || !rec.storageKey)) return 'no-links';
    const pending = file(`Master.linked-${randomUUID()}.pdf`);
    try {
      const relayered = await runPdfTask(
        {
          op: 'relayer',
          sourcePath: file(d.storageKey),
          pagesPath: file('pages.bin'),
          ocrPagesPath: file('ocr-pages.json'),
          full,
          reviewPath: file('review.json'),
          outputPath: pending,
          ...(recs.length ? { records: recs.map((rec) => recordFiles(ctx.storage, rec)) } : {}),
        },
        taskLimits(ctx.config),
      );
      // a rewrite that does not read back right never replaces the master the links were built into
      if (!(relayered as RelayerOutcome).validationOk) throw new Error('the master written again with the full text layer did not read back right; the one built with the links is kept');
      const placed = await db.transaction(async (tx) => {
        const [still] = await tx
          .select({ id: documents.id })
          .from(documents)
          .where(and(current, eq(documents.linkRun, d.linkRun), eq(documents.aiProcessingStatus, 'completed')))
          .for('update');
        if (!still) return false;
        await rename(pending, file('Master.linked.pdf'));
        return true;
      });
      if (placed) return 'rewritten';
    } finally {
      await rm(pending, { force: true });
    }
  }
}
