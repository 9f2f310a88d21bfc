// Reads of documents with their link counts, and the 404s of unknown ids. A document of a case in the
// Trash is unknown here too (cases/trash.ts).
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DocumentRecord } from '../../contract/documents.ts';
import type { Db } from '../db/client.ts';
import { cases, documents } from '../db/schema.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import { AppError, parseInput } from '../errors.ts';
import { documentJson } from './serialize.ts';

export type DocumentRow = typeof documents.$inferSelect;

export const documentIdParams = z.object({ id: z.uuid({ error: 'id must be a document id' }) });
export const caseIdParams = z.object({ caseId: z.uuid({ error: 'caseId must be a case id' }) });

// Written out in full: inside a subquery, drizzle would leave "id" unqualified (links.id, not documents.id).
const linkCount = sql<number>`(select count(*)::int from "links" l where l.src_doc_id = "documents"."id" and l.status <> 'removed')`;

const unresolvedCount = sql<number>`(select count(*)::int from "links" l where l.src_doc_id = "documents"."id" and l.status <> 'removed' and l.target_page is null)`;

// (the same rule as review/approval.ts UNREVIEWED_LINK: 'auto', and no page set by the reviewer)
const unreviewedCount = sql<number>`(select count(*)::int from "links" l where l.src_doc_id = "documents"."id" and l.status = 'auto' and l.target_page is not distinct from l.engine_target_page)`;
const recordIds = sql<string[]>`(select coalesce(array_agg(br.record_id::text order by br.position), '{}') from "brief_records" br where br.brief_id = "documents"."id")`;
const referenceCount = sql<number>`(select count(*)::int from "brief_references" r where r.document_id = "documents"."id" and r.kind = 'record' and r.status <> 'removed')`;
const unresolvedReferenceCount = sql<number>`(select count(*)::int from "brief_references" r where r.document_id = "documents"."id" and r.kind = 'record' and r.status <> 'removed' and r.target_page is null)`;

async function select(db: Db, where: SQL | undefined): Promise<DocumentRecord[]> {
  const rows = await db
    .select({ doc: documents, linkCount, unresolvedCount, unreviewedCount, recordIds, referenceCount, unresolvedReferenceCount })
    .from(documents)
    .where(where)
    .orderBy(desc(documents.uploadedAt));
  return rows.map((r) =>
    documentJson(r.doc, Number(r.linkCount), Number(r.unresolvedCount), {
      recordDocumentIds: r.recordIds,
      referenceCount: Number(r.referenceCount),
      unresolvedReferenceCount: Number(r.unresolvedReferenceCount),
      unreviewedCount: Number(r.unreviewedCount),
    }),
  );
}

export async function documentRow(db: Db, params: unknown): Promise<DocumentRow> {
  const { id } = parseInput(documentIdParams, params);
  const [row] = await db.select().from(documents).where(and(eq(documents.id, id), caseNotTrashed)).limit(1);
  if (!row) throw new AppError('not_found', 'Document not found');
  return row;
}

export async function documentById(db: Db, id: string): Promise<DocumentRecord> {
  const [doc] = await select(db, and(eq(documents.id, id), caseNotTrashed));
  if (!doc) throw new AppError('not_found', 'Document not found');
  return doc;
}

export async function caseDocuments(db: Db, caseId: string): Promise<DocumentRecord[]> {
  return select(db, eq(documents.caseId, caseId));
}

export async function requireCase(db: Db, caseId: string): Promise<void> {
  const [row] = await db.select({ id: cases.id }).from(cases).where(and(eq(cases.id, caseId), isNull(cases.deletedAt))).limit(1);
  if (!row) throw new AppError('not_found', 'Case not found');
}
