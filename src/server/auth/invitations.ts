// One-time invitations: a member invites an email; the link's random token is shown once and only its
// SHA-256 is stored. An invitation is valid for INVITATION_DAYS, until it is used or revoked.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createHash, randomBytes } from 'node:crypto';
import { displayName } from '../../contract/auth.ts';
import { INVITATION_DAYS, type Invitation, type InvitationPreview, type InvitationStatus } from '../../contract/people.ts';
import { recordAudit, type Actor, type Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { invitations, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';

type InvitationRow = typeof invitations.$inferSelect;
type Person = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const ref = (p: Person | null) => (p?.id ? { id: p.id, name: displayName(p) } : null);

export function invitationStatus(row: InvitationRow, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function invitationJson(row: InvitationRow, inviter: Person | null, acceptedBy: Person | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    invitedBy: ref(inviter),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row),
    acceptedBy: ref(acceptedBy),
  };
}

export async function createInvitation(db: Db, inviter: Actor & Person, email: string): Promise<{ invitation: Invitation; token: string }> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (member) throw new AppError('conflict', `${email} already has an account`, 'email');
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    const [row] = await tx.insert(invitations).values({ email, tokenHash: digest(token), invitedBy: inviter.id, expiresAt }).returning();
    await recordAudit(tx, inviter, 'invite', 'invitation', row!.id, null, { email, expiresAt: expiresAt.toISOString() });
    return { invitation: invitationJson(row!, inviter, null), token };
  });
}

export async function listInvitations(db: Db): Promise<Invitation[]> {
  const inviter = alias(users, 'inviter');
  const accepted = alias(users, 'accepted');
  const rows = await db
    .select({ row: invitations, inviter, accepted })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .leftJoin(accepted, eq(accepted.id, invitations.acceptedBy))
    .orderBy(desc(invitations.createdAt));
  return rows.map((r) => invitationJson(r.row, r.inviter, r.accepted));
}

export async function revokeInvitation(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'Invitation not found');
    if (row.acceptedAt) throw new AppError('conflict', 'This invitation has already been used; the account exists');
    if (row.revokedAt) return;
    await tx.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, id));
    await recordAudit(tx, actor, 'revoke', 'invitation', id, { email: row.email, status: invitationStatus(row) }, { status: 'revoked' });
  });
}

/** The invitation a token names, whatever its state; a clear 404 when it names none. */
async function byToken(db: Db | Tx, token: string): Promise<InvitationRow> {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, digest(token))).limit(1);
  if (!row) throw new AppError('not_found', 'This invitation link is not valid. Check that you copied all of it, or ask for a new one.');
  return row;
}

function assertUsable(row: InvitationRow): void {
  const status = invitationStatus(row);
  if (status === 'accepted') throw new AppError('not_found', 'This invitation has already been used. Sign in instead, or ask for a new invitation.');
  if (status === 'revoked') throw new AppError('not_found', 'This invitation has been withdrawn. Ask a member of your firm for a new one.');
  if (status === 'expired') throw new AppError('not_found', `This invitation has expired (they are valid for ${INVITATION_DAYS} days). Ask for a new one.`);
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await byToken(db, token);
  assertUsable(row);
  const [inviter] = row.invitedBy ? await db.select().from(users).where(eq(users.id, row.invitedBy)).limit(1) : [];
  return { email: row.email, invitedBy: inviter ? displayName(inviter) : null, expiresAt: row.expiresAt.toISOString() };
}

/** A usable invitation for this token and email, or a 403/404 saying why not. */
export async function usableInvitation(tx: Tx, token: string, email: string): Promise<InvitationRow> {
  const row = await byToken(tx, token);
  assertUsable(row);
  if (row.email !== email) {
    throw new AppError('forbidden', `This invitation is for ${row.email}. Sign up with that address.`, 'email');
  }
  return row;
}

/** A pending invitation for an email a sign-in provider has verified. */
export async function pendingInvitationFor(tx: Tx, email: string): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`)))
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return row ?? null;
}

/** Marks the invitation used by `userId`; fails when it was used or revoked meanwhile. */
export async function acceptInvitation(tx: Tx, id: string, userId: string): Promise<void> {
  const [row] = await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`)))
    .returning({ id: invitations.id });
  if (!row) throw new AppError('not_found', 'This invitation is no longer valid. Ask for a new one.');
}
