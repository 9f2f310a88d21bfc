// A brief is approved with its trial record as it was: a new file of the record, or the record read
// again, withdraws the approval of every brief pointing into it (the reason on the brief and in its
// audit trail), a submission is refused, and a new approval needs the reviewed PDF written again with
// the record as it now is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/contract/documents.ts';
import type { AuditEntry } from '../../src/contract/review.ts';
import { WITHDRAW_REASONS } from '../../src/server/review/approval-state.ts';
import { loadFixture, type Fixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { getDocument, multipart, processed, upload, waitForDocument } from './support/documents.ts';

describe('a change of a trial record and the briefs approved with it', () => {
  let s: CaseSession;
  let f: Fixture;
  let brief: DocumentRecord;
  let record: DocumentRecord;
  const api = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    s.t.app.inject({ method, url, headers: { cookie: s.cookie }, ...(payload ? { payload } : {}) });
  const linked = (d: DocumentRecord) => d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed';
  const approveBrief = async () => {
    const regen = await api('POST', `/api/documents/${brief.id}/regenerate`);
    expect(regen.json().ok, regen.body).toBe(true);
    const res = await api('POST', `/api/documents/${brief.id}/review`, { approved: true, reviewerName: 'Jane Counsel', unreviewedAccepted: (await api('GET', `/api/documents/${brief.id}`)).json().unreviewedCount });
    expect(res.statusCode, res.body).toBe(200);
  };
  const submitBrief = () => api('POST', '/api/documents/submit-to-court', { documentIds: [brief.id], courtInfo: {} });

  /** The brief lost its approval for `reason`: on the brief, in its audit trail, and at submission. */
  async function expectWithdrawn(reason: string) {
    const now = await getDocument(s.t.app, s.cookie, brief.id);
    expect(now).toMatchObject({ reviewStatus: null, approvalWithdrawnReason: reason, reviewedOutputCurrent: false });
    const audit: AuditEntry[] = (await api('GET', `/api/documents/${brief.id}/audit`)).json();
    expect(audit.at(-1)).toMatchObject({ action: 'approval-withdrawn', after: { reason } });
    const refused = await submitBrief();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`its approval was withdrawn (${reason})`);
    // approved again only with the reviewed PDF written again, with the record as it now is
    const early = await api('POST', `/api/documents/${brief.id}/review`, { approved: true, reviewerName: 'Jane Counsel', unreviewedAccepted: (await api('GET', `/api/documents/${brief.id}`)).json().unreviewedCount });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Regenerate the PDF before approving/);
  }

  beforeAll(async () => {
    s = await openCaseSession();
    f = await loadFixture('brief-record');
    const b = await upload(s.t.app, s.cookie, s.caseId, f.brief, 'Factum.pdf', { title: 'Factum' });
    const r = await upload(s.t.app, s.cookie, s.caseId, f.record!, 'Trial record.pdf', { title: 'Trial Record', kind: 'record' });
    brief = await waitForDocument(s.t.app, s.cookie, b.json().id, processed);
    record = await waitForDocument(s.t.app, s.cookie, r.json().id, processed);
    expect((await api('PATCH', `/api/documents/${brief.id}`, { recordDocumentId: record.id })).statusCode).toBe(200);
    expect(await waitForDocument(s.t.app, s.cookie, brief.id, linked, 90_000)).toMatchObject({ aiProcessingStatus: 'completed', unresolvedCount: 0 });
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a new file of the record withdraws the approval of the brief, and submission answers 409', async () => {
    await approveBrief();
    expect((await submitBrief()).statusCode).toBe(201);
    const body = multipart({}, { name: 'Trial record v2.pdf', bytes: f.record! });
    const res = await s.t.app.inject({ method: 'POST', url: `/api/documents/${record.id}/reupload`, headers: { cookie: s.cookie, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    await expectWithdrawn(WITHDRAW_REASONS.recordFile);
    expect((await getDocument(s.t.app, s.cookie, brief.id)).courtSubmitted).toBe(false);
  }, 120_000);

  it('the record read again (reindex) withdraws it too', async () => {
    await waitForDocument(s.t.app, s.cookie, record.id, processed);
    await approveBrief();
    expect((await api('POST', `/api/documents/${record.id}/reindex`, {})).statusCode).toBe(200);
    await expectWithdrawn(WITHDRAW_REASONS.recordRead);
  }, 120_000);
});
