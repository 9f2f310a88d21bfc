// Job 'document-link': builds the linked PDF and review.json from the text read before (no OCR
// again), and stores exactly one link per index item (spec Link fields). Idempotent: acts only while
// its run is current and replaces the items and links of earlier runs in one transaction.
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import { isDatabaseUnavailable } from '../errors.ts';
import { cases, documents, indexItems, links } from '../db/schema.ts';
import { parseIndexPages } from '../documents/index-pages.ts';
import { failureText, PdfTaskError, runPdfTask, taskLimits } from '../documents/pdf-task.ts';
import { FAIR_SHARE_RETRY_SECONDS, yieldsSlot } from './fair-share.ts';
import { notifyDocument, removeFilesIfGone, runBeat, withHeartbeat, WORKER_ID } from '../documents/processing-state.ts';
import { dropReviewedOutput, REVIEWED_KEY, withdrawApproval, WITHDRAW_REASONS } from '../review/approval-state.ts';
import { documentJobData } from './document-process.ts';
import { recordFiles, recordIdsOf, recordsReadiness } from '../documents/record-pairing.ts';
import { storeReferences } from '../review/references.ts';
import { storeAuthorities } from '../review/authorities.ts';
import { keptForLinks, reviewerDecisions } from '../review/kept-decisions.ts';
import { indexItemRows } from './index-item-rows.ts';
import type { JobContext } from './registry.ts';

export const NO_INDEX_REASON =
  'No index was found in this document. Set its index pages by hand (for example 2-5) and build the links again.';

