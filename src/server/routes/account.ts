// The signed-in person's own account: change the password (the current one proves it is them; every
// other device is signed out) and sign out everywhere. Both are audited, never with a password.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { changePasswordBody } from '../../contract/auth.ts';
import { recordAudit } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearSessionCookie, endSessionsOf, SESSION_COOKIE } from '../auth/sessions.ts';
import { recordFailedSignIn } from '../auth/sign-in-audit.ts';
import { claimSignInAttempt, SignInPaused, signInSucceeded } from '../auth/sign-in-throttle.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError, parseInput } from '../errors.ts';

export const WRONG_CURRENT = 'Your current password is not right';

export function accountRoutes(app: FastifyInstance, db: Db, config: Config): void {
  app.post('/api/account/password', async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(changePasswordBody, req.body);
    if (!user.passwordHash) {
      throw new AppError('conflict', 'You sign in through your firm’s sign-in provider; change your password there.');
    }
    const email = user.email ?? user.id;
    // A guess at the current password is a guess like a sign-in, and counts against the same limit.
    try {
      await claimSignInAttempt(db, config.signInThrottle, email);
    } catch (err) {
      if (err instanceof SignInPaused) {
        await recordFailedSignIn(db, req, { email: user.email, userId: user.id, method: 'password', reason: 'throttled', detail: 'at password change' });
      }
      throw err;
    }
    if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
      await recordFailedSignIn(db, req, { email: user.email, userId: user.id, method: 'password', reason: 'wrong-password', detail: 'at password change' });
      throw new AppError('validation', WRONG_CURRENT, 'currentPassword');
    }
    await signInSucceeded(db, email);
    assertPasswordAllowed(body.newPassword, { email: user.email }, 'newPassword');
    if (await verifyPassword(body.newPassword, user.passwordHash)) {
      throw new AppError('validation', 'The new password is the same as the current one; choose another', 'newPassword');
    }
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      const ended = await endSessionsOf(tx, user.id, req.cookies[SESSION_COOKIE]);
      await recordAudit(tx, user, 'change-password', 'user', user.id, null, { otherSessionsEnded: ended });
    });
    return reply.code(204).send();
  });

  app.post('/api/account/sign-out-everywhere', async (req, reply) => {
    const user = requireUser(req);
    await db.transaction(async (tx) => {
      const ended = await endSessionsOf(tx, user.id);
      await recordAudit(tx, user, 'logout-everywhere', 'user', user.id, null, { sessionsEnded: ended });
    });
    clearSessionCookie(reply, config.secureCookies);
    return reply.code(204).send();
  });
}
