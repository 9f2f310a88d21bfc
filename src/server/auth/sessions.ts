// Sessions live in the database. The cookie carries a random token; only its SHA-256 is stored.
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export const SESSION_COOKIE = 'brieflink_session';
const SESSION_DAYS = 14;

export type SessionUser = typeof users.$inferSelect;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: digest(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function userForToken(db: Db, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, digest(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, digest(token)));
}

/** Signs a user out on every device, or on every device but the one holding `keepToken`. */
export async function endSessionsOf(db: Db | Tx, userId: string, keepToken?: string): Promise<number> {
  const keep = keepToken ? ne(sessions.tokenHash, digest(keepToken)) : undefined;
  const ended = await db.delete(sessions).where(and(eq(sessions.userId, userId), keep)).returning({ id: sessions.id });
  return ended.length;
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
