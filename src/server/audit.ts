// The audit trail: who did what to which entity, when, with the state before and after.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { auditEvents } from './db/schema.ts';

export interface Actor {
  id: string;
  email: string | null;
}

/** A transaction handle, accepted wherever the database handle is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function recordAudit(
  db: Db | Tx,
  actor: Actor | null,
  action: string,
  entity: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await db.insert(auditEvents).values({
    userId: actor?.id ?? null,
    actor: actor?.email ?? null,
    action,
    entity,
    entityId,
    before: before ?? null,
    after: after ?? null,
  });
}

/** Fields of a document's audit rows that name it (its title, alias and file name). */
const documentNameKeys = ['title', 'alias', 'originalName', 'fileName'];

/**
 * Once a document is purged or deleted on request, its audit rows keep who did what and when, and the
 * ids, but no longer its title or file name.
 */
export async function forgetDocumentNames(db: Db | Tx, documentIds: string[]): Promise<void> {
  if (!documentIds.length) return;
  const keys = sql`${sql.raw(`array[${documentNameKeys.map((k) => `'${k}'`).join(',')}]`)}::text[]`;
  const scrub = (column: typeof auditEvents.before | typeof auditEvents.after) =>
    sql`case when jsonb_typeof(${column}) = 'object' then ${column} - ${keys} else ${column} end`;
  await db
    .update(auditEvents)
    .set({ before: scrub(auditEvents.before), after: scrub(auditEvents.after) })
    .where(and(eq(auditEvents.entity, 'document'), inArray(auditEvents.entityId, documentIds)));
}

/** A document as its deletion's audit row keeps it: everything but what names it. */
export function withoutDocumentNames<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !documentNameKeys.includes(k))) as Partial<T>;
}
