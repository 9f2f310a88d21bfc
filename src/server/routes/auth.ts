// Sign-in entry points shared by both modes: who am I, sign in, sign out, the OIDC callback, and the
// public settings the sign-in and legal screens show.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../../contract/auth.ts';
import { recordAudit } from '../audit.ts';
import type { OidcClient, OidcIdentity, OidcTransaction } from '../auth/oidc.ts';
import { accountForIdentity } from '../auth/oidc-account.ts';
import { isCrossSiteNavigation } from '../auth/origin.ts';
import { clearSessionCookie, createSession, endSession, SESSION_COOKIE, setSessionCookie } from '../auth/sessions.ts';
import { recordFailedSignIn } from '../auth/sign-in-audit.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { sendMessagePage } from '../web/message-page.ts';
import { userJson } from './serialize.ts';

const TX_COOKIE = 'brieflink_oidc';

export function publicBase(req: FastifyRequest, config: Config): string {
  return config.appUrl ?? `${req.protocol}://${req.host}`;
}

export function authRoutes(app: FastifyInstance, db: Db, config: Config, oidc: OidcClient | null): void {
  app.get('/api/auth/config', { config: { public: true } }, async (): Promise<AuthConfig> => ({
    mode: oidc ? 'oidc' : 'local',
    maxUploadMb: config.maxUploadMb,
    retentionDays: config.retentionDays,
    trashDays: config.trashDays,
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

  // The browser lands here from the provider: a refusal is a page to read, not JSON.
  app.get('/api/callback', { config: { public: true } }, async (req, reply) => {
    if (!oidc) throw new AppError('not_found', 'Sign-in provider is not configured');
    let identity: OidcIdentity | null = null;
    try {
      let transaction: OidcTransaction;
      try {
        transaction = JSON.parse(req.cookies[TX_COOKIE] ?? '') as OidcTransaction;
      } catch {
        throw new AppError('unauthorized', 'Sign-in expired; please sign in again');
      }
      reply.clearCookie(TX_COOKIE, { path: '/api/callback' });
      identity = await oidc.complete(new URL(req.url, publicBase(req, config)), transaction);
      const user = await accountForIdentity(db, config, identity);
      const session = await createSession(db, user.id);
      await recordAudit(db, { id: user.id, email: user.email }, 'login', 'user', user.id, null, null);
      setSessionCookie(reply, session.token, session.expiresAt, config.secureCookies);
      return reply.redirect('/');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status >= 500) req.log.error({ err }, err.message);
      const reason = identity ? 'not-allowed' : 'provider-refused';
      await recordFailedSignIn(db, req, { email: identity?.email ?? null, method: 'oidc', reason, detail: err.message });
      const refused = err.status === 403;
      return sendMessagePage(reply, err.status, {
        title: refused ? 'You cannot sign in here yet' : 'Sign-in did not complete',
        message: err.message,
        link: refused ? { href: '/', text: 'Back to Brieflink' } : { href: '/api/login', text: 'Sign in again' },
      });
    }
  });

  app.get('/api/logout', { config: { public: true } }, async (req, reply) => {
    // Another site's link or image must not sign the user out; a click in the app's own menu does.
    if (isCrossSiteNavigation(req, config.appUrl)) {
      return sendMessagePage(reply, 403, {
        title: 'You are still signed in',
        message: 'A sign-out request came from another website, so it was ignored. To sign out, use Log out in the account menu.',
        link: { href: '/', text: 'Back to Brieflink' },
      });
    }
    const token = req.cookies[SESSION_COOKIE];
    if (req.user) await recordAudit(db, { id: req.user.id, email: req.user.email }, 'logout', 'user', req.user.id, null, null);
    await endSession(db, token);
    clearSessionCookie(reply, config.secureCookies);
    return reply.redirect('/');
  });
}
