// System Status calls against real counts: documents in each index state (one processed for real, the
// others set in the database as the jobs would leave them), the recent documents with a validated
// limit, signed-out refusal; and 'Report an Issue', stored as a conversation and listed for the status page.
import { eq } from 'drizzle-orm';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/contract/documents.ts';
import type { IssueReport, RecentDocs, StatusSummary } from '../../src/contract/status.ts';
import { chatConversations, chatMessages, documents } from '../../src/server/db/schema.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { processed, upload, waitForDocument } from './support/documents.ts';

describe('system status', () => {
  let s: CaseSession;
  let okDoc: DocumentRecord;
  const ids: Record<'pending' | 'error' | 'oldError' | 'none', string> = { pending: '', error: '', oldError: '', none: '' };
  const call = (method: string, url: string, payload?: unknown, cookie: string | null = s.cookie) =>
    s.t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    s = await openCaseSession();
    const brief = (await loadFixture('lettered-tabs')).brief;
    const first: DocumentRecord = (await upload(s.t.app, s.cookie, s.caseId, brief, 'tabs.pdf')).json();
    okDoc = await waitForDocument(s.t.app, s.cookie, first.id, processed);
    expect(okDoc.index_status).toBe('ok');
    const db = s.t.database.db;
    const seed = async (title: string, values: Partial<typeof documents.$inferInsert>) => {
      const [row] = await db.insert(documents).values({ caseId: s.caseId, title, originalName: `${title}.pdf`, ...values }).returning({ id: documents.id });
      return row!.id;
    };
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    ids.pending = await seed('Pending brief', { indexStatus: 'pending', status: 'processing', processWorker: 'worker-b:4242' });
    ids.error = await seed('Failed brief', { indexStatus: 'error', status: 'failed', indexDetectedAt: hoursAgo(2) });
    ids.oldError = await seed('Old failed brief', { indexStatus: 'error', status: 'failed', indexDetectedAt: hoursAgo(30) });
    ids.none = await seed('New brief', { indexStatus: 'none' });
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('is for signed-in people only', async () => {
    for (const url of ['/api/status/summary', '/api/status/recent-docs?limit=12', '/api/status/issue-reports']) {
      expect((await call('GET', url, undefined, null)).statusCode, url).toBe(401);
    }
    expect((await call('POST', '/api/issue-reports', { text: 'x' }, null)).statusCode).toBe(401);
  });

  it('counts documents per index status and lists only the last 24 hours of index errors', async () => {
    const res = await call('GET', '/api/status/summary');
    expect(res.statusCode, res.body).toBe(200);
    const summary: StatusSummary = res.json();
    expect(summary.health.status).toBe('healthy');
    expect(Date.parse(summary.health.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(summary.ready).toEqual({ status: 'ready', services: { database: 'connected', queue: 'running' } });
    const count = (status: string) => summary.counters.find((c) => c.status === status)?.c;
    expect([count('ok'), count('pending'), count('error'), count('none')]).toEqual([1, 1, 2, 1]);
    expect(summary.recentErrors.map((e) => e.id)).toEqual([ids.error]);
    expect(summary.recentErrors[0]!.title).toBe('Failed brief');
    expect(['tesseract-cli', 'tesseract-js']).toContain(summary.ocrEngine);
    // the processed document's jobs ran and finished: nothing waits, nothing runs, nothing failed
    expect(summary.jobs).toEqual({ queued: 0, running: 0, failed24h: 0, oldestWaitingAt: null });
  });

  it('names the worker processes: the one that processed the brief, and one running a document now', async () => {
    const summary: StatusSummary = (await call('GET', '/api/status/summary')).json();
    // the test's workers run in this process (support/documents.ts: startWorkers)
    const here = `${hostname()}:${process.pid}`;
    expect(summary.workers).toEqual(
      [
        { worker: here, running: 0, processed24h: 1, lastProcessedAt: okDoc.index_detected_at },
        { worker: 'worker-b:4242', running: 1, processed24h: 0, lastProcessedAt: null },
      ].sort((a, b) => (a.worker < b.worker ? -1 : 1)),
    );
  });

  it('counts waiting, running and failed jobs, and when the oldest waiting one was queued', async () => {
    // a kind no worker takes: its jobs wait, or run and fail, only as this test says
    const boss = s.t.queue.boss;
    const name = 'status-test-jobs';
    await boss.createQueue(name, { name, retryLimit: 0 });
    const before = Date.now();
    await boss.send(name, { n: 1 });
    await boss.send(name, { n: 2 });
    await boss.send(name, { n: 3 });
    const [running] = await boss.fetch(name);
    const [failing] = await boss.fetch(name);
    await boss.fail(name, failing!.id, { message: 'broken' });
    const summary: StatusSummary = (await call('GET', '/api/status/summary')).json();
    expect({ ...summary.jobs, oldestWaitingAt: undefined }).toEqual({ queued: 1, running: 1, failed24h: 1, oldestWaitingAt: undefined });
    expect(Math.abs(Date.parse(summary.jobs!.oldestWaitingAt!) - before)).toBeLessThan(5_000);
    await boss.complete(name, running!.id);
    await boss.purgeQueue(name);
    const after: StatusSummary = (await call('GET', '/api/status/summary')).json();
    expect(after.jobs).toEqual({ queued: 0, running: 0, failed24h: 1, oldestWaitingAt: null });
  });

  it('lists the most recent documents with their index and links, and validates the limit', async () => {
    const all: RecentDocs = (await call('GET', '/api/status/recent-docs?limit=12')).json();
    expect(all.items.map((d) => d.id)).toEqual([ids.none, ids.oldError, ids.error, ids.pending, okDoc.id]);
    const ok = all.items.find((d) => d.id === okDoc.id)!;
    expect(ok).toMatchObject({ title: okDoc.title, index_status: 'ok', index_count: okDoc.index_count, has_links: false, caseId: s.caseId });
    expect(okDoc.index_count).toBeGreaterThan(0);
    expect(all.items.find((d) => d.id === ids.pending)!.index_count).toBeNull();
    const two: RecentDocs = (await call('GET', '/api/status/recent-docs?limit=2')).json();
    expect(two.items.map((d) => d.id)).toEqual([ids.none, ids.oldError]);
    expect((await call('GET', '/api/status/recent-docs')).json().items).toHaveLength(5);
    for (const bad of ['0', '101', '2.5', 'many']) {
      const res = await call('GET', `/api/status/recent-docs?limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ field: 'limit', message: 'limit must be a whole number from 1 to 100' });
    }
  });

  it('stores an issue report as a conversation and lists it for the status page', async () => {
    const empty = await call('POST', '/api/issue-reports', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'text', message: 'text: Say what happened' });
    const unknown = await call('POST', '/api/issue-reports', { text: 'Tab C', documentId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const badPage = await call('POST', '/api/issue-reports', { text: 'Tab C', page: 'https://elsewhere.example/x' });
    expect(badPage.json().field).toBe('page');

    const res = await call('POST', '/api/issue-reports', { text: '  Tab C links to the wrong page  ', documentId: okDoc.id, page: `/cases/${s.caseId}/review` });
    expect(res.statusCode, res.body).toBe(201);
    const general = await call('POST', '/api/issue-reports', { text: 'The upload froze at 80%' });
    expect(general.statusCode).toBe(201);

    const listed: IssueReport[] = (await call('GET', '/api/status/issue-reports')).json();
    expect(listed.map((r) => r.text)).toEqual(['The upload froze at 80%', 'Tab C links to the wrong page']);
    const caseNumber = (await call('GET', `/api/cases/${s.caseId}`)).json().caseNumber as string;
    expect(caseNumber).toMatch(/^CV-/);
    expect(listed[1]).toMatchObject({ documentId: okDoc.id, documentTitle: okDoc.title, caseNumber, page: `/cases/${s.caseId}/review`, reportedBy: 'Ada Lovelace' });
    expect(listed[0]).toMatchObject({ documentId: null, documentTitle: null, caseNumber: null, page: null });

    const db = s.t.database.db;
    const [conv] = await db.select().from(chatConversations).where(eq(chatConversations.id, res.json().id));
    expect(conv).toMatchObject({ title: 'Issue report', documentId: okDoc.id, caseId: s.caseId });
    const msgs = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, conv!.id));
    expect(msgs.map((m) => m.content).sort()).toEqual([`/cases/${s.caseId}/review`, 'Tab C links to the wrong page']);
  });

  it('keeps the screenshot sent with a report when it is a PNG or JPEG image, and refuses anything else', async () => {
    // a 1 × 1 PNG image
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const res = await call('POST', '/api/issue-reports', { text: 'The review page shows a blank viewer', screenshot: png });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ text: 'The review page shows a blank viewer', screenshot: png });
    const listed: IssueReport[] = (await call('GET', '/api/status/issue-reports')).json();
    expect(listed.find((r) => r.id === res.json().id)?.screenshot).toBe(png);

    // text that says it is a PNG, another kind of image, and one over the size limit
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`;
    const big = `data:image/jpeg;base64,${Buffer.alloc(2 * 1024 * 1024 + 10, 0xff).toString('base64')}`;
    for (const screenshot of [fake, gif, big]) {
      const refused = await call('POST', '/api/issue-reports', { text: 'x', screenshot });
      expect(refused.statusCode, screenshot.slice(0, 30)).toBe(400);
      expect(refused.json().field).toBe('screenshot');
    }
    expect((await call('GET', '/api/status/issue-reports')).json()).toHaveLength(listed.length);
  });
});
