// Sign-in entry points shared by both modes: who am I, sign in, sign out, the OIDC callback, and the
// public settings the sign-in and legal screens show.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../../contract/auth.ts';
import { recordAudit } from '../audit.ts';
import { assertEmailAllowed } from '../auth/email-domains.ts';
import type { OidcClient, OidcIdentity, OidcTransaction } from '../auth/oidc.ts';
import { clearSessionCookie, createSession, endSession, SESSION_COOKIE, setSessionCookie } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { userJson } from './serialize.ts';

const TX_COOKIE = 'brieflink_oidc';

function publicBase(req: FastifyRequest, config: Config): string {
  return config.appUrl ?? `${req.protocol}://${req.host}`;
}

async function upsertOidcUser(db: Db, id: OidcIdentity) {
  return db.transaction(async (tx) => {
    const [bySubject] = await tx.select().from(users).where(eq(users.oidcSubject, id.subject)).limit(1);
    const profile = { email: id.email, firstName: id.firstName, lastName: id.lastName, profileImageUrl: id.picture };
    if (bySubject) {
      const [row] = await tx.update(users).set({ ...profile, updatedAt: new Date() }).where(eq(users.id, bySubject.id)).returning();
      return row!;
    }
    if (id.email) {
      const [byEmail] = await tx.select().from(users).where(eq(users.email, id.email)).limit(1);
      if (byEmail) {
        // Only a provider-verified email may take over an existing account of the same address.
        if (!id.emailVerified) throw new AppError('conflict', 'An account with this email already exists');
        const [row] = await tx
          .update(users)
          .set({ ...profile, oidcSubject: id.subject, updatedAt: new Date() })
          .where(eq(users.id, byEmail.id))
          .returning();
        return row!;
      }
    }
    const [row] = await tx.insert(users).values({ ...profile, oidcSubject: id.subject }).returning();
    await recordAudit(tx, { id: row!.id, email: row!.email }, 'register', 'user', row!.id, null, userJson(row!));
    return row!;
  });
}

export function authRoutes(app: FastifyInstance, db: Db, config: Config, oidc: OidcClient | null): void {
  app.get('/api/auth/config', { config: { public: true } }, async (): Promise<AuthConfig> => ({
    mode: oidc ? 'oidc' : 'local',
    maxUploadMb: config.maxUploadMb,
    retentionDays: config.retentionDays,
    publicHost: config.publicHost ?? null,
    appUrl: config.appUrl ?? null,
  }));

  app.get('/api/auth/user', { config: { public: true } }, async (req) => {
    if (!req.user) throw new AppError('unauthorized', 'You are not signed in');
    return userJson(req.user);
  });

  app.get('/api/login', { config: { public: true } }, async (req, reply: FastifyReply) => {
    if (!oidc) return reply.redirect('/signin');
    const { url, transaction } = await oidc.authorizationUrl(`${publicBase(req, config)}/api/callback`);
    reply.setCookie(TX_COOKIE, JSON.stringify(transaction), {
      path: '/api/callback',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: 600,
    });
    return reply.redirect(url.href);
  });

  app.get('/api/callback', { config: { public: true } }, async (req, reply) => {
    if (!oidc) throw new AppError('not_found', 'Sign-in provider is not configured');
    let transaction: OidcTransaction;
    try {
      transaction = JSON.parse(req.cookies[TX_COOKIE] ?? '') as OidcTransaction;
    } catch {
      throw new AppError('unauthorized', 'Sign-in expired; please sign in again');
    }
    reply.clearCookie(TX_COOKIE, { path: '/api/callback' });
    const identity = await oidc.complete(new URL(req.url, publicBase(req, config)), transaction);
    // Only an address the provider vouches for proves membership of an allowed domain.
    assertEmailAllowed(identity.emailVerified ? identity.email : null, config.allowedEmailDomains);
    const user = await upsertOidcUser(db, identity);
    const session = await createSession(db, user.id);
    await recordAudit(db, { id: user.id, email: user.email }, 'login', 'user', user.id, null, null);
    setSessionCookie(reply, session.token, session.expiresAt, config.secureCookies);
    return reply.redirect('/');
  });

  app.get('/api/logout', { config: { public: true } }, async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (req.user) await recordAudit(db, { id: req.user.id, email: req.user.email }, 'logout', 'user', req.user.id, null, null);
    await endSession(db, token);
    clearSessionCookie(reply, config.secureCookies);
    return reply.redirect('/');
  });
}
