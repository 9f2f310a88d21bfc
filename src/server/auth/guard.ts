// Resolves the signed-in user from the session cookie on every request, checks the Origin of every
// state-changing request, and answers 401 on every /api route not marked public when signed out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { checkOrigin } from './origin.ts';
import { SESSION_COOKIE, userForToken, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable signed out. */
    public?: boolean;
  }
}

export function installGuard(app: FastifyInstance, db: Db, appUrl: string | undefined): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    checkOrigin(req, appUrl);
    // Decided by the route the request reaches, not by how its path is spelt: the router decodes
    // percent-escapes, so '/%61pi/cases' reaches '/api/cases' while req.url does not start with '/api/'.
    const isApi = isApiPath(req.routeOptions.url) || isApiPath(req.url);
    if (!isApi) return; // the web app's files need no session
    const isPublic = req.routeOptions.config?.public === true;
    const lookup = userForToken(db, req.cookies[SESSION_COOKIE]);
    // Health and readiness must answer even when the database does not.
    req.user = isPublic ? await lookup.catch(() => null) : await lookup;
    const known = req.routeOptions.url !== undefined;
    if (known && !isPublic && !req.user) {
      throw new AppError('unauthorized', 'You are not signed in');
    }
  });
}

function isApiPath(path: string | undefined): boolean {
  return path !== undefined && (path === '/api' || path.startsWith('/api/') || path.startsWith('/api?'));
}

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('unauthorized', 'You are not signed in');
  return req.user;
}

export const ADMINS_ONLY = 'Only an administrator of your firm can do this. Ask one of them on the People page.';

/** The signed-in user when an administrator of the firm; 403 for a member. */
export function requireAdmin(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (user.role !== 'admin') throw new AppError('forbidden', ADMINS_ONLY);
  return user;
}
