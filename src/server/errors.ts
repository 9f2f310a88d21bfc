// The one error type routes throw; its code decides the HTTP status. The body is the contract's apiError.
import type { ZodType } from 'zod';

const statusByCode = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
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
