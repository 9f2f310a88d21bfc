// The review queue (/review): every document of the firm whose links are built and that no reviewer
// has yet approved or rejected (DESIGN §7), the one waiting longest first.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ReviewQueueRow } from '../../contract/screens.ts';
import type { Db } from '../db/client.ts';
import { cases, documents } from '../db/schema.ts';

/** More rows than a firm reviews at once: the queue shows the 500 waiting longest. */
export const REVIEW_QUEUE_MAX = 500;

// Written out in full: inside a subquery drizzle would leave "id" unqualified.
const count = (where: string) =>
  sql<number>`(select count(*)::int from "links" l where l.src_doc_id = "documents"."id" and ${sql.raw(where)})`;

export async function reviewQueue(db: Db): Promise<ReviewQueueRow[]> {
  const builtAt = sql<Date | string | null>`(select min(l.created_at) from "links" l where l.src_doc_id = "documents"."id")`;
  const rows = await db
    .select({
      doc: {
        id: documents.id,
        caseId: documents.caseId,
        title: documents.title,
        originalName: documents.originalName,
        uploadedAt: documents.uploadedAt,
        approvalWithdrawnReason: documents.approvalWithdrawnReason,
      },
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      linkCount: count(`l.status <> 'removed'`),
      pendingCount: count(`l.status = 'auto'`),
      unresolvedCount: count(`l.status <> 'removed' and l.target_page is null`),
      builtAt,
    })
    .from(documents)
    .innerJoin(cases, eq(cases.id, documents.caseId))
    .where(
      and(
        eq(documents.aiProcessingStatus, 'completed'),
        eq(documents.hasLinks, true),
        isNull(documents.reviewStatus),
        eq(documents.courtSubmitted, false),
        isNull(cases.deletedAt),
      ),
    )
    .orderBy(asc(builtAt), asc(documents.uploadedAt), asc(documents.id))
    .limit(REVIEW_QUEUE_MAX);
  return rows.map((r) => ({
    documentId: r.doc.id,
    caseId: r.doc.caseId,
    caseNumber: r.caseNumber,
    caseTitle: r.caseTitle,
    title: r.doc.title,
    originalName: r.doc.originalName,
    linkCount: Number(r.linkCount),
    pendingCount: Number(r.pendingCount),
    unresolvedCount: Number(r.unresolvedCount),
    uploadedAt: r.doc.uploadedAt.toISOString(),
    builtAt: new Date(r.builtAt ?? r.doc.uploadedAt).toISOString(),
    approvalWithdrawnReason: r.doc.approvalWithdrawnReason,
  }));
}
