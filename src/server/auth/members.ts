// The firm's administrators manage its members: make one an administrator or a member again, or remove
// one. The firm always keeps an administrator: the last one can be neither demoted nor removed. A
// removed member's account goes, and with it every session (signed out on every device at once); the
// audit trail keeps who they were and what they did.
import { and, count, eq, sql } from 'drizzle-orm';
import { displayName } from '../../contract/auth.ts';
import { recordAudit, type Actor, type Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export type Role = 'admin' | 'member';

/** Serialises changes of role and removals, so two at once cannot leave the firm without an admin. */
const ROLES_LOCK = 0x6272_726c; // 'brrl'

export const LAST_ADMIN = 'The firm needs at least one administrator. Make someone else an administrator first.';

async function lockedMember(tx: Tx, id: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLES_LOCK})`);
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'This person is not a member of the firm (any more)');
  return row;
}

async function otherAdmins(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`${users.id} <> ${id}`));
  return row?.n ?? 0;
}

const who = (u: typeof users.$inferSelect) => ({ email: u.email, name: displayName(u), role: u.role });

export async function setRole(db: Db, actor: Actor, id: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, id);
    if (member.role === role) return;
    if (role === 'member' && (await otherAdmins(tx, id)) === 0) throw new AppError('conflict', LAST_ADMIN, 'role');
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, actor, 'change-role', 'user', id, who(member), { ...who(member), role });
  });
}

/** Removes a member: their account and every session go (the audit row counts the sessions ended). */
export async function removeMember(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, id);
    if (member.role === 'admin' && (await otherAdmins(tx, id)) === 0) throw new AppError('conflict', LAST_ADMIN);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    // Written first: an administrator removing themselves is the actor of a row that must exist
    // before their account goes (the row then keeps their email, its user link set to null).
    await recordAudit(tx, actor, 'remove', 'user', id, { ...who(member), joinedVia: member.joinedVia }, { sessionsEnded: ended.length });
    await tx.delete(users).where(eq(users.id, id));
  });
}
