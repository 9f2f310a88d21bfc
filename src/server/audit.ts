// The audit trail: who did what to which entity, when, with the state before and after.
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
