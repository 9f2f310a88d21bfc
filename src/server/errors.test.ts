import { describe, expect, it } from 'vitest';
import { PdfTaskError, failureText } from './documents/pdf-task.ts';
import { AppError, faultError, isDatabaseUnavailable, isOutOfSpace } from './errors.ts';

/** An error as Drizzle throws it: its own message, the driver's error in `cause`. */
function wrapped(cause: object): Error {
  return Object.assign(new Error('Failed query: insert into "documents" ...'), { cause });
}

describe('faults of the machine', () => {
  it('tells a database out of reach from a query that was wrong', () => {
    expect(isDatabaseUnavailable(wrapped({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505', message: 'duplicate key value violates unique constraint' }))).toBe(false);
    expect(isDatabaseUnavailable(wrapped({ code: '42P01', message: 'relation "x" does not exist' }))).toBe(false);
  });

  it('answers 503 and 507 with their messages, and leaves other errors alone', () => {
    expect(faultError(wrapped({ code: 'ECONNREFUSED' }))?.toBody()).toEqual({ error: 'unavailable', message: 'The database is unavailable; try again shortly' });
    expect(faultError(wrapped({ code: 'ECONNREFUSED' }))?.status).toBe(503);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(isOutOfSpace(full)).toBe(true);
    expect(faultError(full)?.toBody()).toEqual({ error: 'insufficient_storage', message: 'The server is out of space and nothing was saved' });
    expect(faultError(full)?.status).toBe(507);
    expect(faultError(new Error('something else'))).toBeNull();
    expect(faultError(new AppError('not_found', 'Case not found'))).toBeNull();
  });

  it('tells the user a full disk in words, not as the system error', () => {
    // as a document's processing ends on it: the worker thread passes on the error's text only
    const fromWorker = new PdfTaskError('internal', 'ENOSPC: no space left on device, write');
    const quota = Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' });
    for (const err of [fromWorker, quota, wrapped({ code: 'ENOSPC', message: 'ENOSPC: no space left on device, write' })]) {
      const text = failureText(err);
      expect(text).toBe('The server ran out of disk space. Nothing already saved was lost; try again once space has been freed.');
      expect(text).not.toMatch(/ENOSPC|EDQUOT|no space left/);
    }
    expect(failureText(new PdfTaskError('internal', 'something else broke'))).toBe('Processing failed: something else broke');
  });
});
