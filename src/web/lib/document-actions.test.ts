import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from './api.ts';
import { CancelledError, sendConfirming } from './document-actions.ts';

const CONFIRM = JSON.stringify({ error: 'conflict', message: 'This document has been reviewed. Building its links again replaces the review; confirm to go on.', field: 'confirm' });

describe('a rebuild of a reviewed document asks the person first', () => {
  const g = globalThis as { window?: { confirm: (m: string) => boolean } };
  afterEach(() => delete g.window);

  it('sends again confirmed when the person agrees, after showing the server’s words', async () => {
    const asked: string[] = [];
    g.window = { confirm: (m) => (asked.push(m), true) };
    const sent: boolean[] = [];
    const out = await sendConfirming(async (confirm) => {
      sent.push(confirm);
      if (!confirm) throw new ApiRequestError(409, CONFIRM, 'Conflict');
      return 'rebuilt';
    });
    expect(out).toBe('rebuilt');
    expect(sent).toEqual([false, true]);
    expect(asked).toEqual(['This document has been reviewed. Building its links again replaces the review; confirm to go on.']);
  });

  it('changes nothing when the person declines, and passes other errors on unasked', async () => {
    g.window = { confirm: () => false };
    const sent: boolean[] = [];
    await expect(sendConfirming(async (confirm) => {
      sent.push(confirm);
      throw new ApiRequestError(409, CONFIRM, 'Conflict');
    })).rejects.toBeInstanceOf(CancelledError);
    expect(sent).toEqual([false]);
    g.window = { confirm: () => { throw new Error('not asked'); } };
    await expect(sendConfirming(async () => { throw new ApiRequestError(500, '', 'Server Error'); })).rejects.toMatchObject({ status: 500 });
  });
});
