// The references of a brief's body to its record documents (DESIGN §8): stored from review.json when the
// links are built (the reviewer's decisions on references that come back the same are kept), listed with
// the record each goes into, changed by the reviewer (confirm, remove, set the record and page), and given
// to the reviewed PDF as the reviewer left them.
import { and, asc, eq } from 'drizzle-orm';
import type { ReferenceRecord, UpdateReferenceBody } from '../../contract/documents.ts';
import type { ReviewJson, ReviewReference } from '../../engine/types.ts';
import { recordAudit, type Actor, type Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { briefReferences, documents } from '../db/schema.ts';
import { recordsOf } from '../documents/record-pairing.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import { linksChanged, WITHDRAW_REASONS } from './approval-state.ts';

type RefRow = typeof briefReferences.$inferSelect;

/** The reason written on a reference whose record page a reviewer set. */
export const REVIEWER_SET_REF_WHY = 'page set by the reviewer';

/** A reference the same as before a rebuild: same page, words and first box. */
const sameKey = (r: { page: number; text: string; spans: Array<{ page: number; bbox: number[] }> }) =>
  `${r.page}|${r.text}|${(r.spans[0]?.bbox ?? []).map((v) => Math.round(v)).join(',')}`;

/**
 * Replaces a brief's stored references with those of `review` (inside the link job's transaction). Each
 * goes into the record document its master page falls in (`review.records`, in the order of `recordIds`),
 * at the page within that document. A reviewer's decision on a reference found again at the same place,
 * with the same engine destination, is kept. Returns the counts for the audit trail.
 */
export async function storeReferences(
  tx: Tx,
  documentId: string,
  review: ReviewJson,
  recordIds: string[],
): Promise<{ found: number; linked: number; unresolved: number; kept: number }> {
  const before = await tx.select().from(briefReferences).where(eq(briefReferences.documentId, documentId));
  await tx.delete(briefReferences).where(eq(briefReferences.documentId, documentId));
  const refs = review.references ?? [];
  const parts = review.records ?? [];
  const where = (masterPage: number | null): { recordDocId: string | null; page: number | null } => {
    if (masterPage === null) return { recordDocId: null, page: null };
    const i = parts.findIndex((p) => masterPage > p.offset && masterPage <= p.offset + p.pages);
    if (i < 0) return { recordDocId: null, page: masterPage }; // within the brief
    return { recordDocId: recordIds[i] ?? null, page: masterPage - parts[i]!.offset };
  };
  const previous = new Map(before.filter((b) => b.status !== 'auto').map((b) => [sameKey(b), b]));
  let kept = 0;
  const rows = refs.map((r) => {
    const engine = where(r.targetPage);
    const row: typeof briefReferences.$inferInsert = {
      documentId,
      ordinal: r.id,
      kind: r.kind,
      page: r.page,
      text: r.text,
      doc: r.doc,
      target: r.target,
      parts: Object.fromEntries(Object.entries(r.parts).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
      spans: r.spans.map((s) => ({ page: s.page, bbox: s.bbox })),
      recordDocId: engine.recordDocId,
      targetPage: engine.page,
      engineRecordDocId: engine.recordDocId,
      engineTargetPage: engine.page,
      status: 'auto',
      why: r.why,
      confidence: String(Math.max(0, Math.min(1, r.confidence))),
      shortForm: r.shortForm ?? null,
      footnote: r.footnote === true,
    };
    const prev = previous.get(sameKey({ page: r.page, text: r.text, spans: r.spans }));
    if (prev && prev.engineRecordDocId === engine.recordDocId && prev.engineTargetPage === engine.page) {
      kept++;
      Object.assign(row, { status: prev.status, recordDocId: prev.recordDocId, targetPage: prev.targetPage, why: prev.why, confidence: prev.confidence });
    }
    return row;
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(briefReferences).values(rows.slice(i, i + 500));
  const ofRecord = rows.filter((r) => r.kind === 'record');
  return {
    found: ofRecord.length,
    linked: ofRecord.filter((r) => r.targetPage !== null && r.status !== 'removed').length,
    unresolved: ofRecord.filter((r) => r.targetPage === null).length,
    kept,
  };
}

/** A brief's record documents, by id, and where each starts in the merged master (pages before its first). */
export async function recordOffsets(db: Db | Tx, brief: DocumentRow): Promise<{ records: DocumentRow[]; recordOf: Map<string, DocumentRow>; offsetOf: Map<string, number> }> {
  const records = await recordsOf(db, brief);
  const offsetOf = new Map<string, number>();
  let offset = brief.pageCount ?? 0;
  for (const r of records) {
    offsetOf.set(r.id, offset);
    offset += r.pageCount ?? 0;
  }
  return { records, recordOf: new Map(records.map((r) => [r.id, r])), offsetOf };
}

function masterPageOf(r: RefRow, offsetOf: Map<string, number>): number | null {
  if (r.targetPage === null) return null;
  if (!r.recordDocId) return r.kind === 'brief' ? r.targetPage : null;
  const offset = offsetOf.get(r.recordDocId);
  return offset === undefined ? null : offset + r.targetPage;
}

export function referenceJson(r: RefRow, offsetOf: Map<string, number>, recordOf: Map<string, DocumentRow>): ReferenceRecord {
  const rec = r.recordDocId ? recordOf.get(r.recordDocId) : undefined;
  return {
    id: r.id,
    documentId: r.documentId,
    ordinal: r.ordinal,
    kind: r.kind,
    page: r.page,
    text: r.text,
    doc: r.doc,
    target: r.target,
    parts: r.parts,
    spans: r.spans,
    recordDocId: r.recordDocId,
    recordTitle: rec?.title ?? null,
    recordCiteAs: rec?.citeAs ?? null,
    targetPage: r.targetPage,
    masterPage: masterPageOf(r, offsetOf),
    engineRecordDocId: r.engineRecordDocId,
    engineTargetPage: r.engineTargetPage,
    status: r.status === 'confirmed' || r.status === 'removed' ? r.status : 'auto',
    confidence: Number(r.confidence),
    why: r.why,
    unresolvedReason: r.targetPage === null && r.engineTargetPage === null ? r.why : null,
    shortForm: r.shortForm,
    footnote: r.footnote,
  };
}

/** A brief's references in reading order, each with the record document it goes into. */
export async function listReferences(db: Db | Tx, brief: DocumentRow): Promise<ReferenceRecord[]> {
  const { recordOf, offsetOf } = await recordOffsets(db, brief);
  const rows = await db.select().from(briefReferences).where(eq(briefReferences.documentId, brief.id)).orderBy(asc(briefReferences.ordinal));
  return rows.map((r) => referenceJson(r, offsetOf, recordOf));
}

/**
 * One reviewer change of a reference: its status, or its page (within `recordDocId`, one of the brief's
 * record documents, else the record it goes into now), which confirms it. A change of what the reviewed
 * PDF holds withdraws the approval and marks the reviewed PDF out of date, as a link change does.
 */
export async function updateReference(db: Db, user: Actor, brief: DocumentRow, refId: string, change: UpdateReferenceBody): Promise<ReferenceRecord> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(briefReferences)
      .where(and(eq(briefReferences.id, refId), eq(briefReferences.documentId, brief.id)))
      .for('update');
    if (!before) throw new AppError('not_found', 'Reference not found');
    const { records, recordOf, offsetOf } = await recordOffsets(tx, brief);
    const set: Partial<typeof briefReferences.$inferInsert> = { updatedAt: new Date() };
    if (change.status !== undefined) set.status = change.status;
    if (change.targetPage !== undefined) {
      const recordId = change.recordDocId?.toLowerCase() ?? before.recordDocId ?? (records.length === 1 ? records[0]!.id : null);
      if (!recordId) throw new AppError('validation', 'Name the record document (recordDocId) this reference goes into', 'recordDocId');
      const record = recordOf.get(recordId);
      if (!record) throw new AppError('validation', "recordDocId must be one of this brief's record documents", 'recordDocId');
      if (record.pageCount && change.targetPage > record.pageCount) {
        throw new AppError('validation', `targetPage must be at most ${record.pageCount}, the pages of "${record.title}"`, 'targetPage');
      }
      set.recordDocId = record.id;
      set.targetPage = change.targetPage;
      set.why = REVIEWER_SET_REF_WHY;
      set.confidence = '1';
      if (change.status === undefined) set.status = 'confirmed';
    }
    if (set.status === 'confirmed' && (set.targetPage ?? before.targetPage) === null) {
      throw new AppError('validation', 'This reference has no destination to confirm; set its page (targetPage) or remove it', 'status');
    }
    const [after] = await tx.update(briefReferences).set(set).where(eq(briefReferences.id, before.id)).returning();
    await recordAudit(tx, user, 'update', 'reference', before.id, before, after);
    if (after!.status !== before.status || after!.targetPage !== before.targetPage || after!.recordDocId !== before.recordDocId) {
      await linksChanged(tx, user, brief.id, WITHDRAW_REASONS.referenceEdit);
    }
    return referenceJson(after!, offsetOf, recordOf);
  });
}

/**
 * The references as the reviewed PDF takes them: the reviewer's set (removed ones left out), each to
 * its page of the merged master; the records listed in order with their citeAs for their bookmarks.
 */
export async function reviewedReferences(
  db: Db | Tx,
  brief: DocumentRow,
): Promise<{ references: ReviewReference[]; records: NonNullable<ReviewJson['records']>; rows: RefRow[] }> {
  const { records, offsetOf } = await recordOffsets(db, brief);
  const rows = await db.select().from(briefReferences).where(eq(briefReferences.documentId, brief.id)).orderBy(asc(briefReferences.ordinal));
  const references: ReviewReference[] = rows
    .filter((r) => r.status !== 'removed')
    .map((r) => {
      const masterPage = masterPageOf(r, offsetOf);
      return {
        id: r.ordinal,
        page: r.page,
        text: r.text,
        kind: r.kind as ReviewReference['kind'],
        doc: r.doc,
        volume: r.parts.volume ?? null,
        target: r.target,
        targetPage: masterPage,
        bbox: r.spans[0]?.bbox ?? [0, 0, 0, 0],
        spans: r.spans,
        parts: { doc: r.doc, docKey: r.parts.docKey ?? '', ...r.parts },
        record: r.recordDocId ? (records.find((d) => d.id === r.recordDocId)?.citeAs ?? null) : null,
        ...(r.kind === 'brief' && masterPage !== null ? { internal: true as const } : {}),
        confidence: Number(r.confidence),
        why: r.why ?? '',
        status: 'auto' as const,
      };
    });
  const recordList = records.map((r) => ({
    file: r.originalName,
    citeAs: r.citeAs ?? '',
    volume: r.volume !== null ? String(r.volume) : null,
    pages: r.pageCount ?? 0,
    offset: offsetOf.get(r.id)!,
  }));
  return { references, records: recordList, rows };
}

/** The references of a brief counted by record document, for the hyperlink report. */
export interface ReferenceTotals {
  record: string;
  found: number;
  linked: number;
  unresolved: number;
  removed: number;
}

export async function referenceTotals(db: Db | Tx, brief: DocumentRow): Promise<{ byRecord: ReferenceTotals[]; rows: ReferenceRecord[] }> {
  const rows = (await listReferences(db, brief)).filter((r) => r.kind === 'record');
  const [self] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, brief.id));
  if (!self) return { byRecord: [], rows: [] };
  const byRecord = new Map<string, ReferenceTotals>();
  for (const r of rows) {
    const name = r.recordTitle ? `${r.recordCiteAs ? `${r.recordCiteAs} – ` : ''}${r.recordTitle}` : `${r.doc} (no record document)`;
    const t = byRecord.get(name) ?? { record: name, found: 0, linked: 0, unresolved: 0, removed: 0 };
    t.found++;
    if (r.status === 'removed') t.removed++;
    else if (r.masterPage !== null) t.linked++;
    else t.unresolved++;
    byRecord.set(name, t);
  }
  return { byRecord: [...byRecord.values()], rows };
}
