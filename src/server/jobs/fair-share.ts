// Fair share of the processing slots between the people who upload. A person's documents may take every
// slot while nobody else waits; once another person's document waits, a person who already has one
// running does not start a second (the job goes back in the queue for a few seconds and the slot goes
// to the document that waits), and a second one already being read gives its slot back (its reading
// stops, and starts again from the beginning a few seconds later, in the same run). Counted across
// every worker process, from the documents' own states.
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cases, documents } from '../db/schema.ts';

/** How long a job that gave its slot away waits before it is offered again. */
export const FAIR_SHARE_RETRY_SECONDS = 5;

type Stage = 'process' | 'link';

const running = {
  process: (freshSince: Date) => and(eq(documents.status, 'processing'), gt(documents.processHeartbeatAt, freshSince)),
  link: (freshSince: Date) => and(eq(documents.aiProcessingStatus, 'processing'), gt(documents.linkHeartbeatAt, freshSince)),
};
/** A document of a case in the Trash waits for nothing: its jobs stop. */
const notInTrash = sql`not exists (select 1 from ${cases} c where c.id = ${documents.caseId} and c.deleted_at is not null)`;
const waiting = {
  process: () => and(eq(documents.status, 'queued'), notInTrash),
  link: () => and(eq(documents.aiProcessingStatus, 'queued'), eq(documents.indexStatus, 'ok'), notInTrash),
};

/**
 * Whether another person's document of `stage` waits while this document's uploader has one running
 * (`first`: only those with a lower id count, so that of two running only the later gives way).
 */
async function othersWaitOn(db: Db, documentId: string, stage: Stage, staleJobMs: number, first: boolean): Promise<boolean> {
  const [doc] = await db.select({ by: documents.uploadedBy }).from(documents).where(eq(documents.id, documentId));
  if (!doc?.by) return false;
  const freshSince = new Date(Date.now() - staleJobMs);
  const mine = and(eq(documents.uploadedBy, doc.by), first ? sql`${documents.id} < ${documentId}` : ne(documents.id, documentId), running[stage](freshSince));
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${mine})::int`,
      others: sql<number>`count(*) filter (where ${documents.uploadedBy} is distinct from ${doc.by} and ${waiting[stage]()})::int`,
    })
    .from(documents)
    .where(or(running[stage](freshSince), waiting[stage]()));
  return (row?.mine ?? 0) > 0 && (row?.others ?? 0) > 0;
}

/** True when the document's job should not start: its uploader already has one running and someone else's waits. */
export function yieldsSlot(db: Db, documentId: string, stage: Stage, staleJobMs: number): Promise<boolean> {
  return othersWaitOn(db, documentId, stage, staleJobMs, false);
}

/** True when a document being read should give its slot back: the later of its uploader's running ones, someone else's waiting. */
export function givesSlotBack(db: Db, documentId: string, stage: Stage, staleJobMs: number): Promise<boolean> {
  return othersWaitOn(db, documentId, stage, staleJobMs, true);
}
