/**
 * The browser's API client (spec §7, §8): JSON with credentials, a 30-minute time-out, 204 → null,
 * and every non-ok response turned into an ApiRequestError whose message is '{status}: {body or status text}'.
 */

export const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;

export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's own explanation (`message` of the JSON error body), when it sent one. */
  readonly reason: string | null;
  readonly field: string | null;

  constructor(status: number, bodyText: string, statusText: string) {
    const parsed = parseErrorBody(bodyText);
    const text = status === 429 ? 'Rate limit reached' : bodyText || statusText;
    super(`${status}: ${text}`);
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
        message: typeof message === 'string' && message ? message : null,
        field: typeof field === 'string' ? field : null,
      };
    }
  } catch {
    // not JSON: the raw text is already in the error message
  }
  return { message: null, field: null };
}

/** What to show a person for an error: the server's reason when it gave one, else the error text. */
export function errorReason(error: unknown): string {
  if (error instanceof ApiRequestError) return error.reason ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
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
