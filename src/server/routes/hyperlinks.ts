// The Hyperlinks overview's calls (spec §7, contract/hyperlinks.ts) and the output files they point at
// (/out/{id | review_13 | review_63 | review_tr5}/…), which are routes that check the session and the
// document, never a static folder.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  buildDynamicBody,
  docKeyParams,
  outputParams,
  overrideBody,
  rebuildBody,
  regeneratePdfBody,
  updateHyperlinkBody,
  indexFirstBody,
  type BuildDynamicResponse,
  type EnhancedReview,
  type IndexFirstResponse,
  type SampleKey,
} from '../../contract/hyperlinks.ts';
import { recordAudit, type Actor } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import { SESSION_COOKIE, userForToken } from '../auth/sessions.ts';
import { documents, indexItems, links } from '../db/schema.ts';
import { checkIndexPages } from '../documents/index-pages.ts';
import { checkRecordFor, setBriefRecords } from '../documents/record-pairing.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError, parseInput } from '../errors.ts';
import {
  deterministicStatus,
  engineValidation,
  enhancedLinks,
  ensureSample,
  outputDirOf,
  pdfUrlOf,
  rebuildDeterministic,
  relink,
  resolveDocument,
  resolveOutputDir,
  reviewLinks,
  type OverviewDeps,
} from '../hyperlinks/overview.ts';
import { withdrawApproval, WITHDRAW_REASONS } from '../review/approval-state.ts';
import { rebuildLinks, requireConfirmForAll } from '../review/rebuild-links.ts';
import { reanalyzeDocument } from '../review/reanalyze.ts';
import { regenerateDocument } from '../review/regenerate.ts';
import { isBusy, waitUntilSettled } from '../sample/sample-case.ts';
import { applyChange } from './links.ts';

const WAIT_LIMIT_MS = 25 * 60_000;

/** Set when the client went away, so a long wait stops early. */
function clientGone(reply: FastifyReply): () => boolean {
  let gone = false;
  reply.raw.once('close', () => (gone = !reply.raw.writableEnded));
  return () => gone;
}

/**
 * A trial record named beside a brief becomes the brief's record (the pairing of PATCH
 * /api/documents/{id} recordDocumentId, with its rules: same case, a record, not itself). Returns the
 * brief as it now is; its links are built again by the caller.
 */
async function pairWith(deps: OverviewDeps, user: Actor, brief: DocumentRow, ref: string | null | undefined, field: string): Promise<DocumentRow> {
  if (!ref) return brief;
  const { doc: record } = await resolveDocument(deps.db, ref);
  if (record.id === brief.recordDocumentId) return brief;
  try {
    return await deps.db.transaction(async (tx) => {
      await checkRecordFor(tx, brief, brief.kind, record.id);
      await setBriefRecords(tx, brief.id, [record.id]);
      const [row] = await tx.select().from(documents).where(eq(documents.id, brief.id));
      await recordAudit(tx, user, 'update', 'document', brief.id, { recordDocumentId: brief.recordDocumentId }, { recordDocumentId: record.id });
      await withdrawApproval(tx, user, brief.id, WITHDRAW_REASONS.record);
      return row!;
    });
  } catch (err) {
    // the pairing's own messages name its field; here the field is the call's
    if (err instanceof AppError && err.field === 'recordDocumentId') throw new AppError(err.code, err.message, field);
    throw err;
  }
}

