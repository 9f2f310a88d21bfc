// A limit per account on password guesses, whatever address they come from. Each attempt is counted as
// a failure before its password is checked (so guesses sent at once cannot all slip through) and the
// count is cleared when the password proves right. After SIGN_IN_FREE_FAILURES failures, every further
// attempt waits: SIGN_IN_DELAY_SECONDS, doubling with each failure, never more than
// SIGN_IN_MAX_DELAY_SECONDS. While it waits no password is checked, the right one included, and the
// answer is 429 with Retry-After. Attempts refused while waiting do not lengthen the wait, so the real
// user is never kept out for longer than the cap. A day without failures starts the count afresh.
//
// The count is kept per email address, known or not, so the answer tells nothing about which
// addresses have accounts; and in PostgreSQL, so every server instance sees the same count.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignInThrottleConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { signInThrottle } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** Failures older than this are forgotten. */
const FORGET_MS = 86_400_000;

export class SignInPaused extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', pausedMessage(retryAfterSeconds));
  }
}

function pausedMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-ins for this account. To keep it safe, sign-in is paused for it: try again in ${wait}.`;
}

/** The wait after `failures` failures (0 while still within the free ones). */
export function delayAfter(failures: number, config: SignInThrottleConfig): number {
  if (failures < config.freeFailures) return 0;
  const doublings = Math.min(failures - config.freeFailures, 40);
  return Math.min(config.delayMs * 2 ** doublings, config.maxDelayMs);
}

/**
 * Counts one attempt for `email` before its password is checked, or throws SignInPaused (429) while
 * the address must wait. Call `signInSucceeded` once the password proves right.
 */
export async function claimSignInAttempt(db: Db, config: SignInThrottleConfig, email: string): Promise<void> {
  const key = email.trim().toLowerCase();
  const waitMs = await db.transaction(async (tx) => {
    await tx.insert(signInThrottle).values({ email: key, failures: 0 }).onConflictDoNothing();
    const { rows } = await tx.execute<{ failures: number; last_failure_at: Date; locked_until: Date | null; now: Date }>(
      sql`select failures, last_failure_at, locked_until, now() as now from sign_in_throttle where email = ${key} for update`,
    );
    const row = rows[0]!;
    const now = new Date(row.now);
    if (row.locked_until && new Date(row.locked_until) > now) return new Date(row.locked_until).getTime() - now.getTime();
    const stale = new Date(row.last_failure_at).getTime() < now.getTime() - FORGET_MS;
    const failures = (stale ? 0 : row.failures) + 1;
    const delay = delayAfter(failures, config);
    await tx
      .update(signInThrottle)
      .set({ failures, lastFailureAt: now, lockedUntil: delay ? new Date(now.getTime() + delay) : null })
      .where(eq(signInThrottle.email, key));
    return 0;
  });
  if (waitMs > 0) throw new SignInPaused(Math.max(1, Math.ceil(waitMs / 1000)));
}

/** The password was right: the address starts afresh. */
export async function signInSucceeded(db: Db, email: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.email, email.trim().toLowerCase()));
}

/** Forgets counts with no failure for a day and no wait left (the scheduled purge calls it). */
export async function purgeSignInThrottle(db: Db): Promise<void> {
  const cutoff = new Date(Date.now() - FORGET_MS);
  await db
    .delete(signInThrottle)
    .where(and(lt(signInThrottle.lastFailureAt, cutoff), or(isNull(signInThrottle.lockedUntil), lt(signInThrottle.lockedUntil, new Date()))));
}
