// Changes around a review: rejection records the reviewer and a reason, new index pages and a
// reupload withdraw an approval (a reupload of a reviewed document only when confirmed), submission
// is all or nothing, and reanalyze re-runs detection on index pages set by hand, clearing the old
// failure once it succeeds.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, LinkRecord } from '../../src/contract/documents.ts';
import type { RegenerateResponse } from '../../src/contract/review.ts';
import { findActiveContent } from '../../src/engine/pdf/active-content.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { getDocument, multipart, processed, upload, waitForDocument } from './support/documents.ts';

describe('review changes', () => {
  let s: CaseSession;
  let brief: Uint8Array;
  let a: DocumentRecord;
  let b: DocumentRecord;
  const call = (method: string, url: string, payload?: unknown) =>
    s.t.app.inject({ method: method as 'GET', url, headers: { cookie: s.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const linksOf = async (id: string): Promise<LinkRecord[]> => (await call('GET', `/api/documents/${id}/links`)).json();
  const linked = (d: DocumentRecord) => d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed';
  const approveFresh = async (id: string) => {
    const regen = await call('POST', `/api/documents/${id}/regenerate`);
    expect(regen.json().ok, regen.body).toBe(true);
    const res = await call('POST', `/api/documents/${id}/review`, { approved: true, reviewerName: 'R. Reviewer', unreviewedAccepted: (await call('GET', `/api/documents/${id}`)).json().unreviewedCount });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DocumentRecord;
  };

  beforeAll(async () => {
    s = await openCaseSession();
    brief = (await loadFixture('lettered-tabs')).brief;
    const ids: string[] = [];
    for (const name of ['a.pdf', 'b.pdf']) {
      const d: DocumentRecord = (await upload(s.t.app, s.cookie, s.caseId, brief, name)).json();
      await waitForDocument(s.t.app, s.cookie, d.id, processed);
      ids.push(d.id);
    }
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: ids })).json().successCount).toBe(2);
    const docs = await Promise.all(ids.map((id) => getDocument(s.t.app, s.cookie, id)));
    [a, b] = [docs[0]!, docs[1]!];
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a rejection needs a reason and records it with the reviewer', async () => {
    const noReason = await call('POST', `/api/documents/${b.id}/review`, { approved: false, reviewerName: 'R. Reviewer' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('reason');
    const res = await call('POST', `/api/documents/${b.id}/review`, { approved: false, reviewerName: ' R. Reviewer ', reason: 'Tab C goes to the wrong affidavit' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reviewStatus: 'rejected', reviewedBy: 'R. Reviewer', reviewReason: 'Tab C goes to the wrong affidavit', lawyerReviewed: false, approvedSha256: null });
    const audit = (await call('GET', `/api/documents/${b.id}/audit`)).json() as Array<{ action: string; after: unknown }>;
    expect(audit.find((e) => e.action === 'reject')?.after).toMatchObject({ reason: 'Tab C goes to the wrong affidavit' });
  });

  it('submission is all or nothing: one unapproved document files none', async () => {
    await approveFresh(a.id);
    const res = await call('POST', '/api/documents/submit-to-court', { documentIds: [a.id, b.id], courtInfo: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`"${b.title}" is not approved`);
    expect((await call('GET', `/api/cases/${s.caseId}/submissions`)).json()).toEqual([]);
    expect((await getDocument(s.t.app, s.cookie, a.id)).courtSubmitted).toBe(false);
    const empty = await call('POST', '/api/documents/submit-to-court', { documentIds: [], courtInfo: {} });
    expect(empty.statusCode).toBe(400);
    const tooBig = await call('POST', '/api/documents/submit-to-court', { documentIds: [a.id], courtInfo: { maxMb: 0.001 } });
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().message).toMatch(/MB, over the court's limit of 0.001 MB/);
  });

  it('new index pages of an approved document ask first, then withdraw the approval and the reviewed PDF', async () => {
    const pages = [...new Set((await linksOf(a.id)).map((l) => l.srcPage))].join(',');
    const asked = await call('PATCH', `/api/documents/${a.id}`, { indexPages: pages });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().field).toBe('confirm');
    const res = await call('PATCH', `/api/documents/${a.id}`, { indexPages: pages, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reviewStatus: null, approvalWithdrawnReason: 'The index pages were changed after approval', index_pages: pages });
    const done = await waitForDocument(s.t.app, s.cookie, a.id, processed);
    expect(done).toMatchObject({ hasReviewedOutput: false, regeneratedAt: null, linkCount: 0 });
    // links again, then approved again for the next step
    expect((await call('POST', `/api/documents/${a.id}/relink`, { confirm: true })).statusCode).toBe(200);
    expect(await waitForDocument(s.t.app, s.cookie, a.id, linked)).toMatchObject({ aiProcessingStatus: 'completed', linkCount: 11 });
  });

  it('reupload of a reviewed document asks first; confirmed, it withdraws the approval and drops the reviewed PDF', async () => {
    await approveFresh(a.id);
    const plain = multipart({}, { name: 'a2.pdf', bytes: brief });
    const asked = await s.t.app.inject({ method: 'POST', url: `/api/documents/${a.id}/reupload`, headers: { cookie: s.cookie, ...plain.headers }, payload: plain.payload });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ field: 'confirm' });
    expect((await getDocument(s.t.app, s.cookie, a.id)).reviewStatus).toBe('approved');

    const confirmed = multipart({ confirm: 'true' }, { name: 'a2.pdf', bytes: brief });
    const res = await s.t.app.inject({ method: 'POST', url: `/api/documents/${a.id}/reupload`, headers: { cookie: s.cookie, ...confirmed.headers }, payload: confirmed.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reviewStatus: null, hasReviewedOutput: false, regeneratedAt: null, approvalWithdrawnReason: 'A new file was uploaded after approval', linkCount: 0 });
    await waitForDocument(s.t.app, s.cookie, a.id, processed);
  });

  it('reanalyze re-runs detection on index pages set by hand, and the old failure goes once it succeeds', async () => {
    const indexPages = [...new Set((await linksOf(b.id)).map((l) => l.srcPage))].join(',');
    const dividerPage = (await linksOf(b.id))[2]!.targetPage!;
    // b was rejected: reviewed, so reanalyze asks first
    const asked = await call('POST', `/api/documents/${b.id}/reanalyze`, { indexPages: String(dividerPage) });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().field).toBe('confirm');
    const bad = await call('POST', `/api/documents/${b.id}/reanalyze`, { indexPages: `${b.pageCount! + 3}`, confirm: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('indexPages');

    // a page with no index on it: no links, and the document says why
    expect((await call('POST', `/api/documents/${b.id}/reanalyze`, { indexPages: String(dividerPage), confirm: true })).statusCode).toBe(200);
    let doc = await waitForDocument(s.t.app, s.cookie, b.id, (d) => processed(d) && linked(d), 90_000);
    expect(doc.aiProcessingStatus).toBe('failed');
    expect(doc.failureReason).toMatch(/No index was found/);
    expect(doc.indexPages).toEqual([dividerPage]);

    // the right pages, for the whole case: detection and links again, the failure gone
    const res = await call('POST', `/api/cases/${s.caseId}/reanalyze`, { documentIds: [b.id], confirm: true });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: [b.id] });
    expect((await call('PATCH', `/api/documents/${b.id}`, { indexPages, confirm: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/documents/${b.id}/reanalyze`, { confirm: true })).statusCode).toBe(200);
    doc = await waitForDocument(s.t.app, s.cookie, b.id, (d) => processed(d) && linked(d) && d.index_pages === indexPages, 90_000);
    expect(doc).toMatchObject({ aiProcessingStatus: 'completed', failureReason: null, linkCount: 11, index_pages: indexPages });
    const actions = ((await call('GET', `/api/documents/${b.id}/audit`)).json() as Array<{ action: string }>).map((e) => e.action);
    expect(actions.filter((x) => x === 'reanalyze').length).toBe(3);
  });

  it('an upload carrying JavaScript never gets an approved PDF with it', async () => {
    const pdf = await PDFDocument.load(brief);
    const action = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("opened")') });
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
    const withJs = await pdf.save();
    expect(findActiveContent(withJs)).toEqual(['javascript']);
    let d: DocumentRecord = (await upload(s.t.app, s.cookie, s.caseId, withJs, 'scripted.pdf')).json();
    await waitForDocument(s.t.app, s.cookie, d.id, processed);
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [d.id] })).json().successCount).toBe(1);
    const r: RegenerateResponse = (await call('POST', `/api/documents/${d.id}/regenerate`)).json();
    const reviewed = new Uint8Array((await call('GET', `/api/documents/${d.id}/download?version=reviewed`)).rawPayload);
    const found = findActiveContent(reviewed);
    expect(r.activeContent).toEqual(found);
    const res = await call('POST', `/api/documents/${d.id}/review`, { approved: true, reviewerName: 'R. Reviewer', unreviewedAccepted: (await call('GET', `/api/documents/${d.id}`)).json().unreviewedCount });
    if (found.length) {
      // kept from the upload: refused, saying why
      expect(r.ok).toBe(false);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('active content (javascript)');
    } else {
      // removed by the writer: approved, and the approved file has none
      expect(r.ok).toBe(true);
      expect(res.statusCode).toBe(200);
    }
    d = await getDocument(s.t.app, s.cookie, d.id);
    expect(d.reviewStatus === 'approved').toBe(found.length === 0);
  });

  it('the reviewed PDF shows the printed page numbers as its page labels (unnumbered cover and index by their place)', async () => {
    // motion-record: cover and index unnumbered, then 1, 2, 3 … printed from the third page
    let d: DocumentRecord = (await upload(s.t.app, s.cookie, s.caseId, (await loadFixture('motion-record')).brief, 'motion.pdf')).json();
    await waitForDocument(s.t.app, s.cookie, d.id, processed);
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [d.id] })).json().successCount).toBe(1);
    expect((await call('POST', `/api/documents/${d.id}/regenerate`)).json().ok).toBe(true);
    const pdf = await PDFDocument.load((await call('GET', `/api/documents/${d.id}/download`)).rawPayload);
    const nums = (pdf.catalog.lookup(PDFName.of('PageLabels'), PDFDict).lookup(PDFName.of('Nums'), PDFArray)).asArray();
    const ranges = [];
    for (let i = 0; i < nums.length; i += 2) {
      const range = pdf.context.lookup(nums[i + 1]!, PDFDict);
      ranges.push({
        from: (nums[i] as PDFNumber).asNumber(),
        style: range.get(PDFName.of('S'))?.toString(),
        prefix: range.lookupMaybe(PDFName.of('P'), PDFString)?.decodeText(),
        start: (range.get(PDFName.of('St')) as PDFNumber | undefined)?.asNumber() ?? 1,
      });
    }
    expect(ranges).toEqual([
      { from: 0, style: undefined, prefix: '[1]', start: 1 },
      { from: 1, style: undefined, prefix: '[2]', start: 1 },
      { from: 2, style: '/D', prefix: undefined, start: 1 },
    ]);
    d = await getDocument(s.t.app, s.cookie, d.id);
    expect(d.reviewedValidation?.success).toBe(true);
  });

  it('signed-out requests get nothing from the review calls', async () => {
    for (const [method, url] of [
      ['POST', `/api/documents/${a.id}/regenerate`],
      ['POST', `/api/documents/${a.id}/review`],
      ['GET', `/api/documents/${a.id}/audit`],
      ['POST', '/api/documents/submit-to-court'],
      ['GET', `/api/cases/${s.caseId}/submissions`],
      ['GET', `/api/submissions/${a.id}/pdf`],
      ['POST', `/api/cases/${s.caseId}/reanalyze`],
    ] as const) {
      expect((await s.t.app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
    }
    expect((await call('GET', `/api/submissions/${a.id}/report.csv`)).statusCode).toBe(404);
  });
});