export function hyperlinkRoutes(app: FastifyInstance, deps: OverviewDeps): void {
  const { db } = deps;

  app.get('/api/deterministic-status', async () => deterministicStatus(db));

  app.post('/api/sample-case', async (req, reply) => {
    const user = requireUser(req);
    const { size } = parseInput(rebuildBody, req.body);
    const { created } = await ensureSample(deps, user, size ?? 'full');
    return reply.code(created ? 202 : 200).send(await deterministicStatus(db));
  });

  app.post('/api/rebuild-deterministic', async (req, reply) => {
    const user = requireUser(req);
    const { size, confirm } = parseInput(rebuildBody, req.body);
    return rebuildDeterministic(deps, user, size ?? 'full', clientGone(reply), confirm);
  });

  app.get('/api/review-links/:docKey', async (req) => {
    const { docKey } = parseInput(docKeyParams, req.params);
    const { doc, key } = await resolveDocument(db, docKey);
    return reviewLinks(db, doc, key);
  });

  // The destination of one tab changes as on the review screen, and the PDF is written again with it.
  app.post('/api/review-links/:docKey/override', async (req) => {
    const user = requireUser(req);
    const { docKey } = parseInput(docKeyParams, req.params);
    const body = parseInput(overrideBody, req.body);
    const { doc, key } = await resolveDocument(db, docKey);
    const [row] = await db
      .select({ id: links.id })
      .from(links)
      .innerJoin(indexItems, eq(indexItems.id, links.indexItemId))
      .where(and(eq(links.srcDocId, doc.id), eq(indexItems.label, body.tab_number)))
      .orderBy(asc(indexItems.ordinal))
      .limit(1);
    if (!row) throw new AppError('not_found', `Tab ${body.tab_number} has no link in this document`, 'tab_number');
    await db.transaction((tx) => applyChange(tx, user, row.id, { targetPage: body.tr_dest_page, why: 'page set by the reviewer (override)' }));
    const regenerated = await regenerateDocument(deps, user, (await resolveDocument(db, doc.id)).doc);
    return { ok: regenerated.ok, error: regenerated.ok ? null : 'The PDF written again did not validate', pdfUrl: pdfUrlOf(doc, key), validation: regenerated.validation };
  });

  app.post('/api/index-first-detection', async (req, reply): Promise<IndexFirstResponse> => {
    const user = requireUser(req);
    const body = parseInput(indexFirstBody, req.body);
    const { doc: brief, key } = await resolveDocument(db, body.briefPath);
    // asked before anything changes: the links of a reviewed brief are built again only when confirmed
    if (!isBusy(brief)) await requireConfirmForAll(db, [brief.id], body.confirm);
    const doc = await pairWith(deps, user, brief, body.trialRecordPath, 'trialRecordPath');
    if (body.outputDir && (await resolveOutputDir(db, body.outputDir)).id !== doc.id) {
      throw new AppError('validation', "outputDir must be the brief's own output folder", 'outputDir');
    }
    await relink(deps, user, [doc], 'index-first-detection', body.confirm);
    const [after] = await waitUntilSettled(db, [doc.id], WAIT_LIMIT_MS, clientGone(reply));
    const d = after ?? doc;
    const failed = d.aiProcessingStatus !== 'completed';
    const validation = failed ? null : await engineValidation(deps, d);
    return {
      ok: !failed && !!validation?.success,
      error: failed ? 'Index-first detection failed' : validation?.success ? null : 'The linked PDF did not validate',
      stderr: failed ? (d.linkFailureReason ?? d.failureReason ?? 'Link building did not finish') : null,
      outputDir: outputDirOf(d, key),
      validation,
      review: failed ? null : { pdfUrl: pdfUrlOf(d, key), total: d.indexCount },
    };
  });

  app.post('/api/build-document-dynamic', async (req, reply): Promise<BuildDynamicResponse> => {
    const user = requireUser(req);
    const body = parseInput(buildDynamicBody, req.body);
    const { doc: brief, key } = await resolveDocument(db, body.briefPath);
    // the index alone pairs nothing (no links are built); the record named must still be one of ours
    if (body.indexOnly && body.trialPath) await resolveDocument(db, body.trialPath);
    const pages = body.indexPages || null;
    if (pages) checkIndexPages(pages, brief.pageCount);
    // asked before anything changes: the links of a reviewed brief are replaced only when confirmed
    const newIndex = !!pages && pages !== brief.indexPages;
    if ((!body.indexOnly && !isBusy(brief)) || newIndex) await requireConfirmForAll(db, [brief.id], body.confirm);
    const doc = await pairWith(deps, user, brief, body.indexOnly ? null : body.trialPath, 'trialPath');
    const stop = clientGone(reply);
    if (body.indexOnly) {
      if (newIndex) {
        // the index alone, read again on the new pages: the links it replaces are not built again
        await rebuildLinks(deps, user, doc.id, {
          from: 'read',
          confirm: body.confirm,
          reason: WITHDRAW_REASONS.indexPages,
          action: 'index-pages',
          relinkAfterRead: false,
          also: async (tx) => {
            await tx.update(documents).set({ indexPages: pages, updatedAt: new Date() }).where(eq(documents.id, doc.id));
            return { indexPages: pages };
          },
        });
      }
    } else if (pages) {
      await reanalyzeDocument(deps, user, doc, { indexPages: pages, confirm: body.confirm });
    } else {
      await relink(deps, user, [doc], 'build-document-dynamic', body.confirm);
    }
    const [d = doc] = await waitUntilSettled(db, [doc.id], WAIT_LIMIT_MS, stop);
    const items = await db.select().from(indexItems).where(eq(indexItems.documentId, d.id)).orderBy(asc(indexItems.ordinal));
    const failed = body.indexOnly ? d.indexStatus !== 'ok' : d.aiProcessingStatus !== 'completed';
    const reason = d.indexStatus === 'error' ? d.failureReason : (d.linkFailureReason ?? d.failureReason);
    return {
      ok: !failed,
      error: failed ? (body.indexOnly ? 'Index detection failed' : 'Building the links failed') : null,
      stderr: failed ? (reason ?? 'Did not finish') : null,
      message: failed
        ? (reason ?? 'Did not finish')
        : body.indexOnly
          ? `${items.length} index items found`
          : `${d.indexCount} links built`,
      outputDir: outputDirOf(d, key),
      results: {
        total: body.indexOnly ? items.length : d.indexCount,
        ...(body.indexOnly ? { items: items.map((i) => ({ label: i.label, text: i.text, type: i.type, page: i.page })) } : {}),
      },
    };
  });

  const enhanced = (type: '13' | '63' | 'subrules') => async (): Promise<EnhancedReview> => {
    const { doc, key } = await resolveDocument(db, type).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'not_found') return { doc: null, key: null };
      throw err;
    });
    if (!doc) return { ok: false, error: 'The sample case has not been created yet', documentId: null, total: 0, links: [], outputDir: null };
    const all = await enhancedLinks(db, doc);
    return { ok: true, error: null, documentId: doc.id, total: all.length, links: all, outputDir: outputDirOf(doc, key as SampleKey | null) };
  };
  app.get('/api/review-13', enhanced('13'));
  app.get('/api/review-63', enhanced('63'));
  app.get('/api/review-subrules', enhanced('subrules'));

  app.post('/api/update-hyperlink', async (req) => {
    const user = requireUser(req);
    const body = parseInput(updateHyperlinkBody, req.body);
    const { doc } = await resolveDocument(db, body.documentType);
    const [before] = await db.select().from(links).where(eq(links.id, body.linkId)).limit(1);
    if (!before || before.srcDocId !== doc.id) throw new AppError('not_found', 'Link not found in this document', 'linkId');
    const { targetPage, ...notes } = body.changes;
    await db.transaction(async (tx) => {
      if (targetPage !== undefined) await applyChange(tx, user, before.id, { targetPage });
      if (Object.keys(notes).length) {
        const [after] = await tx.update(links).set({ ...notes, updatedAt: new Date() }).where(eq(links.id, before.id)).returning();
        await recordAudit(tx, user, 'annotate', 'link', before.id,
          { targetParagraph: before.targetParagraph, highlighted: before.highlighted, notes: before.notes },
          { targetParagraph: after!.targetParagraph, highlighted: after!.highlighted, notes: after!.notes });
      }
    });
    const link = (await enhancedLinks(db, doc)).find((l) => l.id === before.id);
    return { ok: true, link };
  });

  // Regenerate PDF from the overview: the highlighted set is recorded on the links, then the reviewed
  // PDF is written (review/regenerate.ts) from the reviewed link set.
  app.post('/api/regenerate-pdf', async (req) => {
    const user = requireUser(req);
    const body = parseInput(regeneratePdfBody, req.body);
    const { doc, key } = await resolveDocument(db, body.documentType);
    const wanted = [...new Set(body.highlightedLinks)];
    if (wanted.length) {
      const mine = await db.select({ id: links.id }).from(links).where(inArray(links.id, wanted));
      const own = await db.select({ id: links.id }).from(links).where(eq(links.srcDocId, doc.id));
      const ownIds = new Set(own.map((l) => l.id));
      if (mine.length !== wanted.length || wanted.some((id) => !ownIds.has(id))) {
        throw new AppError('not_found', 'Link not found in this document', 'highlightedLinks');
      }
    }
    await db.transaction(async (tx) => {
      await tx.update(links).set({ highlighted: false }).where(eq(links.srcDocId, doc.id));
      if (wanted.length) await tx.update(links).set({ highlighted: true }).where(inArray(links.id, wanted));
      await recordAudit(tx, user, 'highlight', 'document', doc.id, null, { highlightedLinks: wanted.length });
    });
    const out = await regenerateDocument(deps, user, (await resolveDocument(db, doc.id)).doc);
    return { ok: out.ok, error: out.ok ? null : 'The PDF written again did not validate', pdfUrl: pdfUrlOf(doc, key), validation: out.validation, highlighted: wanted.length };
  });

  // Output files: the session and the document are checked here (these paths are outside /api).
  app.get('/out/:dir/:file', async (req, reply) => {
    const user = await userForToken(db, req.cookies[SESSION_COOKIE]);
    if (!user) throw new AppError('unauthorized', 'You are not signed in');
    const { dir, file } = parseInput(outputParams, req.params);
    const doc = await resolveOutputDir(db, dir);
    const key = file === 'review.json' ? (doc.outputKey ? 'review.json' : null) : (doc.reviewedKey && doc.reviewedCurrent ? doc.reviewedKey : doc.outputKey);
    if (!key) throw new AppError('not_found', 'This document has no linked PDF yet');
    const path = deps.storage.documentFile(doc.caseId, doc.id, key);
    const info = await stat(path).catch(() => null);
    if (!info) throw new AppError('not_found', 'This document has no linked PDF yet');
    return reply
      .header('content-type', file === 'review.json' ? 'application/json; charset=utf-8' : 'application/pdf')
      .header('content-length', info.size)
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      .send(createReadStream(path));
  });
}
