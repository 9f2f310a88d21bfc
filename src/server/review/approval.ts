// Approve or reject (DESIGN §7): approval is of one exact file, the current reviewed PDF that
// validated, with no link left without a destination; it records the reviewer, the time and the
// file's SHA-256. Approval means reviewed: links no reviewer looked at are approved only when the
// reviewer says so with their number. A rejection records the reviewer and the reason.
import { and, count, eq, sql } from 'drizzle-orm';
import type { ReviewBody } from '../../contract/review.ts';
import { recordAudit, type Actor, type Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { documents, links } from '../db/schema.ts';
import { notifyDocument } from '../documents/processing-state.ts';
import { AppError } from '../errors.ts';
import { loadReviewedSet, unresolvedMessage } from './reviewed-set.ts';

type DocumentRow = typeof documents.$inferSelect;

/** Why this document cannot be approved now, or null when it can. */
export async function approvalBlocker(db: Db | Tx, doc: DocumentRow): Promise<string | null> {
  if (doc.aiProcessingStatus === 'queued' || doc.aiProcessingStatus === 'processing') {
    return 'The links of this document are being built; approve once they are done and reviewed';
  }
  const loaded = await loadReviewedSet(db, doc);
  if (loaded.set.entries.length === 0) return 'This document has no links to approve; build its links first';
  const unresolved = unresolvedMessage(loaded);
  if (unresolved) return unresolved;
  if (!doc.reviewedKey || !doc.reviewedSha256) return 'Regenerate the PDF before approving: approval is of the reviewed PDF';
  if (!doc.reviewedCurrent) return 'Regenerate the PDF before approving: the links changed since it was written';
  const v = doc.reviewedValidation;
  if (v?.activeContent?.length) {
    return `The reviewed PDF holds active content (${v.activeContent.join(', ')}), which a court filing must not; it cannot be approved`;
  }
  if (!v?.success) {
    return `The reviewed PDF did not pass validation (expected ${v?.expected_tabs ?? '?'}, links ${v?.links_created ?? '?'}, broken ${v?.broken_links ?? '?'}); regenerate it`;
  }
  return null;
}

/** Links of the document that no reviewer confirmed, removed or gave a page of their own. */
export const UNREVIEWED_LINK = sql`${links.status} = 'auto' and ${links.targetPage} is not distinct from ${links.engineTargetPage}`;

export async function unreviewedLinks(db: Db | Tx, documentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(links).where(and(eq(links.srcDocId, documentId), UNREVIEWED_LINK));
  return Number(row?.n ?? 0);
}

export function unreviewedMessage(n: number): string {
  const links = n === 1 ? '1 link has' : `${n} links have`;
  return `${links} not been individually reviewed: confirm ${n === 1 ? 'it' : 'them'}, or approve with ${n} ${n === 1 ? 'link' : 'links'} not individually reviewed`;
}

export async function reviewDocument(db: Db, user: Actor, documentId: string, body: ReviewBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [doc] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
    if (!doc) throw new AppError('not_found', 'Document not found');
    const before = { reviewStatus: doc.reviewStatus, reviewedBy: doc.reviewedBy, approvedSha256: doc.approvedSha256 };
    const approved = body.approved;
    let unreviewed = 0;
    if (approved) {
      const blocker = await approvalBlocker(tx, doc);
      if (blocker) throw new AppError('conflict', blocker);
      unreviewed = await unreviewedLinks(tx, documentId);
      if (unreviewed > 0 && body.unreviewedAccepted !== unreviewed) throw new AppError('conflict', unreviewedMessage(unreviewed), 'unreviewedAccepted');
    }
    const now = new Date();
    const decision = {
      reviewStatus: approved ? 'approved' : 'rejected',
      lawyerReviewed: approved,
      reviewedBy: body.reviewerName,
      reviewedAt: now,
      reviewReason: body.reason ?? null,
      approvedSha256: approved ? doc.reviewedSha256 : null,
    };
    // a new approval replaces the note of an earlier one withdrawn
    const withdrawal = approved ? { approvalWithdrawnAt: null, approvalWithdrawnReason: null } : {};
    await tx.update(documents).set({ ...decision, ...withdrawal, updatedAt: now }).where(eq(documents.id, documentId));
    await recordAudit(tx, user, approved ? 'approve' : 'reject', 'document', documentId, before, {
      reviewStatus: decision.reviewStatus,
      reviewedBy: decision.reviewedBy,
      ...(approved ? { approvedSha256: decision.approvedSha256, validation: doc.reviewedValidation, unreviewedLinks: unreviewed } : { reason: body.reason }),
    });
  });
  await notifyDocument(db, documentId);
}
