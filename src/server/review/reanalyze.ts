// Reanalyze (spec §2 /cases/{caseId}/reanalyze): index detection again, on the index pages set by
// hand when there are any, then the links built again. A reviewed document needs confirmation first.
import { eq } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit.ts';
import { documents } from '../db/schema.ts';
import { checkIndexPages } from '../documents/index-pages.ts';
import type { DocumentDeps } from '../documents/intake.ts';
import { queueLinking, queueProcessing } from '../documents/processing-state.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import { requireConfirmIfReviewed, withdrawApproval, WITHDRAW_REASONS } from './approval-state.ts';

export async function reanalyzeDocument(
  deps: DocumentDeps,
  user: Actor,
  doc: DocumentRow,
  opts: { indexPages?: string | null | undefined; confirm?: boolean | undefined },
): Promise<void> {
  const { db } = deps;
  if (!doc.storageKey) throw new AppError('conflict', `"${doc.title}" has no file yet; upload it first`);
  if (opts.indexPages) checkIndexPages(opts.indexPages, doc.pageCount);
  await requireConfirmIfReviewed(db, doc.id, opts.confirm);
  const indexPages = opts.indexPages === undefined ? doc.indexPages : opts.indexPages || null;
  await db.transaction(async (tx) => {
    await tx.update(documents).set({ indexPages, updatedAt: new Date() }).where(eq(documents.id, doc.id));
    await withdrawApproval(tx, user, doc.id, WITHDRAW_REASONS.reanalyze);
    await recordAudit(tx, user, 'reanalyze', 'document', doc.id, { indexPages: doc.indexPages }, { indexPages });
  });
  await queueProcessing(db, deps.send, doc.id);
  await queueLinking(db, deps.send, doc.id);
}
