// The one error type routes throw; its code decides the HTTP status. The body is the contract's apiError.
import type { ZodType } from 'zod';

const statusByCode = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  get status(): number {
    return statusByCode[this.code];
  }
  toBody(): { error: string; message: string; field?: string } {
    return this.field ? { error: this.code, message: this.message, field: this.field } : { error: this.code, message: this.message };
  }
}

export function codeForStatus(status: number): ErrorCode {
  const hit = (Object.entries(statusByCode) as [ErrorCode, number][]).find(([, s]) => s === status);
  return hit ? hit[0] : status >= 500 ? 'internal' : 'validation';
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable; try again shortly';
export const OUT_OF_SPACE = 'The server is out of space and nothing was saved';
/** Why a document's processing (or a PDF written for it) failed on a full disk, in words. */
export const OUT_OF_SPACE_TASK = 'The server ran out of disk space. Nothing already saved was lost; try again once space has been freed.';

/** The error and the errors it wraps (Drizzle puts the driver's error in `cause`). */
function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown; message?: unknown };
  }
}

// Connection-level codes: class 08 (connection exception), 57P01-57P03 (server shutting down or
// starting), 53300 (too many connections), and the socket errors of a server that is not there.
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** True when the error says the database cannot be reached (not that a query was wrong). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** A system error's message once it has lost its code (passed on from a worker thread as text). */
const OUT_OF_SPACE_MESSAGE = /^(ENOSPC|EDQUOT)\b|no space left on device|disk quota exceeded/i;

/** True when a write failed because the disk (or the user's quota) is full. */
export function isOutOfSpace(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
    if (typeof e.message === 'string' && OUT_OF_SPACE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** The AppError a fault of the machine stands for (database gone, disk full), or null. */
export function faultError(err: unknown): AppError | null {
  if (err instanceof AppError) return null;
  if (isOutOfSpace(err)) return new AppError('insufficient_storage', OUT_OF_SPACE);
  if (isDatabaseUnavailable(err)) return new AppError('unavailable', DATABASE_UNAVAILABLE);
  return null;
}

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Validates any request input; a failure is a 400 naming the first offending field. */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const nul = nulPath(value);
  if (nul) {
    const field = nul.length ? nul.join('.') : undefined;
    throw new AppError('validation', `${field ?? 'The input'} must not contain a NUL character`, field);
  }
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.map(String).join('.') : undefined;
  const message =
    issue.code === 'invalid_type' && field && issue.message.startsWith('Invalid input')
      ? `${field} is required`
      : field && !issue.message.includes(field)
        ? `${field}: ${issue.message}`
        : issue.message;
  throw new AppError('validation', message, field);
}
