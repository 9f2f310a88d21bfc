// Processing calls of spec §7: index detection and its status, reindex, relink, link building for
// selected documents (queued, or waited for), OCR progress, and the index items found.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  detectIndexBody,
  documentIdsBody,
  MISSING_DOCUMENT_TEXT,
  type IndexDetectionResult,
  type IndexStatus,
  type StartHyperlinkingResponse,
  type StartHyperlinkingResult,
} from '../../contract/documents.ts';
import { requireUser } from '../auth/guard.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { documents, indexItems, links } from '../db/schema.ts';
import { checkIndexPages, parseIndexPages } from '../documents/index-pages.ts';
import type { DocumentDeps } from '../documents/intake.ts';
import { documentById, documentRow, type DocumentRow } from '../documents/queries.ts';
import { indexItemJson, ocrProgressOf } from '../documents/serialize.ts';
import { AppError, parseInput } from '../errors.ts';
import { confirmBody } from '../../contract/review.ts';
import { WITHDRAW_REASONS } from '../review/approval-state.ts';
import { rebuildLinks, requireConfirmForAll } from '../review/rebuild-links.ts';

const WAIT_LIMIT_MS = 25 * 60_000;

function indexStatusOf(d: DocumentRow): IndexStatus {
  return {
    index_status: d.indexStatus as IndexStatus['index_status'],
    index_count: d.indexCount,
    index_detected_at: d.indexDetectedAt?.toISOString() ?? null,
    message: d.indexStatus === 'error' ? d.failureReason : null,
  };
}

/** The index status with the stored detection: its items, their types and the index pages. */
async function detectionResultOf(db: Db, doc: DocumentRow, status: IndexStatus): Promise<IndexDetectionResult> {
  const ok = status.index_status === 'ok';
  const rows = ok
    ? await db.select().from(indexItems).where(eq(indexItems.documentId, doc.id)).orderBy(asc(indexItems.ordinal))
    : [];
  const itemTypes: Record<string, number> = {};
  for (const r of rows) itemTypes[r.type] = (itemTypes[r.type] ?? 0) + 1;
  const pages = parseIndexPages(doc.indexPages) ?? [...new Set(rows.map((r) => r.page))].sort((a, b) => a - b);
  return {
    ...status,
    ok,
    total_items: rows.length,
    index_pages: ok ? pages : [],
    item_types: itemTypes,
    items: rows.map((r) => ({ text: r.text, type: r.type, page: r.page, label: r.label })),
  };
}

async function requireDocuments(db: Db, ids: string[]): Promise<DocumentRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(documents).where(and(inArray(documents.id, unique), caseNotTrashed));
  if (rows.length !== unique.length) throw new AppError('not_found', 'Document not found');
  return unique.map((id) => rows.find((r) => r.id === id)!);
}

async function linkSummary(db: Db, d: DocumentRow): Promise<StartHyperlinkingResult> {
  const rows = await db.select({ targetPage: links.targetPage, status: links.status }).from(links).where(eq(links.srcDocId, d.id));
  const live = rows.filter((r) => r.status !== 'removed');
  const ok = d.aiProcessingStatus === 'completed';
  return {
    documentId: d.id,
    title: d.title,
    success: ok,
    aiProcessingStatus: d.aiProcessingStatus as StartHyperlinkingResult['aiProcessingStatus'],
    linkCount: ok ? live.length : 0,
    unresolved: ok ? live.filter((r) => r.targetPage === null).length : 0,
    error: ok ? null : (d.linkFailureReason ?? d.failureReason ?? 'Link building did not finish'),
  };
}

