// A decompression bomb (three pages of 200 MB of drawing instructions each, a file of about 200 KB)
// uploaded together with a normal 13-tab brief of about 400 pages: the bomb fails at once with its
// reason and can be retried; the brief is processed in about the time it takes alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBombPdf } from '../fixtures/bomb.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from '../api/support/case-session.ts';
import { processed, upload, waitForDocument } from '../api/support/documents.ts';
import { figures } from './support/server.ts';

describe('a decompression bomb beside a normal brief', () => {
  let s: CaseSession;
  beforeAll(async () => {
    s = await openCaseSession();
  });
  afterAll(async () => s?.close());

  it('is refused while the brief finishes on time', async () => {
    const { t, cookie, caseId } = s;
    const f = await loadFixture('brief-400');
    const bomb = await buildBombPdf(3, 200);

    // The brief alone, for comparison.
    let started = Date.now();
    const alone = (await upload(t.app, cookie, caseId, f.brief, 'alone.pdf')).json();
    expect(await waitForDocument(t.app, cookie, alone.id, processed, 120_000)).toMatchObject({ status: 'completed', index_count: 13 });
    const aloneMs = Date.now() - started;

    // The bomb first, then the brief.
    started = Date.now();
    const b = (await upload(t.app, cookie, caseId, bomb, 'bomb.pdf')).json();
    const brief = (await upload(t.app, cookie, caseId, f.brief, 'brief.pdf')).json();
    const [bombDone, briefDone] = await Promise.all([
      waitForDocument(t.app, cookie, b.id, processed, 120_000).then((d) => ({ d, ms: Date.now() - started })),
      waitForDocument(t.app, cookie, brief.id, processed, 120_000).then((d) => ({ d, ms: Date.now() - started })),
    ]);
    expect(bombDone.d.status).toBe('failed');
    expect(bombDone.d.failureReason).toMatch(/^This PDF needs more memory than allowed: page 1 decompresses to more than 32 MB of drawing instructions/);
    expect(briefDone.d).toMatchObject({ status: 'completed', index_count: f.truth.items.length });
    // On time: no more than the brief alone plus a margin for sharing two cores with the refusal.
    expect(briefDone.ms).toBeLessThan(aloneMs * 2 + 10_000);

    // It can be retried (and fails again the same way, quickly).
    const retry = await t.app.inject({ method: 'POST', url: `/api/documents/${b.id}/retry`, headers: { cookie } });
    expect(retry.statusCode).toBeLessThan(300);
    const again = await waitForDocument(t.app, cookie, b.id, (d) => d.status === 'failed' && d.failureReason !== null, 60_000);
    expect(again.failureReason).toMatch(/needs more memory than allowed/);
    figures('decompression bomb beside a 13-tab brief', {
      bombKb: Math.round(bomb.length / 1024),
      bombDecodedMb: 600,
      bombRefusedMs: bombDone.ms,
      briefAloneMs: aloneMs,
      briefBesideBombMs: briefDone.ms,
      briefPages: briefDone.d.pageCount ?? 0,
      briefItems: briefDone.d.index_count,
    });
  });
});
