// References to the record through the real app, its job workers and a real PostgreSQL (DESIGN §8): a
// factum citing a two-volume Appeal Book is uploaded with both volumes, each named as the factum cites
// it (citeAs AB, volumes 1 and 2), and paired with the brief in order; every reference it resolves is
// linked over its words into the right page of the right volume in the merged master, as a PDF reader
// other than the one that wrote it sees it. Then the rules of citeAs, volume and the records list, the
// review of references (confirm, remove, set a page), and the reviewed PDF that keeps a removed one out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, ReferenceRecord } from '../../src/contract/documents.ts';
import { loadRefFixture, type RefFixture } from '../fixtures/refs/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { createCase, processed, upload, waitForDocument } from './support/documents.ts';
import { readPdfLinks, type ReadBack } from './support/read-pdf-links.ts';

const linked = (d: DocumentRecord) => d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed';
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 1.5);

describe('references to the record', () => {
  let session: CaseSession | undefined;
  let f: RefFixture;
  let brief: DocumentRecord;
  let vol1: DocumentRecord;
  let vol2: DocumentRecord;

  const api = (method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    session!.t.app.inject({ method, url, headers: { cookie: session!.cookie }, ...(payload ? { payload } : {}) });
  const waitLinked = (id: string) => waitForDocument(session!.t.app, session!.cookie, id, linked, 120_000);
  const refsOf = async (id: string): Promise<ReferenceRecord[]> => (await api('GET', `/api/documents/${id}/references`)).json();
  const pdfOf = async (id: string, version: string): Promise<ReadBack> =>
    readPdfLinks(new Uint8Array((await api('GET', `/api/documents/${id}/download?version=${version}`)).rawPayload));

  beforeAll(async () => {
    session = await openCaseSession();
    f = await loadRefFixture('refs-ca-appeal-book');
    expect(f.records.map((r) => [r.citeAs, r.volume])).toEqual([['AB', '1'], ['AB', '2']]);
    const { t, cookie, caseId } = session;
    const r1 = await upload(t.app, cookie, caseId, f.records[0]!.pdf, 'appeal-book-1.pdf', { title: 'Appeal Book Vol. 1', kind: 'record', citeAs: ' AB ', volume: '1' });
    const r2 = await upload(t.app, cookie, caseId, f.records[1]!.pdf, 'appeal-book-2.pdf', { title: 'Appeal Book Vol. 2', kind: 'record', citeAs: 'AB' });
    expect(r1.statusCode).toBe(201);
    expect(r2.statusCode).toBe(201);
    expect(r1.json()).toMatchObject({ citeAs: 'AB', volume: 1 });
    const b = await upload(t.app, cookie, caseId, f.brief, 'factum.pdf', { title: 'Factum' });
    expect(b.statusCode).toBe(201);
    vol1 = await waitForDocument(t.app, cookie, r1.json().id, processed, 120_000);
    vol2 = await waitForDocument(t.app, cookie, r2.json().id, processed, 120_000);
    brief = await waitForDocument(t.app, cookie, b.json().id, processed, 120_000);
    expect(vol1.status).toBe('completed');
    expect(vol2.status).toBe('completed');
    expect(brief.status).toBe('completed');
  }, 240_000);
  afterAll(async () => {
    await session?.close();
  });

  it('validates citeAs and volume', async () => {
    const bad = [
      [{ citeAs: 'x'.repeat(81) }, 'citeAs'],
      [{ citeAs: 12 }, 'citeAs'],
      [{ volume: 0 }, 'volume'],
      [{ volume: 1000 }, 'volume'],
      [{ volume: 2.5 }, 'volume'],
      [{ volume: '2' }, 'volume'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await api('PATCH', `/api/documents/${vol2.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
    const ok = await api('PATCH', `/api/documents/${vol2.id}`, { citeAs: '  AB  ', volume: 2 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ citeAs: 'AB', volume: 2 });
    const cleared = await api('PATCH', `/api/documents/${vol1.id}`, { citeAs: '', volume: null });
    expect(cleared.json()).toMatchObject({ citeAs: null, volume: null });
    expect((await api('PATCH', `/api/documents/${vol1.id}`, { citeAs: 'AB', volume: 1 })).json()).toMatchObject({ citeAs: 'AB', volume: 1 });
    // on the upload form too
    const up = await upload(session!.t.app, session!.cookie, session!.caseId, f.records[1]!.pdf, 'v.pdf', { kind: 'record', volume: '1000' });
    expect(up.statusCode).toBe(400);
  });

  it('refuses a records list with another case’s document, the brief itself, a brief, a repeat or too many', async () => {
    const { t, cookie, caseId } = session!;
    const otherCase = await createCase(t.app, cookie);
    const other = (await upload(t.app, cookie, otherCase, f.records[0]!.pdf, 'other.pdf', { kind: 'record' })).json();
    const anotherBrief = (await upload(t.app, cookie, caseId, f.records[0]!.pdf, 'plain.pdf', { title: 'A brief' })).json();
    const put = (recordIds: unknown) => api('PUT', `/api/documents/${brief.id}/records`, { recordIds });
    const cases: Array<[unknown, number, string]> = [
      [[other.id], 400, 'same case'],
      [[brief.id], 400, 'its own trial record'],
      [[anotherBrief.id], 409, 'not marked as a trial record'],
      [[vol1.id, vol1.id], 400, 'twice'],
      [['../etc/passwd'], 400, 'recordIds'],
      [Array.from({ length: 51 }, () => crypto.randomUUID()), 400, 'at most 50'],
      ['nope', 400, 'recordIds'],
    ];
    for (const [ids, status, words] of cases) {
      const res = await put(ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(status);
      expect(res.body).toContain(words);
    }
    expect((await api('GET', `/api/documents/${brief.id}`)).json()).toMatchObject({ recordDocumentIds: [], recordDocumentId: null });
  });

  it('pairs the brief with both volumes in order and links every resolved reference into the right page', async () => {
    const res = await api('PUT', `/api/documents/${brief.id}/records`, { recordIds: [vol1.id, vol2.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recordDocumentIds: [vol1.id, vol2.id], recordDocumentId: vol1.id });
    brief = await waitLinked(brief.id);
    expect(brief.aiProcessingStatus).toBe('completed');
    const refs = await refsOf(brief.id);
    const ofRecord = refs.filter((r) => r.kind === 'record');
    const truth = f.truth.references.filter((r) => r.kind === 'record');
    // each true reference the engine found at its page, with its page of the master
    let right = 0;
    for (const t of truth) {
      const found = ofRecord.find((r) => r.page === t.page && r.text === t.text);
      if (found && found.masterPage === t.targetPage) right++;
    }
    console.log(`[references] ${ofRecord.length} found, ${truth.length} in truth, ${right} at the right master page`);
    expect(right).toBe(truth.length);
    // a reference into volume 2 goes into the second document, at its own page
    const intoVol2 = ofRecord.filter((r) => r.recordDocId === vol2.id);
    expect(intoVol2.length).toBeGreaterThan(0);
    for (const r of intoVol2) expect(r.masterPage).toBe(brief.pageCount! + vol1.pageCount! + r.targetPage!);
    // an unresolved one says why
    for (const r of ofRecord.filter((x) => x.targetPage === null)) expect(r.unresolvedReason).toBeTruthy();
    // the master, read back: brief, then both volumes; each resolved reference linked over each of its lines
    const pdf = await pdfOf(brief.id, 'engine');
    expect(pdf.pageCount).toBe(brief.pageCount! + vol1.pageCount! + vol2.pageCount!);
    for (const r of ofRecord.filter((x) => x.masterPage !== null)) {
      for (const span of r.spans) {
        const hit = pdf.links.find((l) => l.page === span.page && near(l.box, span.bbox));
        expect(hit?.target, `${r.text} on page ${span.page}`).toBe(r.masterPage);
      }
    }
    expect(pdf.outline.map((o) => o.title)).toEqual(expect.arrayContaining(['AB Vol. 1 – appeal-book-1.pdf', 'AB Vol. 2 – appeal-book-2.pdf']));
    expect(brief).toMatchObject({ referenceCount: ofRecord.length, unresolvedReferenceCount: ofRecord.filter((r) => r.targetPage === null).length });
  }, 180_000);

  it('confirms, removes and sets the page of a reference, validated; regenerate keeps a removed one out', async () => {
    const refs = (await refsOf(brief.id)).filter((r) => r.kind === 'record' && r.masterPage !== null);
    const [a, b, c] = refs;
    const patch = (id: string, body: object) => api('PATCH', `/api/documents/${brief.id}/references/${id}`, body);
    expect((await patch(a!.id, { status: 'confirmed' })).json()).toMatchObject({ status: 'confirmed' });
    expect((await patch(b!.id, { status: 'removed' })).json()).toMatchObject({ status: 'removed' });
    const set = await patch(c!.id, { targetPage: 3, recordDocId: vol2.id });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ status: 'confirmed', recordDocId: vol2.id, targetPage: 3, masterPage: brief.pageCount! + vol1.pageCount! + 3 });
    // refused: a page past the record, a record not the brief's, no change named, another document's reference
    expect((await patch(c!.id, { targetPage: vol2.pageCount! + 1, recordDocId: vol2.id })).statusCode).toBe(400);
    expect((await patch(c!.id, { targetPage: 1, recordDocId: brief.id })).statusCode).toBe(400);
    expect((await patch(c!.id, { targetPage: 0 })).statusCode).toBe(400);
    expect((await patch(c!.id, { status: 'gone' })).statusCode).toBe(400);
    expect((await patch(c!.id, {})).statusCode).toBe(400);
    expect((await api('PATCH', `/api/documents/${vol1.id}/references/${c!.id}`, { status: 'removed' })).statusCode).toBe(404);
    expect((await patch(crypto.randomUUID(), { status: 'removed' })).statusCode).toBe(404);

    const regen = await api('POST', `/api/documents/${brief.id}/regenerate`);
    expect(regen.statusCode, regen.body).toBe(200);
    expect(regen.json().ok).toBe(true);
    const pdf = await pdfOf(brief.id, 'reviewed');
    const linkOver = (r: ReferenceRecord) => pdf.links.find((l) => l.page === r.spans[0]!.page && near(l.box, r.spans[0]!.bbox));
    expect(linkOver(b!)).toBeUndefined(); // removed: no link over its words
    expect(linkOver(a!)?.target).toBe(a!.masterPage);
    expect(linkOver(c!)?.target).toBe(brief.pageCount! + vol1.pageCount! + 3);
    // written again, the removed one stays removed
    expect((await refsOf(brief.id)).find((r) => r.id === b!.id)?.status).toBe('removed');
    const again = await api('POST', `/api/documents/${brief.id}/regenerate`);
    expect(again.json().ok).toBe(true);
    expect(linkOver(b!)).toBeUndefined();
    const pdf2 = await pdfOf(brief.id, 'reviewed');
    expect(pdf2.links.find((l) => l.page === b!.spans[0]!.page && near(l.box, b!.spans[0]!.bbox))).toBeUndefined();
  }, 120_000);

  it('files the approved brief with a report counting references found, linked and unresolved by record document', async () => {
    const approve = await api('POST', `/api/documents/${brief.id}/review`, { approved: true, reviewerName: 'A. Reviewer', unreviewedAccepted: (await api('GET', `/api/documents/${brief.id}`)).json().unreviewedCount });
    expect(approve.statusCode, approve.body).toBe(200);
    const ok = await api('POST', '/api/documents/submit-to-court', { documentIds: [brief.id], courtInfo: { court: 'Court of Appeal for Ontario' } });
    expect(ok.statusCode, ok.body).toBe(201);
    const [sub] = ok.json().submissions;
    const refs = (await refsOf(brief.id)).filter((r) => r.kind === 'record');
    const csv = (await api('GET', sub.reportCsvUrl)).body.split('\r\n');
    expect(csv).toContain('"# references by record document","found","linked","unresolved","removed"');
    const v1 = refs.filter((r) => r.recordDocId === vol1.id && r.status !== 'removed').length;
    expect(csv.find((l) => l.startsWith('"# AB – Appeal Book Vol. 1"'))).toMatch(new RegExp(`^"# AB – Appeal Book Vol. 1","\\d+","${v1}",`));
    expect(csv.filter((l) => /^"\d+",/.test(l) && l.includes('"AB - Appeal Book'))).toHaveLength(refs.filter((r) => r.recordDocId).length);
    const { openPdf } = await import('../../src/engine/pdf/index.ts');
    const report = openPdf(new Uint8Array((await api('GET', sub.reportPdfUrl)).rawPayload));
    try {
      const text = Array.from({ length: report.pageCount }, (_, i) => report.pageText(i + 1).lines.map((l) => l.text).join('\n')).join('\n');
      expect(text).toContain('References to the record');
      expect(text).toMatch(/All record documents: found \d+, linked \d+, unresolved \d+, removed 1/);
    } finally {
      report.close();
    }
  }, 60_000);

  it('a reference change after approval withdraws it', async () => {
    const approve = await api('POST', `/api/documents/${brief.id}/review`, { approved: true, reviewerName: 'A. Reviewer', unreviewedAccepted: (await api('GET', `/api/documents/${brief.id}`)).json().unreviewedCount });
    expect(approve.statusCode, approve.body).toBe(200);
    const [r] = (await refsOf(brief.id)).filter((x) => x.status === 'auto' && x.masterPage !== null);
    await api('PATCH', `/api/documents/${brief.id}/references/${r!.id}`, { status: 'removed' });
    const doc = (await api('GET', `/api/documents/${brief.id}`)).json() as DocumentRecord;
    expect(doc).toMatchObject({ reviewStatus: null, reviewedOutputCurrent: false });
    expect(doc.approvalWithdrawnReason).toContain('reference');
  });

  it('building the links again keeps the references a reviewer removed or set, where they come back the same', async () => {
    const before = await refsOf(brief.id);
    const decided = before.filter((r) => r.status !== 'auto');
    expect(decided.length).toBeGreaterThanOrEqual(3);
    const relink = await api('POST', `/api/documents/${brief.id}/relink`, { confirm: true });
    expect(relink.statusCode, relink.body).toBeLessThan(300);
    brief = await waitLinked(brief.id);
    const after = await refsOf(brief.id);
    for (const d of decided) {
      const again = after.find((r) => r.page === d.page && r.text === d.text && r.ordinal === d.ordinal);
      expect(again, d.text).toMatchObject({ status: d.status, recordDocId: d.recordDocId, targetPage: d.targetPage });
    }
    const audit = (await api('GET', `/api/documents/${brief.id}/audit`)).json() as Array<{ action: string; entity: string; after: { references?: { kept: number } } | null }>;
    expect(audit.filter((e) => e.action === 'build-links' && e.after?.references).at(-1)?.after?.references?.kept).toBe(decided.length);
    expect(audit.filter((e) => e.entity === 'reference').length).toBeGreaterThanOrEqual(decided.length);
  }, 120_000);

  it('a record cited another way builds the links of its briefs again, asking first when one is reviewed', async () => {
    const refused = await api('PATCH', `/api/documents/${vol2.id}`, { citeAs: 'AB2' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('confirm');
    const ok = await api('PATCH', `/api/documents/${vol2.id}`, { citeAs: 'AB2', confirm: true });
    expect(ok.statusCode, ok.body).toBe(200);
    brief = await waitLinked(brief.id);
    expect(brief.aiProcessingStatus).toBe('completed');
    // the factum's `AB, Vol. 2` no longer names it: none of its references goes into it now
    const refs = (await refsOf(brief.id)).filter((r) => r.kind === 'record');
    expect(refs.filter((r) => r.engineRecordDocId === vol2.id)).toHaveLength(0);
    expect(brief.unresolvedReferenceCount).toBeGreaterThan(0);
  }, 120_000);
});
