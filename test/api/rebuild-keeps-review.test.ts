// Every call that builds the links of a document again follows one rule: on an approved document it
// answers 409 naming `confirm` unless confirmed; confirmed, the approval is withdrawn at once (in the
// transaction that queues the rebuild, so a submission right after is refused), and once the links
// are built again the reviewer's decisions on the links that came back the same are still there (a
// confirmed link confirmed, a removed one removed, a page set by the reviewer still set), the audit
// trail saying how many were kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, LinkRecord } from '../../src/contract/documents.ts';
import type { AuditEntry } from '../../src/contract/review.ts';
import { CONFIRM_MESSAGE } from '../../src/server/review/approval-state.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { getDocument, processed, upload, waitForDocument } from './support/documents.ts';

type Call = (id: string, confirm?: boolean) => { method: 'POST'; url: string; payload?: object };

/** The calls that build the links again, each as it is sent, with or without confirm. */
const calls: Array<{ name: string; action: string; waits: boolean; request: Call }> = [
  { name: 'process-hyperlinks', action: 'process-hyperlinks', waits: false, request: (id, confirm) => ({ method: 'POST', url: '/api/documents/process-hyperlinks', payload: { documentIds: [id], ...(confirm ? { confirm } : {}) } }) },
  { name: 'start-hyperlinking', action: 'start-hyperlinking', waits: true, request: (id, confirm) => ({ method: 'POST', url: '/api/documents/start-hyperlinking', payload: { documentIds: [id], ...(confirm ? { confirm } : {}) } }) },
  { name: 'build-document-dynamic', action: 'build-document-dynamic', waits: true, request: (id, confirm) => ({ method: 'POST', url: '/api/build-document-dynamic', payload: { briefPath: id, ...(confirm ? { confirm } : {}) } }) },
  { name: 'retry', action: 'retry', waits: false, request: (id, confirm) => ({ method: 'POST', url: `/api/documents/${id}/retry`, ...(confirm ? { payload: { confirm } } : {}) }) },
  { name: 'relink', action: 'relink', waits: false, request: (id, confirm) => ({ method: 'POST', url: `/api/documents/${id}/relink`, ...(confirm ? { payload: { confirm } } : {}) }) },
  { name: 'reindex', action: 'reindex', waits: false, request: (id, confirm) => ({ method: 'POST', url: `/api/documents/${id}/reindex`, ...(confirm ? { payload: { confirm } } : {}) }) },
];

describe('a rebuild of the links of an approved document', () => {
  let s: CaseSession;
  let doc: DocumentRecord;
  let confirmed: LinkRecord;
  let removed: LinkRecord;
  let overridden: LinkRecord;
  let newPage: number;
  const call = (method: string, url: string, payload?: unknown) =>
    s.t.app.inject({ method: method as 'GET', url, headers: { cookie: s.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const send = (r: ReturnType<Call>) => s.t.app.inject({ ...r, headers: { cookie: s.cookie } });
  const linksOf = async (): Promise<LinkRecord[]> => (await call('GET', `/api/documents/${doc.id}/links`)).json();
  const audit = async (): Promise<AuditEntry[]> => (await call('GET', `/api/documents/${doc.id}/audit`)).json();
  const submit = () => call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: {} });
  const rebuilt = (d: DocumentRecord) => processed(d) && (d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed');
  const approve = async () => {
    const regen = await call('POST', `/api/documents/${doc.id}/regenerate`);
    expect(regen.json().ok, regen.body).toBe(true);
    const res = await call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName: 'R. Reviewer', unreviewedAccepted: (await call('GET', `/api/documents/${doc.id}`)).json().unreviewedCount });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviewStatus).toBe('approved');
  };

  beforeAll(async () => {
    s = await openCaseSession();
    const { brief } = await loadFixture('lettered-tabs');
    doc = (await upload(s.t.app, s.cookie, s.caseId, brief, 'lettered.pdf')).json();
    await waitForDocument(s.t.app, s.cookie, doc.id, processed);
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] })).json().successCount).toBe(1);
    const links = await linksOf();
    expect(links).toHaveLength(11);
    [confirmed, removed, overridden] = [links[0]!, links[3]!, links[6]!];
    newPage = overridden.targetPage! + 1;
    // the review: one link confirmed, one removed, one sent to a page of the reviewer's
    expect((await call('PUT', `/api/links/${confirmed.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/links/${removed.id}`, { status: 'removed' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/links/${overridden.id}`, { targetPage: newPage })).statusCode).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  /** The reviewer's three decisions, on the same links (same ids), the other eight links as the engine built them. */
  async function expectDecisionsKept() {
    const after = await linksOf();
    expect(after).toHaveLength(11);
    const byItem = (l: LinkRecord) => after.find((a) => a.itemOrdinal === l.itemOrdinal)!;
    expect(byItem(confirmed)).toMatchObject({ id: confirmed.id, status: 'confirmed', targetPage: confirmed.targetPage });
    expect(byItem(removed)).toMatchObject({ id: removed.id, status: 'removed' });
    expect(byItem(overridden)).toMatchObject({ id: overridden.id, targetPage: newPage, engineTargetPage: overridden.targetPage, why: 'page set by the reviewer' });
    const others = after.filter((a) => ![confirmed, removed, overridden].some((l) => l.itemOrdinal === a.itemOrdinal));
    expect(others).toHaveLength(8);
    expect(others.every((l) => l.status === 'auto' && l.targetPage === l.engineTargetPage)).toBe(true);
  }

  for (const c of calls) {
    it(`${c.name}: 409 without confirm; confirmed, the approval goes at once and the review stays`, async () => {
      await approve();
      const asked = await send(c.request(doc.id));
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json()).toMatchObject({ field: 'confirm', message: CONFIRM_MESSAGE });
      expect(await getDocument(s.t.app, s.cookie, doc.id)).toMatchObject({ reviewStatus: 'approved', aiProcessingStatus: 'completed' });
      const seen = (await audit()).length;

      const going = send(c.request(doc.id, true));
      if (c.waits) {
        // the call answers once the links are built; meanwhile the document is no longer approved
        await waitForDocument(s.t.app, s.cookie, doc.id, (d) => d.reviewStatus === null, 30_000);
      } else {
        const res = await going;
        expect(res.statusCode, res.body).toBeLessThan(300);
        expect((await getDocument(s.t.app, s.cookie, doc.id)).reviewStatus).toBeNull();
      }
      const refused = await submit();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('is not approved');
      expect((await going).statusCode).toBeLessThan(300);
      const done = await waitForDocument(s.t.app, s.cookie, doc.id, rebuilt, 90_000);
      expect(done).toMatchObject({ aiProcessingStatus: 'completed', reviewStatus: null });

      // withdrawn by the call itself (the reviewer, not the job), in its transaction, before the links were built
      const entries = (await audit()).slice(seen);
      const actions = entries.map((e) => e.action);
      const withdrawn = actions.indexOf('approval-withdrawn');
      expect(withdrawn, actions.join(',')).toBeGreaterThanOrEqual(0);
      expect(entries[withdrawn]!.actor).not.toBeNull();
      expect(actions[withdrawn + 1]).toBe(c.action);
      expect(actions.indexOf('build-links')).toBeGreaterThan(withdrawn);
      expect(entries.find((e) => e.action === 'build-links')!.after).toMatchObject({ reviewerDecisions: { kept: 3, dropped: 0 } });
      await expectDecisionsKept();
    }, 180_000);
  }
});
