// What a change to a reviewed document does to its review (DESIGN §7): any change after approval
// withdraws it (the document says so and the audit trail has an entry), a change to the links makes
// the reviewed PDF out of date, and relink or reupload of a reviewed document needs confirmation.
import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAudit, type Actor, type Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { documents, links, briefAuthorities, briefReferences } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const WITHDRAW_REASONS = {
  linkEdit: 'A link was changed after approval',
  relink: 'The links were built again after approval',
  reupload: 'A new file was uploaded after approval',
  indexPages: 'The index pages were changed after approval',
  reanalyze: 'The index was detected again after approval',
  regenerate: 'The PDF was regenerated after approval',
  reviewReset: 'The review was set back to pending',
  record: 'The trial record of this brief was changed after approval',
  recordDeleted: 'The trial record of this brief was deleted after approval',
  recordFile: 'A new file of the trial record of this brief was uploaded after approval',
  recordRead: 'The trial record of this brief was read again after approval',
  recordKind: 'The trial record of this brief was marked as a brief after approval',
  retry: 'The document was read again and its links built again after approval',
  records: 'The record documents of this brief were changed after approval',
  recordCiteAs: 'How the brief cites one of its record documents was changed after approval',
  referenceEdit: 'A reference to the record was changed after approval',
  authorityEdit: 'The link of an authority was changed after approval',
} as const;

/**
 * Withdraws an approval of the document, if it has one, inside the caller's transaction: the
 * document is no longer approved, says when and why, and the audit trail records it. A document
 * already filed is no longer 'submitted' either (what was filed stays in its submissions), so it
 * can be approved and submitted again. Returns true when there was an approval to withdraw.
 */
export async function withdrawApproval(tx: Db | Tx, actor: Actor | null, documentId: string, reason: string): Promise<boolean> {
  const [before] = await tx
    .select({
      reviewStatus: documents.reviewStatus,
      reviewedBy: documents.reviewedBy,
      approvedSha256: documents.approvedSha256,
      courtSubmitted: documents.courtSubmitted,
    })
    .from(documents)
    .where(eq(documents.id, documentId));
  if (before?.reviewStatus !== 'approved') return false;
  const now = new Date();
  await tx
    .update(documents)
    .set({
      reviewStatus: null,
      lawyerReviewed: false,
      approvedSha256: null,
      approvalWithdrawnAt: now,
      approvalWithdrawnReason: reason,
      courtSubmitted: false,
      courtSubmittedAt: null,
      updatedAt: now,
    })
    .where(eq(documents.id, documentId));
  await recordAudit(tx, actor, 'approval-withdrawn', 'document', documentId, before, { reviewStatus: null, courtSubmitted: false, reason });
  return true;
}

/** The links of a document changed: its reviewed PDF is out of date and an approval is withdrawn. */
export async function linksChanged(tx: Db | Tx, actor: Actor | null, documentId: string, reason: string = WITHDRAW_REASONS.linkEdit): Promise<void> {
  await tx.update(documents).set({ reviewedCurrent: false }).where(eq(documents.id, documentId));
  await withdrawApproval(tx, actor, documentId, reason);
}

/** The reviewed PDF's name among the document's files. */
export const REVIEWED_KEY = 'Master.reviewed.pdf';

/** The links were replaced (relink, reupload): the reviewed PDF belongs to links that are gone. */
export async function dropReviewedOutput(tx: Db | Tx, documentId: string): Promise<void> {
  await tx
    .update(documents)
    .set({ reviewedKey: null, reviewedSha256: null, reviewedValidation: null, regeneratedAt: null, reviewedCurrent: false })
    .where(eq(documents.id, documentId));
}

/** Reviewed: approved or rejected, regenerated, or a link, reference or authority confirmed, removed or changed by a reviewer. */
export async function isReviewed(db: Db | Tx, documentId: string): Promise<boolean> {
  const [doc] = await db
    .select({ reviewStatus: documents.reviewStatus, regeneratedAt: documents.regeneratedAt })
    .from(documents)
    .where(eq(documents.id, documentId));
  if (!doc) return false;
  if (doc.reviewStatus || doc.regeneratedAt) return true;
  const [touched] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(links)
    .where(and(eq(links.srcDocId, documentId), ne(links.status, 'auto')));
  if (Number(touched?.n ?? 0) > 0) return true;
  const [refs] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(briefReferences)
    .where(and(eq(briefReferences.documentId, documentId), ne(briefReferences.status, 'auto')));
  if (Number(refs?.n ?? 0) > 0) return true;
  const [auths] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(briefAuthorities)
    .where(and(eq(briefAuthorities.documentId, documentId), ne(briefAuthorities.status, 'auto')));
  return Number(auths?.n ?? 0) > 0;
}

export const CONFIRM_MESSAGE =
  'This document has been reviewed: doing this replaces its links and withdraws any approval. Send again with confirm: true to go ahead.';

/** 409 naming `confirm` unless the request confirmed, for a change that throws a review away. */
export async function requireConfirmIfReviewed(db: Db, documentId: string, confirmed: boolean | undefined): Promise<void> {
  if (confirmed === true) return;
  if (await isReviewed(db, documentId)) throw new AppError('conflict', CONFIRM_MESSAGE, 'confirm');
}
