/**
 * The browser's API client (spec §7, §8): JSON with credentials, a 30-minute time-out, 204 → null,
 * and every failed request turned into an ApiRequestError whose message is a sentence a person can read:
 * the server's own explanation (`message` of its JSON error body), else a short plain-text body, else a
 * sentence for the status. Never the raw body: a JSON or HTML answer is not shown to anyone.
 */

export const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;

/** What a status means to the person who made the request, when the server did not say more. */
const STATUS_SENTENCES: Record<number, string> = {
  400: 'The request was not accepted; check what you entered and try again.',
  401: 'You are not signed in; sign in and try again.',
  403: 'You may not do this.',
  404: 'This was not found; it may have been deleted.',
  409: 'This cannot be done in the current state; refresh and try again.',
  413: 'The file is too large.',
  429: 'Rate limit reached',
  500: 'The server ran into a problem; try again shortly.',
  502: 'The server is not answering; try again shortly.',
  503: 'The service is unavailable; try again shortly.',
  504: 'The server took too long to answer; try again shortly.',
  507: 'The server is out of space and nothing was saved.',
};

export const NETWORK_ERROR = 'The server could not be reached; check your connection and try again.';
export const TIMEOUT_ERROR = 'The server took too long to answer; try again shortly.';

/** The sentence for a status the server explained no further. */
export function statusSentence(status: number, statusText = ''): string {
  const known = STATUS_SENTENCES[status];
  if (known) return known;
  if (status >= 500) return STATUS_SENTENCES[500]!;
  if (status >= 400) return STATUS_SENTENCES[400]!;
  return statusText ? `The request failed (${statusText}).` : `The request failed (${status}).`;
}

export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's own explanation (`message` of the JSON error body), when it sent one. */
  readonly reason: string | null;
  readonly field: string | null;

  constructor(status: number, bodyText: string, statusText: string) {
    const parsed = parseErrorBody(bodyText);
    super(status === 429 ? statusSentence(429) : (parsed.message ?? plainText(bodyText) ?? statusSentence(status, statusText)));
    this.name = 'ApiRequestError';
    this.status = status;
    this.reason = parsed.message;
    this.field = parsed.field;
  }
}

function parseErrorBody(text: string): { message: string | null; field: string | null } {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { message, field } = body as { message?: unknown; field?: unknown };
      return {
        message: typeof message === 'string' && message.trim() ? message.trim() : null,
        field: typeof field === 'string' ? field : null,
      };
    }
  } catch {
    // not JSON
  }
  return { message: null, field: null };
}

/** A body worth showing as it is: one short line of plain words (no JSON, no markup). */
function plainText(text: string): string | null {
  const t = text.trim();
  if (!t || t.length > 200 || /[\n\r]/.test(t) || /^[[{<]/.test(t)) return null;
  return t;
}

/**
 * An error of a sign-in form: like errorReason, except that a pause of the account's sign-in (429
 * with the server's own sentence, saying how long to wait) is shown as the server says it.
 */
export function signInErrorReason(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429 && error.reason) return error.reason;
  return errorReason(error);
}

/** What to show a person for an error: always a sentence, never a response body. */
export function errorReason(error: unknown): string {
  if (error instanceof Error) return error.message || 'An unexpected error occurred';
  return typeof error === 'string' && error ? error : 'An unexpected error occurred';
}

/** The request, or a sentence-bearing error when the server cannot be reached or takes too long. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    throw new Error(name === 'TimeoutError' ? TIMEOUT_ERROR : NETWORK_ERROR, { cause: error });
  }
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await send(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) {
    if (res.status === 429) console.warn('Rate limit reached - backing off');
    const text = await res.text().catch(() => '');
    throw new ApiRequestError(res.status, text, res.statusText);
  }
  if (res.status === 204) return null as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** GET that answers null instead of throwing when the visitor is signed out. */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
