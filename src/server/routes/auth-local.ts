// Local accounts (the default when no OpenID Connect provider is configured): register and sign in.
// Who may register is decided before any account is looked up (auth/membership.ts), so neither a
// refusal nor its timing tells whether an address has an account. Every password check of an existing
// address passes the per-account throttle first (auth/sign-in-throttle.ts).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginBody, registerBody } from '../../contract/auth.ts';
import { recordAudit } from '../audit.ts';
import { acceptInvitation } from '../auth/invitations.ts';
import { admit, assertMayUseAccount, roleForNewAccount } from '../auth/membership.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../auth/password.ts';
import { createSession, setSessionCookie, type SessionUser } from '../auth/sessions.ts';
import { recordFailedSignIn } from '../auth/sign-in-audit.ts';
import { claimSignInAttempt, SignInPaused, signInSucceeded } from '../auth/sign-in-throttle.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError, parseInput } from '../errors.ts';
import { userJson } from './serialize.ts';

export interface AuthRateLimits {
  /** Sign-in attempts per client address per minute. */
  loginPerMinute: number;
  /** Registrations per client address per hour. */
  registerPerHour: number;
}

/** The one answer to a refused password, whether or not the address has an account. */
const INVALID = 'Invalid email or password';

export function localAuthRoutes(app: FastifyInstance, db: Db, config: Config, limits: AuthRateLimits): void {
  /** Counts an attempt on `email`; while it must wait, the refusal is audited and answered 429. */
  const claim = async (req: FastifyRequest, email: string, userId: string | null, detail?: string) => {
    try {
      await claimSignInAttempt(db, config.signInThrottle, email);
    } catch (err) {
      if (err instanceof SignInPaused) {
        await recordFailedSignIn(db, req, { email, userId, method: 'password', reason: 'throttled', ...(detail ? { detail } : {}) });
      }
      throw err;
    }
  };

  const signIn = async (reply: FastifyReply, user: SessionUser, status: number) => {
    const session = await createSession(db, user.id);
    setSessionCookie(reply, session.token, session.expiresAt, config.secureCookies);
    return reply.code(status).send(userJson(user));
  };

  app.post(
    '/api/auth/local/register',
    { config: { public: true, rateLimit: { max: limits.registerPerHour, timeWindow: '1 hour' } } },
    async (req, reply) => {
      if (config.oidc) throw new AppError('forbidden', 'Accounts are managed by the sign-in provider');
      const body = parseInput(registerBody, req.body);
      assertPasswordAllowed(body.password, { email: body.email });
      const outcome = await db.transaction(async (tx) => {
        const admission = await admit(tx, config, body.email, { inviteToken: body.invite, verified: true });
        const [existing] = await tx.select().from(users).where(eq(users.email, body.email)).limit(1);
        if (existing) return { existing };
        const passwordHash = await hashPassword(body.password);
        const [row] = await tx
          .insert(users)
          .values({
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            passwordHash,
            joinedVia: admission.via,
            role: await roleForNewAccount(tx),
            invitedBy: admission.invitation?.invitedBy ?? null,
          })
          .returning();
        if (admission.invitation) await acceptInvitation(tx, admission.invitation.id, row!.id);
        await recordAudit(tx, { id: row!.id, email: row!.email }, 'register', 'user', row!.id, null, { ...userJson(row!), joinedVia: admission.via });
        return { created: row! };
      });
      if (outcome.created) return signIn(reply, outcome.created, 201);
      // The address has an account: its own password signs in, as a new account would be; any other
      // gets the answer of a refused sign-in. One password check either way, as creating costs one hash.
      const user = outcome.existing;
      await claim(req, body.email, user.id, 'at registration');
      const ok = user.passwordHash ? await verifyPassword(body.password, user.passwordHash) : (await verifyNothing(body.password), false);
      if (!ok) {
        await recordFailedSignIn(db, req, { email: body.email, userId: user.id, method: 'password', reason: 'wrong-password', detail: 'at registration' });
        throw new AppError('unauthorized', INVALID);
      }
      await signInSucceeded(db, body.email);
      assertMayUseAccount(user, config);
      await recordAudit(db, { id: user.id, email: user.email }, 'login', 'user', user.id, null, null);
      return signIn(reply, user, 201);
    },
  );

  app.post(
    '/api/auth/local/login',
    { config: { public: true, rateLimit: { max: limits.loginPerMinute, timeWindow: '1 minute' } } },
    async (req, reply) => {
      if (config.oidc) throw new AppError('forbidden', 'Sign in through the sign-in provider');
      const body = parseInput(loginBody, req.body);
      const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
      // Counted for unknown addresses too, so a pause tells nothing about which have accounts.
      await claim(req, body.email, user?.id ?? null);
      let ok = false;
      if (user?.passwordHash) ok = await verifyPassword(body.password, user.passwordHash);
      else await verifyNothing(body.password); // same time whether or not the account exists
      if (!user || !ok) {
        const reason = user ? 'wrong-password' : 'unknown-email';
        await recordFailedSignIn(db, req, { email: body.email, userId: user?.id ?? null, method: 'password', reason });
        throw new AppError('unauthorized', INVALID);
      }
      await signInSucceeded(db, body.email);
      try {
        assertMayUseAccount(user, config);
      } catch (err) {
        await recordFailedSignIn(db, req, { email: body.email, userId: user.id, method: 'password', reason: 'not-allowed' });
        throw err;
      }
      await recordAudit(db, { id: user.id, email: user.email }, 'login', 'user', user.id, null, null);
      return signIn(reply, user, 200);
    },
  );
}