export function documentProcessingRoutes(app: FastifyInstance, deps: DocumentDeps): void {
  const { db } = deps;

  app.get('/api/documents/:id/index-status', async (req) => indexStatusOf(await documentRow(db, req.params)));

  app.get('/api/documents/:id/index-items', async (req) => {
    const doc = await documentRow(db, req.params);
    const rows = await db.select().from(indexItems).where(eq(indexItems.documentId, doc.id)).orderBy(asc(indexItems.ordinal));
    return rows.map(indexItemJson);
  });

  app.get('/api/documents/:id/ocr-progress', async (req) => ocrProgressOf(await documentRow(db, req.params)));

  /** Queues index detection of a document that has its file, audited as `action`; `force` also re-runs a done or pending one. */
  async function queueDetection(req: FastifyRequest, action: 'detect-index' | 'reindex', force: boolean): Promise<IndexStatus> {
    const user = requireUser(req);
    const doc = await documentRow(db, req.params);
    if (!doc.storageKey) throw new AppError('conflict', 'This document has no file yet; upload it first');
    if (!force && (doc.indexStatus === 'ok' || doc.indexStatus === 'pending')) return indexStatusOf(doc);
    // detection again replaces the index items and their links: the rule of every rebuild
    const { confirm } = parseInput(confirmBody, req.body);
    await rebuildLinks(deps, user, doc.id, { from: 'read', confirm, reason: WITHDRAW_REASONS.reanalyze, action });
    return indexStatusOf(await documentRow(db, { id: doc.id }));
  }

  // Detection runs with processing; this starts it only when it has not run or failed. The answer
  // is the index status with the detection result (spec §3), at once: poll index-status while pending.
  app.post('/api/documents/:id/detect-index', async (req) => {
    const status = await queueDetection(req, 'detect-index', false);
    return detectionResultOf(db, await documentRow(db, req.params), status);
  });

  // The spec's detect-index call with a document named by its id; it answers once detection is done.
  app.post('/api/detect-index', async (req, reply) => {
    const user = requireUser(req);
    const raw = req.body && typeof req.body === 'object' ? (req.body as { documentPath?: unknown }).documentPath : undefined;
    if (typeof raw !== 'string' || !raw.trim()) throw new AppError('validation', MISSING_DOCUMENT_TEXT, 'documentPath');
    const body = parseInput(detectIndexBody, req.body);
    let doc = await documentRow(db, { id: body.documentPath });
    if (!doc.storageKey) throw new AppError('conflict', 'This document has no file yet; upload it first');
    if (body.indexPages !== undefined) checkIndexPages(body.indexPages, doc.pageCount);
    const pagesChanged = body.indexPages !== undefined && body.indexPages !== (doc.indexPages ?? '');
    if (pagesChanged || doc.indexStatus === 'none' || doc.indexStatus === 'error') {
      // detection again replaces the index items and their links: the rule of every rebuild
      await rebuildLinks(deps, user, doc.id, {
        from: 'read',
        confirm: body.confirm,
        reason: pagesChanged ? WITHDRAW_REASONS.indexPages : WITHDRAW_REASONS.reanalyze,
        action: 'detect-index',
        also: async (tx) => {
          if (!pagesChanged) return;
          await tx.update(documents).set({ indexPages: body.indexPages || null, updatedAt: new Date() }).where(eq(documents.id, doc.id));
          return { index_pages: body.indexPages };
        },
      });
    }
    const deadline = Date.now() + WAIT_LIMIT_MS;
    let closed = false;
    reply.raw.once('close', () => (closed = !reply.raw.writableEnded)); // the client went away
    for (;;) {
      doc = await documentRow(db, { id: doc.id });
      if (doc.indexStatus === 'ok' || doc.indexStatus === 'error' || Date.now() > deadline || closed) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    return detectionResultOf(db, doc, indexStatusOf(doc));
  });

  app.post('/api/documents/:id/reindex', (req) => queueDetection(req, 'reindex', true));

  app.post('/api/documents/:id/relink', async (req) => {
    const user = requireUser(req);
    const doc = await documentRow(db, req.params);
    const { confirm } = parseInput(confirmBody, req.body);
    await rebuildLinks(deps, user, doc.id, { from: 'links', confirm, reason: WITHDRAW_REASONS.relink, action: 'relink' });
    return documentById(db, doc.id);
  });

  app.post('/api/documents/process-hyperlinks', async (req, reply) => {
    const user = requireUser(req);
    const { documentIds, confirm } = parseInput(documentIdsBody, req.body);
    const docs = await requireDocuments(db, documentIds);
    // one reviewed document not confirmed stops the request before any is queued
    await requireConfirmForAll(db, docs.map((d) => d.id), confirm);
    const queued: string[] = [];
    for (const d of docs) {
      if (await rebuildLinks(deps, user, d.id, { from: 'links', confirm, reason: WITHDRAW_REASONS.relink, action: 'process-hyperlinks' })) queued.push(d.id);
    }
    return reply.code(202).send({ queued });
  });

  // Queues link building for every listed document and answers once each has finished or failed.
  app.post('/api/documents/start-hyperlinking', async (req, reply): Promise<StartHyperlinkingResponse> => {
    const user = requireUser(req);
    const { documentIds, confirm } = parseInput(documentIdsBody, req.body);
    const docs = await requireDocuments(db, documentIds);
    await requireConfirmForAll(db, docs.map((d) => d.id), confirm);
    for (const d of docs) {
      await rebuildLinks(deps, user, d.id, { from: 'links', confirm, reason: WITHDRAW_REASONS.relink, action: 'start-hyperlinking' });
    }
    const ids = docs.map((d) => d.id);
    const deadline = Date.now() + WAIT_LIMIT_MS;
    let rows: DocumentRow[] = [];
    let closed = false;
    reply.raw.once('close', () => (closed = !reply.raw.writableEnded)); // the client went away
    for (;;) {
      rows = await requireDocuments(db, ids);
      const busy = rows.some((r) => r.aiProcessingStatus === 'queued' || r.aiProcessingStatus === 'processing');
      if (!busy || Date.now() > deadline || closed) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const results = await Promise.all(rows.map((r) => linkSummary(db, r)));
    return {
      totalLinks: results.reduce((n, r) => n + r.linkCount, 0),
      successCount: results.filter((r) => r.success).length,
      failedCount: results.filter((r) => !r.success).length,
      results,
    };
  });
}
