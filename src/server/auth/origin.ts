// Cross-site request forgery guard for every state-changing request: a browser's Origin (or, lacking
// it, Referer) must name this server (its Host) or the configured APP_URL. Requests a browser marks
// cross-site are refused outright. Clients that send neither header (scripts, curl) are not browsers
// acting on a user's cookie behind their back, and pass.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

export function checkOrigin(req: FastifyRequest, appUrl: string | undefined): void {
  if (safeMethods.has(req.method)) return;
  if (req.headers['sec-fetch-site'] === 'cross-site') {
    throw new AppError('forbidden', 'Cross-site requests are not allowed');
  }
  const origin = req.headers.origin ?? req.headers.referer;
  if (origin === undefined) return;
  const from = origin === 'null' ? null : hostOf(origin);
  const allowed = [req.headers.host?.toLowerCase(), appUrl ? hostOf(appUrl) : null].filter(Boolean);
  if (!from || !allowed.includes(from)) {
    throw new AppError('forbidden', 'Request origin not allowed');
  }
}

/**
 * Whether a GET that changes state (signing out) came from another site: the browser says so
 * (Sec-Fetch-Site other than same-origin or none, which is a typed address or bookmark), or, from a
 * browser that does not send it, the Referer names another host. No header at all is not a browser
 * acting behind the user's back.
 */
export function isCrossSiteNavigation(req: FastifyRequest, appUrl: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const from = req.headers.referer ?? req.headers.origin;
  if (from === undefined) return false;
  const host = from === 'null' ? null : hostOf(from);
  const allowed = [req.headers.host?.toLowerCase(), appUrl ? hostOf(appUrl) : null].filter(Boolean);
  return !host || !allowed.includes(host);
}
