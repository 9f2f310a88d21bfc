// How an error is logged. A database error keeps its statement and PostgreSQL's code, table and
// constraint, never the query's parameters or the values PostgreSQL quotes back (a session-token hash,
// a password hash, an email): Drizzle puts the parameters in its error message, PostgreSQL puts row
// values in `detail` and in some messages.
import pino from 'pino';

type ErrorLike = Error & { cause?: unknown; [key: string]: unknown };

const isErrorLike = (v: unknown): v is ErrorLike => v instanceof Error || (typeof v === 'object' && v !== null && 'message' in v && 'stack' in v);

/** Drizzle's DrizzleQueryError: `query` text and `params` array. */
const isQueryError = (e: ErrorLike) => typeof e.query === 'string' && Array.isArray(e.params);

/** pg's DatabaseError: a five-character SQLSTATE and a severity. */
const isServerError = (e: ErrorLike) => typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);

const SERVER_ERROR_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine', 'position'] as const;

const serverFields = (e: ErrorLike) => Object.fromEntries(SERVER_ERROR_FIELDS.filter((k) => e[k] !== undefined).map((k) => [k, e[k]]));

/** The stack's frames under a new first line (the original first lines carry the message). */
function restack(stack: unknown, head: string): string {
  const lines = typeof stack === 'string' ? stack.split('\n') : [];
  const firstFrame = lines.findIndex((l) => /^\s+at /.test(l));
  return [head, ...(firstFrame >= 0 ? lines.slice(firstFrame) : [])].join('\n');
}

class LoggedDatabaseError extends Error {
  constructor(name: string, message: string, stack: unknown, fields: Record<string, unknown>, cause: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
    Object.assign(this, fields);
    this.stack = restack(stack, `${name}: ${message}`);
  }
}

/** A value PostgreSQL quotes at the end of a message ('invalid input syntax for type uuid: "…"'). */
const quotedValue = /: "[^]*"$/;

function safe(err: unknown, depth = 0): unknown {
  if (!isErrorLike(err) || depth > 5) return err;
  if (isQueryError(err)) {
    // PostgreSQL's code, table and constraint shown beside the statement (a cause's own fields are not logged).
    const server = isErrorLike(err.cause) && isServerError(err.cause) ? serverFields(err.cause) : {};
    return new LoggedDatabaseError('DatabaseQueryError', `Failed query: ${err.query as string}`, err.stack, { query: err.query, ...server }, safe(err.cause, depth + 1));
  }
  if (isServerError(err)) {
    const fields = serverFields(err);
    return new LoggedDatabaseError('DatabaseError', err.message.replace(quotedValue, ': "[redacted]"'), err.stack, fields, safe(err.cause, depth + 1));
  }
  if (err.cause !== undefined) {
    // The error itself is kept as it is; only what it wraps is made safe.
    const view = Object.create(err) as ErrorLike;
    Object.defineProperty(view, 'cause', { value: safe(err.cause, depth + 1), enumerable: false });
    return view;
  }
  return err;
}

export function serializeError(err: unknown): unknown {
  return pino.stdSerializers.err(safe(err) as Error);
}
