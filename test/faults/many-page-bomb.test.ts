// A many-page bomb: 2,000 pages that all draw one 30 MB stream, a file of a few hundred KB, each page
// under the page limit. Two copies uploaded by one person, then an ordinary brief by another:
// - with the default limits both copies are refused at once by the drawing budget of the whole
//   document, and the brief is read as if alone;
// - with that budget lifted (the copies now read at over a second a page), the second copy gives its
//   slot to the other person's brief, which is read while the copies run; deleting the copies stops
//   their work within seconds, and the slots are free again.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBombPdf } from '../fixtures/bomb.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp } from '../api/support/app.ts';
import { openCaseSession, type CaseSession } from '../api/support/case-session.ts';
import { processed, upload, waitForDocument } from '../api/support/documents.ts';
import { figures } from './support/server.ts';

let s: CaseSession | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

async function count(session: CaseSession, where: ReturnType<typeof sql>): Promise<number> {
  const rows = await session.t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'document-process' and ${where}`);
  return Number((rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n ?? 0);
}
const activeReads = (session: CaseSession) => count(session, sql`state = 'active'`);
/** Readings that stopped to give their slot to someone else's document (the job's result says so). */
const slotsGiven = (session: CaseSession) => count(session, sql`state = 'completed' and output->>'yielded' = 'true'`);

describe('a many-page bomb', () => {
  it('is refused at once by the budget of the whole document, twice, while another person’s brief is read', async () => {
    s = await openCaseSession();
    const { t, cookie, caseId } = s;
    const other = (await signUp(t.app)).cookie;
    const f = await loadFixture('brief-400');
    const bomb = await buildBombPdf(2000, 30);

    let started = Date.now();
    const alone = (await upload(t.app, other, caseId, f.brief, 'alone.pdf')).json();
    await waitForDocument(t.app, other, alone.id, processed, 120_000);
    const aloneMs = Date.now() - started;

    started = Date.now();
    const copies = [(await upload(t.app, cookie, caseId, bomb, 'bomb-1.pdf')).json(), (await upload(t.app, cookie, caseId, bomb, 'bomb-2.pdf')).json()];
    const brief = (await upload(t.app, other, caseId, f.brief, 'brief.pdf')).json();
    const [b1, b2, done] = await Promise.all([
      ...copies.map((c) => waitForDocument(t.app, cookie, c.id, processed, 120_000).then((d) => ({ d, ms: Date.now() - started }))),
      waitForDocument(t.app, other, brief.id, processed, 120_000).then((d) => ({ d, ms: Date.now() - started })),
    ]);
    for (const b of [b1!, b2!]) {
      expect(b.d.status).toBe('failed');
      expect(b.d.failureReason).toMatch(/^This PDF would take too long to read: its first \d+ of 2000 pages already draw more than 2048 MB of drawing instructions/);
      expect(b.d.failureReason).toMatch(/Retry once the limits are raised \(PDF_DRAWING_BUDGET_MB\)/);
    }
    expect(done!.d).toMatchObject({ status: 'completed', index_count: f.truth.items.length });
    expect(done!.ms).toBeLessThan(aloneMs * 2 + 10_000);
    figures('many-page bomb (2,000 pages drawing one 30 MB stream) x2 beside a 13-tab brief', {
      bombKb: Math.round(bomb.length / 1024),
      bombRefusedMs: Math.max(b1!.ms, b2!.ms),
      briefAloneMs: aloneMs,
      briefBesideBombsMs: done!.ms,
    });
  });

  it('with its budget lifted, gives a slot to another person’s brief, and stops within seconds once deleted', async () => {
    // (and time enough that a loaded machine's pace does not refuse them while the test runs)
    s = await openCaseSession({ env: { PDF_DRAWING_BUDGET_MB: '1048576', PDF_MAX_SECONDS: '604800' } });
    const { t, cookie, caseId } = s;
    const other = (await signUp(t.app)).cookie;
    const f = await loadFixture('brief-400');
    const bomb = await buildBombPdf(2000, 30);

    const copies = [(await upload(t.app, cookie, caseId, bomb, 'bomb-1.pdf')).json(), (await upload(t.app, cookie, caseId, bomb, 'bomb-2.pdf')).json()];
    // both copies take the two slots: nobody else waits yet
    for (const c of copies) await waitForDocument(t.app, cookie, c.id, (d) => d.status === 'processing', 60_000);
    const started = Date.now();
    const brief = (await upload(t.app, other, caseId, f.brief, 'brief.pdf')).json();
    const done = await waitForDocument(t.app, other, brief.id, processed, 240_000);
    const briefMs = Date.now() - started;
    expect(done).toMatchObject({ status: 'completed', index_count: f.truth.items.length });
    // the copies are still being read (or wait their turn), neither failed
    for (const c of copies) {
      const d = await waitForDocument(t.app, cookie, c.id, () => true);
      expect(['processing', 'queued']).toContain(d.status);
    }

    const deleted = Date.now();
    for (const c of copies) expect((await t.app.inject({ method: 'DELETE', url: `/api/documents/${c.id}`, headers: { cookie } })).statusCode).toBeLessThan(300);
    while ((await activeReads(s)) > 0) {
      if (Date.now() - deleted > 30_000) throw new Error('the deleted copies are still being read after 30 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    const stoppedMs = Date.now() - deleted;
    expect(stoppedMs).toBeLessThan(10_000);
    expect(await slotsGiven(s)).toBeGreaterThanOrEqual(1);
    figures('many-page bomb x2 read slowly, then another person’s brief, then the copies deleted', {
      briefWithBombsRunningMs: briefMs,
      briefPages: done.pageCount ?? 0,
      deletedToSlotsFreeMs: stoppedMs,
    });
  });
});
