// Reanalyze (spec §2 /cases/{caseId}/reanalyze): index detection again, on the index pages set by
// hand when there are any, then the links built again. A reviewed document needs confirmation first.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Actor } from '../audit.ts';
import { documents } from '../db/schema.ts';
import { checkIndexPages } from '../documents/index-pages.ts';
import type { DocumentDeps } from '../documents/intake.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import type { ReanalyzeCaseBody } from '../../contract/review.ts';
import { requireConfirmIfReviewed, WITHDRAW_REASONS } from './approval-state.ts';
import { rebuildLinks } from './rebuild-links.ts';

export async function reanalyzeDocument(
  deps: DocumentDeps,
  user: Actor,
  doc: DocumentRow,
  opts: { indexPages?: string | null | undefined; confirm?: boolean | undefined },
): Promise<void> {
  if (!doc.storageKey) throw new AppError('conflict', `"${doc.title}" has no file yet; upload it first`);
  if (opts.indexPages) checkIndexPages(opts.indexPages, doc.pageCount);
  const indexPages = opts.indexPages === undefined ? doc.indexPages : opts.indexPages || null;
  await rebuildLinks(deps, user, doc.id, {
    from: 'read',
    confirm: opts.confirm,
    reason: WITHDRAW_REASONS.reanalyze,
    action: 'reanalyze',
    relinkAfterRead: true,
    also: async (tx) => {
      await tx.update(documents).set({ indexPages, updatedAt: new Date() }).where(eq(documents.id, doc.id));
      return { indexPages, indexPagesBefore: doc.indexPages };
    },
  });
}

/** The listed documents of a case, or every one with index pages set by hand; returns their ids. */
export async function reanalyzeCase(deps: DocumentDeps, user: Actor, caseId: string, body: ReanalyzeCaseBody): Promise<string[]> {
  const where = body.documentIds
    ? and(eq(documents.caseId, caseId), inArray(documents.id, body.documentIds))
    : and(eq(documents.caseId, caseId), isNotNull(documents.indexPages));
  const docs = await deps.db.select().from(documents).where(where);
  if (body.documentIds && docs.length !== new Set(body.documentIds).size) {
    throw new AppError('not_found', 'Document not found in this case', 'documentIds');
  }
  // one without a file, or reviewed without confirmation, stops the request before any is queued
  for (const doc of docs) {
    if (!doc.storageKey) throw new AppError('conflict', `"${doc.title}" has no file yet; upload it first`, 'documentIds');
    await requireConfirmIfReviewed(deps.db, doc.id, body.confirm);
  }
  for (const doc of docs) await reanalyzeDocument(deps, user, doc, { confirm: body.confirm });
  return docs.map((d) => d.id);
}
