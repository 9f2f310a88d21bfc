// Local accounts (the default when no OpenID Connect provider is configured): register and sign in.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginBody, registerBody } from '../../contract/auth.ts';
import { recordAudit } from '../audit.ts';
import { assertEmailAllowed } from '../auth/email-domains.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../auth/password.ts';
import { createSession, setSessionCookie } from '../auth/sessions.ts';
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

export function localAuthRoutes(app: FastifyInstance, db: Db, config: Config, limits: AuthRateLimits): void {
  app.post(
    '/api/auth/local/register',
    { config: { public: true, rateLimit: { max: limits.registerPerHour, timeWindow: '1 hour' } } },
    async (req, reply) => {
      if (config.oidc) throw new AppError('forbidden', 'Accounts are managed by the sign-in provider');
      const body = parseInput(registerBody, req.body);
      assertEmailAllowed(body.email, config.allowedEmailDomains);
      const passwordHash = await hashPassword(body.password);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email: body.email, firstName: body.firstName, lastName: body.lastName, passwordHash })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        await recordAudit(tx, { id: row.id, email: row.email }, 'register', 'user', row.id, null, userJson(row));
        return row;
      });
      if (!created) throw new AppError('conflict', 'An account with this email already exists', 'email');
      const session = await createSession(db, created.id);
      setSessionCookie(reply, session.token, session.expiresAt, config.secureCookies);
      return reply.code(201).send(userJson(created));
    },
  );

  app.post(
    '/api/auth/local/login',
    { config: { public: true, rateLimit: { max: limits.loginPerMinute, timeWindow: '1 minute' } } },
    async (req, reply) => {
      if (config.oidc) throw new AppError('forbidden', 'Sign in through the sign-in provider');
      const body = parseInput(loginBody, req.body);
      const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
      let ok = false;
      if (user?.passwordHash) ok = await verifyPassword(body.password, user.passwordHash);
      else await verifyNothing(body.password); // same time whether or not the account exists
      if (!user || !ok) throw new AppError('unauthorized', 'Invalid email or password');
      assertEmailAllowed(user.email, config.allowedEmailDomains);
      const session = await createSession(db, user.id);
      await recordAudit(db, { id: user.id, email: user.email }, 'login', 'user', user.id, null, null);
      setSessionCookie(reply, session.token, session.expiresAt, config.secureCookies);
      return userJson(user);
    },
  );
}
