// Brief and trial record (DESIGN §4): a document may be a trial record; a brief points at one record
// of its own case, its links then target the record and its output is one merged master (brief, then
// record). The rules of a pairing, and what a change to a record does to the briefs pointing into it.
//
// A brief's link build needs the record's stored text (page-store.ts). While the record is still
// being read, the build waits: the link job leaves the brief 'queued' and does nothing, and when the
// record's processing finishes it queues the build of every brief waiting on it (a new link run, so a
// job of the old run that is still around stores nothing). A record that failed, or has no file yet,
// fails the build with a reason naming the record.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Actor, Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { briefRecords, documents } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { linksChanged } from '../review/approval-state.ts';
import type { Storage } from '../storage/files.ts';
import type { RecordFiles } from './pdf-task-types.ts';
import { notifyDocument, type JobSender } from './processing-state.ts';
import type { DocumentRow } from './queries.ts';

export const NOT_A_RECORD = (title: string) =>
  `"${title}" is not marked as a trial record; mark it as a trial record first`;

/**
 * Checks that `recordId` may be the trial record of `brief` (a brief of kind `briefKind`): it exists
 * (404), is not the brief itself (400), is in the brief's case (400), is a record (409), and the brief
 * is not a record itself (409). Returns the record's row.
 */
export async function checkRecordFor(
  db: Db | Tx,
  brief: { id?: string; caseId: string },
  briefKind: string,
  recordId: string,
  field = 'recordDocumentId',
): Promise<DocumentRow> {
  if (brief.id !== undefined && recordId.toLowerCase() === brief.id.toLowerCase()) {
    throw new AppError('validation', 'A document cannot be its own trial record', field);
  }
  // locked, so that the record cannot stop being one while a brief is attached to it
  const [record] = await db.select().from(documents).where(eq(documents.id, recordId)).limit(1).for('update');
  if (!record) throw new AppError('not_found', 'Trial record not found', field);
  if (record.caseId !== brief.caseId) {
    throw new AppError('validation', 'The trial record must be a document of the same case as the brief', field);
  }
  if (record.kind !== 'record') throw new AppError('conflict', NOT_A_RECORD(record.title), field);
  if (briefKind === 'record') {
    throw new AppError('conflict', 'A trial record cannot point into another record; mark it as a brief first', field);
  }
  return record;
}

/** The briefs that point into a record: it is their first record (recordDocumentId) or one of the others. */
function pointsInto(recordId: string) {
  return or(
    eq(documents.recordDocumentId, recordId),
    inArray(documents.id, sql`(select ${briefRecords.briefId} from ${briefRecords} where ${briefRecords.recordId} = ${recordId})`),
  );
}

/** Titles of the briefs that point into a record. */
export async function briefsOf(db: Db | Tx, recordId: string): Promise<Array<{ id: string; title: string }>> {
  return db.select({ id: documents.id, title: documents.title }).from(documents).where(pointsInto(recordId));
}

/**
 * The record documents a brief points into, in order. `recordDocumentId` is the first: a call that set only
 * it (a one-record pairing) is what holds when the list does not start with it.
 */
export async function recordIdsOf(db: Db | Tx, brief: Pick<DocumentRow, 'id' | 'recordDocumentId'>): Promise<string[]> {
  if (!brief.recordDocumentId) return [];
  const rows = await db.select({ id: briefRecords.recordId }).from(briefRecords).where(eq(briefRecords.briefId, brief.id)).orderBy(asc(briefRecords.position));
  const ids = rows.map((r) => r.id);
  return ids[0] === brief.recordDocumentId ? ids : [brief.recordDocumentId];
}

