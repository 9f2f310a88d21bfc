// The sample case (DESIGN §4): case number SAMPLE-001, three generated documents (sample/generate.ts)
// that come in the way an upload does (source placed, document row, processing queued) and have their
// links built by the ordinary jobs, so the case is reviewable, regenerable, approvable and deletable
// like any other. Its documents are found again by their file names within that case.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { SAMPLE_CASE_NUMBER, sampleKeys, type SampleKey } from '../../contract/hyperlinks.ts';
import { recordAudit, type Actor } from '../audit.ts';
import { deleteCaseNow } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { briefRecords, cases, documents } from '../db/schema.ts';
import { queueNewSource, type DocumentDeps } from '../documents/intake.ts';
import { queueLinking } from '../documents/processing-state.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { storagePathFor } from '../routes/cases.ts';
import { generateSampleOnWorker, SAMPLE_FILES, type SampleSize } from './generate.ts';

export interface SampleCase {
  caseId: string;
  docs: Partial<Record<SampleKey, DocumentRow>>;
}

export async function findSampleCase(db: Db): Promise<SampleCase | null> {
  const [c] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.caseNumber, SAMPLE_CASE_NUMBER), isNull(cases.deletedAt)))
    .limit(1);
  if (!c) return null;
  const names = sampleKeys.map((k) => SAMPLE_FILES[k].fileName);
  const rows = await db.select().from(documents).where(and(eq(documents.caseId, c.id), inArray(documents.originalName, names)));
  const docs: SampleCase['docs'] = {};
  for (const k of sampleKeys) {
    // the newest of a name, should someone have uploaded the same file again
    const mine = rows.filter((r) => r.originalName === SAMPLE_FILES[k].fileName).sort((a, b) => +b.uploadedAt - +a.uploadedAt);
    if (mine[0]) docs[k] = mine[0];
  }
  return { caseId: c.id, docs };
}

/** Whether a sample case with all three documents exists. */
export function isComplete(s: SampleCase | null): s is SampleCase & { docs: Record<SampleKey, DocumentRow> } {
  return !!s && sampleKeys.every((k) => s.docs[k]);
}

/**
 * Creates the sample case (or the documents it misses) and queues their processing and link building;
 * returns at once. Two requests at once: the case number is unique, the second finds the first's case.
 */
export async function createSampleCase(deps: DocumentDeps, actor: Actor | null, size: SampleSize): Promise<SampleCase> {
  const { db, storage } = deps;
  let found = await findSampleCase(db);
  if (isComplete(found)) return found;
  const generated = await generateSampleOnWorker(size);
  found = await findSampleCase(db);
  if (isComplete(found)) return found;
  let caseId = found?.caseId;
  if (!caseId) {
    // A sample case deleted into the Trash holds the sample's number: asked for again, a fresh one
    // replaces it (the sample is generated, nothing of the firm's).
    const [trashed] = await db
      .select({ id: cases.id })
      .from(cases)
      .where(and(eq(cases.caseNumber, SAMPLE_CASE_NUMBER), isNotNull(cases.deletedAt)))
      .limit(1);
    if (trashed) await deleteCaseNow(db, storage, actor, trashed.id, 'delete').catch(() => undefined);
    const now = new Date();
    const [row] = await db
      .insert(cases)
      .values({
        caseNumber: SAMPLE_CASE_NUMBER,
        title: 'Sample case: main brief, supplementary brief and trial record',
        plaintiff: 'Sample Plaintiff Ltd.',
        defendant: 'Sample Defendant Inc.',
        storagePath: storagePathFor(SAMPLE_CASE_NUMBER, now),
        createdBy: actor?.id ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return (await findSampleCase(db))!; // created meanwhile by another request
    caseId = row.id;
    await recordAudit(db, actor, 'create', 'case', caseId, null, { caseNumber: SAMPLE_CASE_NUMBER, sample: true, size });
  }
  // the record first: the supplementary brief points into it (its tabs 9-13 are there)
  const ids: Partial<Record<SampleKey, string>> = Object.fromEntries(sampleKeys.flatMap((k) => (found?.docs[k] ? [[k, found.docs[k]!.id]] : [])));
  const order: SampleKey[] = ['tr5', 'supp13', 'doc63'];
  for (const key of order) {
    const g = generated.find((d) => d.key === key)!;
    if (found?.docs[key]) continue;
    const id = randomUUID();
    await storage.writeAtomic(storage.documentFile(caseId, id, 'source.pdf'), Buffer.from(g.bytes));
    const sha256 = createHash('sha256').update(g.bytes).digest('hex');
    const recordDocumentId = key === 'supp13' ? (ids.tr5 ?? null) : null;
    const [row] = await db
      .insert(documents)
      .values({
        id, caseId, title: g.title, originalName: g.fileName, kind: g.kind, recordDocumentId, fileSize: g.bytes.length, sha256,
        storageKey: 'source.pdf', uploadedBy: actor?.id ?? null, status: 'uploaded', ocrStatus: 'pending', indexStatus: 'pending',
      })
      .returning();
    if (recordDocumentId) await db.insert(briefRecords).values({ briefId: id, recordId: recordDocumentId, position: 0 });
    ids[key] = id;
    await recordAudit(db, actor, 'upload', 'document', id, null, {
      caseId, title: g.title, originalName: g.fileName, fileSize: g.bytes.length, sha256, kind: g.kind, recordDocumentId, sample: true,
    });
    await queueNewSource(deps, row!);
    await queueLinking(db, deps.send, id); // starts once the index (and for a paired brief, the record) is read
  }
  return (await findSampleCase(db))!;
}

const BUSY = ['queued', 'processing'];

/** Whether a document's processing or link building is still under way. */
export function isBusy(d: DocumentRow): boolean {
  return BUSY.includes(d.aiProcessingStatus) || ['queued', 'processing', 'uploaded'].includes(d.status) && d.indexStatus === 'pending';
}

/** Waits until none of the documents is being processed or linked (or the time is up, or `stop` says so). */
export async function waitUntilSettled(db: Db, ids: string[], timeoutMs: number, stop: () => boolean = () => false): Promise<DocumentRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = ids.length ? await db.select().from(documents).where(inArray(documents.id, ids)) : [];
    if (!rows.some(isBusy) || Date.now() > deadline || stop()) return ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean);
    await new Promise((r) => setTimeout(r, 500));
  }
}
