// One document with its links and the trial record they point into, named by id or by its file name
// as uploaded (the index viewer's `{filename}`), always resolved through the database.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LinkedDocument, WorkspaceBriefs } from '../../contract/screens.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { documents, indexItems, links } from '../db/schema.ts';
import { documentById, type DocumentRow } from '../documents/queries.ts';
import { linkJson } from '../documents/serialize.ts';
import { AppError } from '../errors.ts';

const isId = (s: string) => z.uuid().safeParse(s).success;

/** The document a `{filename}` names: its id, or the one document of the firm uploaded under that name. */
export async function resolveDocument(db: Db, filename: string): Promise<DocumentRow> {
  if (isId(filename)) {
    const [row] = await db.select().from(documents).where(and(eq(documents.id, filename), caseNotTrashed)).limit(1);
    if (row) return row;
  }
  const rows = await db.select().from(documents).where(and(eq(documents.originalName, filename), caseNotTrashed)).limit(2);
  if (rows.length > 1) {
    throw new AppError('conflict', `Several documents were uploaded as ${filename}; open the one you mean from its case`, 'filename');
  }
  if (!rows[0]) throw new AppError('not_found', 'Document not found');
  return rows[0];
}

/** The trial record a brief points into (same case, a record), or null. */
export async function recordOf(db: Db, doc: Pick<DocumentRow, 'caseId' | 'recordDocumentId'>): Promise<DocumentRow | null> {
  if (!doc.recordDocumentId) return null;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, doc.recordDocumentId), eq(documents.caseId, doc.caseId)))
    .limit(1);
  return row ?? null;
}

export async function linkedDocument(db: Db, doc: DocumentRow): Promise<LinkedDocument> {
  const record = await recordOf(db, doc);
  const rows = await db
    .select({ link: links, item: { ordinal: indexItems.ordinal, label: indexItems.label, type: indexItems.type, text: indexItems.text } })
    .from(links)
    .leftJoin(indexItems, eq(indexItems.id, links.indexItemId))
    .where(eq(links.srcDocId, doc.id))
    .orderBy(asc(indexItems.ordinal), asc(links.srcPage));
  const linkList = rows.map((r) => linkJson(r.link, r.item));
  const indexPages = [...new Set(linkList.map((l) => l.srcPage))].sort((a, b) => a - b);
  return {
    document: await documentById(db, doc.id),
    record: record ? await documentById(db, record.id) : null,
    indexPages,
    links: linkList,
  };
}

/** The briefs of a case (its documents that are not trial records), oldest first, for the workspace's picker. */
export async function caseBriefs(db: Db, caseId: string): Promise<WorkspaceBriefs['briefs']> {
  const rows = await db
    .select({ id: documents.id, title: documents.title, originalName: documents.originalName, kind: documents.kind, recordDocumentId: documents.recordDocumentId })
    .from(documents)
    .where(eq(documents.caseId, caseId))
    .orderBy(asc(documents.uploadedAt), asc(documents.id));
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  const counts = await db
    .select({ id: links.srcDocId, n: sql<number>`count(*)::int` })
    .from(links)
    .innerJoin(documents, eq(documents.id, links.srcDocId))
    .where(and(eq(documents.caseId, caseId), ne(links.status, 'removed')))
    .groupBy(links.srcDocId);
  const linkCount = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows
    .filter((r) => r.kind !== 'record')
    .map((r) => ({
      id: r.id,
      title: r.title,
      originalName: r.originalName,
      linkCount: linkCount.get(r.id) ?? 0,
      recordTitle: r.recordDocumentId ? (titles.get(r.recordDocumentId) ?? null) : null,
    }));
}