/** The record documents of a brief, in order (rows; a record gone meanwhile is left out). */
export async function recordsOf(db: Db | Tx, brief: Pick<DocumentRow, 'id' | 'recordDocumentId'>): Promise<DocumentRow[]> {
  const ids = await recordIdsOf(db, brief);
  if (!ids.length) return [];
  const rows = await db.select().from(documents).where(inArray(documents.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is DocumentRow => r !== undefined);
}

/**
 * Sets the record documents a brief points into, in order, inside the caller's transaction: the list,
 * and `recordDocumentId` as its first (null for none), so the one-record calls read the same pairing.
 */
export async function setBriefRecords(tx: Db | Tx, briefId: string, recordIds: string[]): Promise<void> {
  await tx.delete(briefRecords).where(eq(briefRecords.briefId, briefId));
  if (recordIds.length) await tx.insert(briefRecords).values(recordIds.map((recordId, position) => ({ briefId, recordId, position })));
  await tx.update(documents).set({ recordDocumentId: recordIds[0] ?? null, updatedAt: new Date() }).where(eq(documents.id, briefId));
}

/** A record deleted: the briefs whose first record it was take the next one of their list as their first. */
export async function afterRecordDeleted(tx: Db | Tx, briefIds: string[]): Promise<void> {
  for (const id of briefIds) {
    const [brief] = await tx.select({ recordDocumentId: documents.recordDocumentId }).from(documents).where(eq(documents.id, id));
    if (!brief || brief.recordDocumentId) continue;
    const rows = await tx.select({ id: briefRecords.recordId }).from(briefRecords).where(eq(briefRecords.briefId, id)).orderBy(asc(briefRecords.position));
    await setBriefRecords(tx, id, rows.map((r) => r.id));
  }
}

/**
 * A trial record changed (a new file, read again, deleted, no longer a record): every brief pointing
 * into it loses its approval, with the reason on the brief and in the audit trail, and its reviewed
 * PDF (which carries the record as it was) must be written again before a new approval. Inside the
 * caller's transaction. Returns the briefs.
 */
export async function withdrawBriefApprovals(tx: Db | Tx, actor: Actor | null, recordId: string, reason: string): Promise<Array<{ id: string; title: string }>> {
  const briefs = await briefsOf(tx, recordId);
  for (const b of briefs) await linksChanged(tx, actor, b.id, reason);
  return briefs;
}

/** Checks a change of a document's kind: a record some briefs point into stays a record (409). */
export async function checkKindChange(db: Db | Tx, doc: DocumentRow, kind: string, recordId: string | null): Promise<void> {
  if (kind === doc.kind) return;
  if (kind === 'record' && recordId) {
    throw new AppError('conflict', 'This brief points into a trial record; detach it before marking it as a record', 'kind');
  }
  if (kind === 'brief') {
    await db.select({ id: documents.id }).from(documents).where(eq(documents.id, doc.id)).for('update');
    const briefs = await briefsOf(db, doc.id);
    if (briefs.length) {
      const names = briefs.slice(0, 3).map((b) => `"${b.title}"`).join(', ');
      throw new AppError('conflict', `${briefs.length === 1 ? 'A brief points' : `${briefs.length} briefs point`} into this record (${names}); detach ${briefs.length === 1 ? 'it' : 'them'} first`, 'kind');
    }
  }
}

/** Why a brief's links cannot be built when its record could not be read. */
export function recordFailed(title: string, failureReason: string | null): string {
  return `The trial record "${title}" could not be read${failureReason ? ` (${failureReason.replace(/\.$/, '')})` : ''}. Retry it, or detach it from this brief.`;
}

export type RecordReadiness = { ready: true; record: DocumentRow } | { ready: false; waiting: true } | { ready: false; waiting: false; reason: string };

/** Whether a brief's link build can read the text of all its records now, must wait for one, or cannot. */
export async function recordsReadiness(db: Db | Tx, recordIds: string[]): Promise<{ ready: true; records: DocumentRow[] } | Exclude<RecordReadiness, { ready: true }>> {
  const records: DocumentRow[] = [];
  let waiting = false;
  for (const id of recordIds) {
    const r = await recordReadiness(db, id);
    if (!r.ready && !r.waiting) return r;
    if (r.ready) records.push(r.record);
    else waiting = true;
  }
  return waiting ? { ready: false, waiting: true } : { ready: true, records };
}

/** Whether a brief's link build can read its record's text now, must wait for it, or cannot. */
export async function recordReadiness(db: Db | Tx, recordId: string): Promise<RecordReadiness> {
  const [record] = await db.select().from(documents).where(eq(documents.id, recordId)).limit(1);
  if (!record) return { ready: false, waiting: false, reason: 'The trial record of this brief was deleted; build the links again.' };
  if (!record.storageKey) return { ready: false, waiting: false, reason: `The trial record "${record.title}" has no file yet; upload it first.` };
  if (record.status === 'completed' && record.pageCount) return { ready: true, record };
  if (record.status === 'failed') return { ready: false, waiting: false, reason: recordFailed(record.title, record.failureReason) };
  return { ready: false, waiting: true };
}

/**
 * A record's text is ready (its processing finished): every brief waiting on it gets its link build
 * queued again, under a new link run. Returns the briefs queued.
 */
export async function queueBriefsWaitingOn(db: Db, send: JobSender, recordId: string): Promise<string[]> {
  const rows = await db
    .update(documents)
    .set({ linkRun: sql`${documents.linkRun} + 1`, linkHeartbeatAt: new Date(), updatedAt: new Date() })
    .where(and(pointsInto(recordId), eq(documents.indexStatus, 'ok'), eq(documents.aiProcessingStatus, 'queued')))
    .returning({ id: documents.id, run: documents.linkRun });
  for (const r of rows) {
    await send('document-link', { documentId: r.id, run: r.run });
    await notifyDocument(db, r.id);
  }
  return rows.map((r) => r.id);
}

/** Briefs whose record was failed by a read that failed: their waiting link build fails too. */
export async function failBriefsWaitingOn(db: Db, recordId: string, reason: string): Promise<void> {
  const rows = await db
    .update(documents)
    .set({ aiProcessingStatus: 'failed', linkFailureReason: reason, linkHeartbeatAt: null, updatedAt: new Date() })
    .where(and(pointsInto(recordId), inArray(documents.aiProcessingStatus, ['queued'])))
    .returning({ id: documents.id });
  for (const r of rows) await notifyDocument(db, r.id);
}

/** The files of a record a brief's link build and regeneration read (its original and stored text). */
export function recordFiles(storage: Storage, record: DocumentRow): RecordFiles {
  const file = (name: string) => storage.documentFile(record.caseId, record.id, name);
  return {
    id: record.id,
    name: record.originalName,
    citeAs: record.citeAs,
    volume: record.volume,
    sourcePath: file(record.storageKey ?? 'source.pdf'),
    pagesPath: file('pages.bin'),
    ocrPagesPath: file('ocr-pages.json'),
    full: { path: file('ocr-full.json'), run: record.processRun },
  };
}
