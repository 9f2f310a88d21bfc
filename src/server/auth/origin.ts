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