export async function documentLink(ctx: JobContext, data: unknown): Promise<unknown> {
  const { documentId, run } = documentJobData.parse(data);
  const { db, storage } = ctx;
  const current = and(eq(documents.id, documentId), eq(documents.linkRun, run));
  // A brief paired with a trial record needs the record's text: while the record is being read the
  // build waits ('queued'), and the record's processing queues it again when done (record-pairing.ts).
  const [pre] = await db.select({ id: documents.id, recordDocumentId: documents.recordDocumentId }).from(documents).where(current);
  if (!pre) return { skipped: true };
  const recordIds = await recordIdsOf(db, pre);
  const readiness = recordIds.length ? await recordsReadiness(db, recordIds) : null;
  if (readiness && !readiness.ready && readiness.waiting) return { waiting: recordIds };
  if (ctx.send && (await yieldsSlot(db, documentId, 'link', ctx.config.staleJobMs))) {
    await ctx.send('document-link', { documentId, run }, { startAfterSeconds: FAIR_SHARE_RETRY_SECONDS });
    return { yielded: true };
  }
  const [doc] = await db
    .update(documents)
    .set({ aiProcessingStatus: 'processing', linkHeartbeatAt: new Date(), linkFailureReason: null, linkWorker: WORKER_ID })
    .where(and(current, eq(documents.indexStatus, 'ok'), inArray(documents.aiProcessingStatus, ['queued', 'processing'])))
    .returning();
  if (!doc) return { skipped: true };
  await notifyDocument(db, documentId);
  const fail = async (reason: string) => {
    await db
      .update(documents)
      .set({ aiProcessingStatus: 'failed', linkFailureReason: reason, linkHeartbeatAt: null, updatedAt: new Date() })
      .where(current);
    await recordAudit(db, null, 'link-failed', 'document', documentId, null, { reason });
    await notifyDocument(db, documentId);
    await removeFilesIfGone(db, storage, doc.caseId, documentId); // deleted while its links were built
    return { failed: reason };
  };
  if (readiness && !readiness.ready && !readiness.waiting) return fail(readiness.reason);
  const records = readiness?.ready ? readiness.records : [];
  const record = records[0] ?? null;
  const indexPages = parseIndexPages(doc.indexPages);
  if (doc.indexCount === 0 && !indexPages) return fail(NO_INDEX_REASON);

  const file = (name: string) => storage.documentFile(doc.caseId, doc.id, name);
  // the case's setting: its authorities found and linked (off by default: today's output)
  const [caseRow] = await db.select({ authorities: cases.authorities, toaTarget: cases.toaTarget }).from(cases).where(eq(cases.id, doc.caseId));
  const authorities = caseRow?.authorities === 'on'
    ? { links: ctx.config.authorityLinks ?? ('off' as const), toaTarget: caseRow.toaTarget === 'authority' ? ('authority' as const) : ('first-citation' as const) }
    : undefined;
  // a deletion or a newer run stops this one's worker within a heartbeat
  const { beat, signal } = runBeat(() => db.update(documents).set({ linkHeartbeatAt: new Date() }).where(current).returning({ id: documents.id }));
  // written under names of this run's own, put in place only while the run is still the current one: a
  // stale run (re-queued by the reaper, or replaced by a relink) never leaves files its links do not match
  const unique = randomUUID();
  const pendingPdf = file(`Master.linked-${unique}.pdf`);
  const pendingReview = file(`review-${unique}.json`);
  try {
    const out = await withHeartbeat(beat, () =>
      runPdfTask({
        op: 'link',
        sourcePath: file('source.pdf'),
        pagesPath: file('pages.bin'),
        ocrPagesPath: file('ocr-pages.json'),
        full: { path: file('ocr-full.json'), run: doc.processRun },
        detectionPath: file('detection.json'),
        ...(indexPages ? { indexPages } : {}),
        briefName: doc.originalName,
        outputPath: pendingPdf,
        reviewPath: pendingReview,
        ...(records.length ? { records: records.map((r) => recordFiles(storage, r)) } : {}),
        ...(authorities ? { authorities } : {}),
      }, taskLimits(ctx.config), undefined, { signal }),
    );
    const { review } = out;
    if (review.index.items.length === 0) return fail(out.reason ? `${NO_INDEX_REASON} (${out.reason})` : NO_INDEX_REASON);
    if (review.links.length !== review.index.items.length) {
      return fail(`The engine produced ${review.links.length} links for ${review.index.items.length} index items.`);
    }
    const result = await db.transaction(async (tx) => {
      const [still] = await tx.select({ id: documents.id }).from(documents).where(current).for('update');
      if (!still) return null;
      await rename(pendingReview, file('review.json'));
      await rename(pendingPdf, file('Master.linked.pdf'));
      // the reviewer's decisions on links that come back the same are kept (kept-decisions.ts)
      const decisions = await reviewerDecisions(tx, documentId);
      await tx.delete(indexItems).where(eq(indexItems.documentId, documentId)); // their links go with them
      await tx.delete(links).where(eq(links.srcDocId, documentId));
      const items = await tx
        .insert(indexItems)
        .values(
          indexItemRows(documentId, review.index.items),
        )
        .returning({ id: indexItems.id, ordinal: indexItems.ordinal, label: indexItems.label, text: indexItems.text });
      const itemOf = new Map(items.map((i) => [i.ordinal, i]));
      const fresh = review.links.map((l) => ({
        item: itemOf.get(l.item) ?? { ordinal: l.item, label: '', text: '' },
        row: {
          srcDocId: documentId,
          indexItemId: itemOf.get(l.item)?.id ?? null,
          srcPage: l.srcPage,
          target: l.target,
          targetDocId: l.target === 'record' ? record?.id ?? null : null,
          targetPage: l.targetPage,
          engineTargetPage: l.targetPage,
          masterPage: l.masterPage,
          bbox: l.bbox,
          status: 'auto',
          why: l.why,
          confidence: String(Math.max(0, Math.min(1, l.confidence))),
        },
      }));
      // a page set by the reviewer in the merged master: a record's pages follow the brief's
      const masterPageOf = (target: string, page: number) => (target === 'record' ? page + (doc.pageCount ?? 0) : page);
      const { rows, carried } = keptForLinks(decisions, fresh, masterPageOf);
      await tx.insert(links).values(rows);
      // the references of the brief's body, each into the record document its page falls in
      const refs = await storeReferences(tx, documentId, review, records.map((r) => r.id));
      // the authorities it cites (none stored when its case does not ask for them)
      const auths = await storeAuthorities(tx, documentId, review, records.map((r) => r.id));
      await tx
        .update(documents)
        .set({
          aiProcessingStatus: 'completed',
          hasLinks: review.links.length > 0,
          indexCount: review.index.items.length,
          outputKey: 'Master.linked.pdf',
          linkHeartbeatAt: null,
          updatedAt: new Date(),
        })
        .where(current);
      // the reviewed PDF and any approval belonged to the links just replaced
      await withdrawApproval(tx, null, documentId, WITHDRAW_REASONS.relink);
      await dropReviewedOutput(tx, documentId);
      const unresolved = review.links.filter((l) => l.targetPage === null).length;
      await recordAudit(tx, null, 'build-links', 'document', documentId, null, {
        links: review.links.length,
        unresolved,
        record: record ? { id: record.id, pages: review.record?.pages ?? null } : null,
        ...(records.length > 1 ? { records: records.map((r) => r.id) } : {}),
        ...(review.references ? { references: refs } : {}),
        ...(review.authorities ? { authorities: auths } : {}),
        validation: review.validation,
        ...(review.removedActiveContent ? { removedActiveContent: review.removedActiveContent } : {}),
        ...(decisions.length ? { reviewerDecisions: carried } : {}),
      });
      return { links: review.links.length, unresolved, ...(record ? { record: record.id } : {}) };
    });
    await notifyDocument(db, documentId);
    if (result) await rm(file(REVIEWED_KEY), { force: true }); // written from the links just replaced
    if (!result) {
      await removeFilesIfGone(db, storage, doc.caseId, documentId);
      return { skipped: true };
    }
    ctx.log.info({ documentId, ...result, ...(out.written ? { written: out.written } : {}) }, 'links built');
    return result;
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err; // queued again by the reaper once the database answers
    if (err instanceof PdfTaskError && err.code === 'stopped') {
      // deleted, or its links asked for again: the newer run (if any) stores its own result
      await removeFilesIfGone(db, storage, doc.caseId, documentId);
      ctx.log.info({ documentId }, 'link building stopped: its run is no longer current');
      return { skipped: true };
    }
    ctx.log.warn({ err, documentId }, 'link building failed');
    return fail(failureText(err));
  } finally {
    await rm(pendingPdf, { force: true });
    await rm(pendingReview, { force: true });
  }
}
