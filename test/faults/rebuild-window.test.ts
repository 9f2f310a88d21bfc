// Submissions sent without pause while the links of an approved brief are built again: once the call
// that asked for the rebuild has answered, not one is accepted (the approval went in the transaction that
// queued the rebuild), and the reviewer's decisions are all there once the links are built.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkRecord } from '../../src/contract/documents.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from '../api/support/case-session.ts';
import { getDocument, processed, upload, waitForDocument } from '../api/support/documents.ts';
import { figures } from './support/server.ts';

describe('submissions while the links of an approved brief are built again', () => {
  let s: CaseSession;
  let id: string;
  const call = (method: string, url: string, payload?: object) =>
    s.t.app.inject({ method: method as 'GET', url, headers: { cookie: s.cookie }, ...(payload ? { payload } : {}) });
  const linksOf = async (): Promise<LinkRecord[]> => (await call('GET', `/api/documents/${id}/links`)).json();

  beforeAll(async () => {
    s = await openCaseSession();
    const { brief } = await loadFixture('lettered-tabs');
    id = (await upload(s.t.app, s.cookie, s.caseId, brief, 'lettered.pdf')).json().id;
    await waitForDocument(s.t.app, s.cookie, id, processed);
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [id] })).json().successCount).toBe(1);
    const links = await linksOf();
    await call('PUT', `/api/links/${links[0]!.id}`, { status: 'confirmed' });
    await call('PUT', `/api/links/${links[3]!.id}`, { status: 'removed' });
    await call('PUT', `/api/links/${links[6]!.id}`, { targetPage: links[6]!.targetPage! + 1 });
  }, 180_000);
  afterAll(async () => s?.close());

  it('are all refused once the rebuild was asked for, and no decision is lost', async () => {
    const decided = (ls: LinkRecord[]) => ls.filter((l) => l.status !== 'auto' || l.targetPage !== l.engineTargetPage).map((l) => `${l.id}:${l.status}:${l.targetPage}`).sort();
    const before = decided(await linksOf());
    let tried = 0;
    let accepted = 0;
    let windowMs = 0;
    for (const [url, body] of [
      ['/api/documents/process-hyperlinks', { documentIds: [id], confirm: true }],
      [`/api/documents/${id}/retry`, { confirm: true }],
    ] as const) {
      expect((await call('POST', `/api/documents/${id}/regenerate`)).json().ok).toBe(true);
      expect((await call('POST', `/api/documents/${id}/review`, { approved: true, reviewerName: 'R. Reviewer', unreviewedAccepted: (await call('GET', `/api/documents/${id}`)).json().unreviewedCount })).statusCode).toBe(200);
      const asked = await call('POST', url, body);
      expect(asked.statusCode, asked.body).toBeLessThan(300);
      const started = Date.now();
      // submissions one after the other until the links are built again
      for (;;) {
        const res = await call('POST', '/api/documents/submit-to-court', { documentIds: [id], courtInfo: {} });
        tried++;
        if (res.statusCode === 201) accepted++;
        const d = await getDocument(s.t.app, s.cookie, id);
        if (processed(d) && (d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed')) break;
      }
      windowMs += Date.now() - started;
      expect((await getDocument(s.t.app, s.cookie, id)).aiProcessingStatus).toBe('completed');
    }
    const after = decided(await linksOf());
    figures('rebuild of an approved brief', { rebuilds: 2, submissionsTried: tried, accepted, windowMs, decisionsBefore: before.length, decisionsKept: after.filter((d) => before.includes(d)).length, lost: before.length - after.filter((d) => before.includes(d)).length });
    expect(tried).toBeGreaterThan(2);
    expect(accepted).toBe(0);
    expect(after).toEqual(before);
    expect((await call('GET', `/api/cases/${s.caseId}/submissions`)).json()).toEqual([]);
  }, 180_000);
});
