// The audit trail of one document: its own entries, those of its references and authorities, and those of its links (kept after a link is
// replaced by a rebuild, found by the link's document in the stored before/after), oldest first;
// at most the newest MAX_ENTRIES.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/review.ts';
import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

const MAX_ENTRIES = 5000;

export async function documentAudit(db: Db, documentId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      or(
        and(eq(auditEvents.entity, 'document'), eq(auditEvents.entityId, documentId)),
        and(
          eq(auditEvents.entity, 'link'),
          or(sql`${auditEvents.before} ->> 'srcDocId' = ${documentId}`, sql`${auditEvents.after} ->> 'srcDocId' = ${documentId}`),
        ),
        // the reviewer's changes of the brief's references to the record
        and(eq(auditEvents.entity, 'reference'), sql`${auditEvents.after} ->> 'documentId' = ${documentId}`),
        // and of the authorities it cites
        and(eq(auditEvents.entity, 'authority'), sql`${auditEvents.after} ->> 'documentId' = ${documentId}`),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(MAX_ENTRIES); // the newest ones when there are more
  return rows.reverse().map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    before: r.before,
    after: r.after,
  }));
}
