// Refused sign-ins go to the audit trail: which address was tried, from where (client address and
// browser), when, and why it was refused. Never the password.
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';

export type SignInRefusal = 'unknown-email' | 'wrong-password' | 'not-allowed' | 'provider-refused' | 'throttled';

export async function recordFailedSignIn(
  db: Db,
  req: FastifyRequest,
  attempt: { email: string | null; userId?: string | null; method: 'password' | 'oidc'; reason: SignInRefusal; detail?: string },
): Promise<void> {
  const userAgent = req.headers['user-agent'];
  await recordAudit(db, null, 'login-failed', 'user', attempt.userId ?? null, null, {
    email: attempt.email,
    method: attempt.method,
    reason: attempt.reason,
    ...(attempt.detail ? { detail: attempt.detail.slice(0, 300) } : {}),
    ip: req.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
  }).catch((err: unknown) => req.log.warn({ err }, 'failed sign-in not audited'));
}
