// Authorities through the real app, its job workers and a real PostgreSQL (DESIGN §8, docs/adr/0008): a case
// that asks for them, on a server whose AUTHORITY_LINKS is 'on', has a brief with a Table of Authorities and a
// Book of Authorities filed as a record of it. What a reviewer checks: each citation listed as written, linked
// to its tab of the Book, else to its public address, else listed and not linked with the reason; each row of
// the table linked to the first page citing it; the reviewer's changes (another address, a page of the Book,
// removed) in the reviewed PDF as another PDF reader sees it; the report counting them; nothing for a case that
// did not ask, or for a request that is not signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRecord } from '../../src/contract/cases.ts';
import type { AuthorityRecord, DocumentRecord } from '../../src/contract/documents.ts';
import { makeTextPdf, type TextLineSpec } from '../../src/engine/pdf/make-text-pdf.ts';
import { toaBrief, type ToaBrief } from '../fixtures/authorities/toa-brief.ts';
import { signUp, startTestApp } from './support/app.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { createCase, processed, upload, waitForDocument } from './support/documents.ts';
import { readPdfLinks, type ReadBack, type ReadLink } from './support/read-pdf-links.ts';

const linked = (d: DocumentRecord) => d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed';
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 1.5);

const lines = (ls: string[], y0 = 100): TextLineSpec[] => ls.map((t, i) => ({ text: t, x: 72, y: y0 + i * 16, size: 11 }));
const divider = (label: string): TextLineSpec[] => [{ text: label, x: 250, y: 380, size: 30 }];
const footer = (n: string): TextLineSpec => ({ text: n, x: 300, y: 760, size: 10 });

/** A Book of Authorities: cover, TAB 1 Ashcroft v. Iqbal (pages printed 662-664), TAB 2 R. v. Jordan (paragraphs). 8 pages. */
function bookOfAuthorities(): Uint8Array {
  return makeTextPdf([
    lines(['BOOK OF AUTHORITIES OF THE APPELLANT']),
    divider('TAB 1'),
    [...lines(['Ashcroft v. Iqbal', '556 U.S. 662 (2009)', 'Opinion of the Court.']), footer('662')],
    [...lines(['more of the opinion']), footer('663')],
    [...lines(['the rest of the opinion']), footer('664')],
    divider('TAB 2'),
    lines(['R. v. Jordan, 2016 SCC 27', '[1] The accused was charged.', '[2] The trial was delayed.', '[3] He applied for a stay.', '[4] It was refused.']),
    lines(['[5] The ceiling is thirty months.', '[6] The appeal is allowed.']),
  ]);
}

describe('authorities', () => {
  let session: CaseSession | undefined;
  let f: ToaBrief;
  let brief: DocumentRecord;
  let boa: DocumentRecord;

  const api = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object, cookie = session!.cookie) =>
    session!.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const waitLinked = (id: string) => waitForDocument(session!.t.app, session!.cookie, id, linked, 120_000);
  const authoritiesOf = async (id: string): Promise<AuthorityRecord[]> => (await api('GET', `/api/documents/${id}/authorities`)).json();
  const pdfOf = async (id: string, version: string): Promise<ReadBack> =>
    readPdfLinks(new Uint8Array((await api('GET', `/api/documents/${id}/download?version=${version}`)).rawPayload));
  const linksOver = (pdf: ReadBack, span: { page: number; bbox: number[] }): ReadLink[] => pdf.links.filter((l) => l.page === span.page && near(l.box, span.bbox));
  const byText = (all: AuthorityRecord[], text: string, toa = false) => {
    const a = all.find((x) => x.text === text && x.toaRow === toa);
    expect(a, `${text}${toa ? ' (table row)' : ''}`).toBeDefined();
    return a!;
  };

  beforeAll(async () => {
    session = await openCaseSession({ env: { AUTHORITY_LINKS: 'on' } });
    f = await toaBrief();
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  it('a case asks for authorities and where Table of Authorities rows go, validated; off by default', async () => {
    const caseUrl = `/api/cases/${session!.caseId}`;
    expect((await api('GET', caseUrl)).json()).toMatchObject({ authorities: 'off', toaTarget: 'first-citation' });
    for (const [body, field] of [[{ authorities: 'yes' }, 'authorities'], [{ authorities: true }, 'authorities'], [{ toaTarget: 'page' }, 'toaTarget']] as const) {
      const res = await api('PATCH', caseUrl, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
    const ok = await api('PATCH', caseUrl, { authorities: 'on' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json() as CaseRecord).toMatchObject({ authorities: 'on', toaTarget: 'first-citation' });
  });

  it('links each citation to its Book of Authorities tab, else its public address, else lists it with the reason', async () => {
    const { t, cookie, caseId } = session!;
    const b = await upload(t.app, cookie, caseId, bookOfAuthorities(), 'boa.pdf', { title: 'Book of Authorities', kind: 'record', citeAs: 'BOA' });
    expect(b.statusCode, b.body).toBe(201);
    const br = await upload(t.app, cookie, caseId, f.pdf, 'brief.pdf', { title: 'Brief of the Appellant' });
    expect(br.statusCode, br.body).toBe(201);
    boa = await waitForDocument(t.app, cookie, b.json().id, processed, 120_000);
    brief = await waitForDocument(t.app, cookie, br.json().id, processed, 120_000);
    expect(brief.status).toBe('completed');
    const put = await api('PUT', `/api/documents/${brief.id}/records`, { recordIds: [boa.id] });
    expect(put.statusCode, put.body).toBe(200);
    brief = await waitLinked(brief.id);
    expect(brief.aiProcessingStatus).toBe('completed');

    const all = await authoritiesOf(brief.id);
    const iqbal = byText(all, 'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)');
    expect(iqbal).toMatchObject({ recordDocId: boa.id, tab: '1', linked: true, url: 'https://www.courtlistener.com/c/U.S./556/662/' });
    expect(iqbal.masterPage).toBe(brief.pageCount! + iqbal.targetPage!);
    expect(byText(all, 'R. v. Jordan, 2016 SCC 27 at para. 5')).toMatchObject({ recordDocId: boa.id, tab: '2', targetPage: 8, masterPage: brief.pageCount! + 8 });
    expect(byText(all, '42 U.S.C. § 1983')).toMatchObject({ url: 'https://www.law.cornell.edu/uscode/text/42/1983', masterPage: null, linked: true });
    const wl = byText(all, 'Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)');
    expect(wl).toMatchObject({ url: null, masterPage: null, linked: false });
    expect(wl.unresolvedReason).toMatch(/no public address/);
    // each row of the Table of Authorities: to the first page of the brief citing it
    for (const row of f.rows) expect(byText(all, row.text, true), row.text).toMatchObject({ briefPage: row.firstPage, masterPage: row.firstPage, linked: true });
    // a row naming a case the body never cites: listed, not linked, and why
    expect(byText(all, f.uncited, true)).toMatchObject({ linked: false, masterPage: null, url: null });
    expect(byText(all, f.uncited, true).unresolvedReason).toMatch(/does not cite this authority/);

    // Master.linked.pdf read back by another PDF reader: every linked one over each of its lines, to where it goes
    const pdf = await pdfOf(brief.id, 'engine');
    expect(pdf.pageCount).toBe(brief.pageCount! + boa.pageCount!);
    for (const a of all) {
      for (const span of a.spans) {
        const over = linksOver(pdf, span);
        if (!a.linked) expect(over, a.text).toHaveLength(0);
        else if (a.masterPage !== null) expect(over.map((l) => l.target), a.text).toEqual([a.masterPage]);
        else expect(over.map((l) => l.uri), a.text).toEqual([a.url]);
      }
    }
  }, 240_000);

  it('changes an authority: another https address, a page of the Book, removed; refuses anything else', async () => {
    const all = await authoritiesOf(brief.id);
    const patch = (id: string, body: object) => api('PATCH', `/api/documents/${brief.id}/authorities/${id}`, body);
    const wl = byText(all, 'Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)');
    const usc = byText(all, '42 U.S.C. § 1983');
    const jordan = byText(all, 'R. v. Jordan, 2016 SCC 27 at para. 5');
    // refused, 400 naming the field: not https, a file, script, credentials, both targets, a page past the Book, nothing to confirm
    for (const [body, field] of [
      [{ url: 'http://library.firm.example/wl/123456' }, 'url'],
      [{ url: 'file:///etc/passwd' }, 'url'],
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: 'https://user:pw@library.firm.example/x' }, 'url'],
      [{ url: 'https://library.firm.example/x', targetPage: 2 }, 'url'],
      [{ targetPage: boa.pageCount! + 1 }, 'targetPage'],
      [{ targetPage: 1, recordDocId: brief.id }, 'recordDocId'],
      [{ status: 'confirmed' }, 'status'],
      [{ status: 'gone' }, 'status'],
      [{ path: '/etc/passwd' }, ''],
    ] as const) {
      const res = await patch(wl.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBeTruthy();
      if (field) expect(res.body, JSON.stringify(body)).toContain(field);
    }
    expect((await patch(wl.id, {})).statusCode).toBe(400);
    expect((await patch('not-an-id', { status: 'removed' })).statusCode).toBe(400);
    // 404: another document's authority, or none
    expect((await api('PATCH', `/api/documents/${boa.id}/authorities/${wl.id}`, { status: 'removed' })).statusCode).toBe(404);
    expect((await patch(crypto.randomUUID(), { status: 'removed' })).statusCode).toBe(404);
    expect((await api('GET', `/api/documents/${crypto.randomUUID()}/authorities`)).statusCode).toBe(404);

    const firm = 'https://library.firm.example/wl/2019-123456';
    expect((await patch(wl.id, { url: firm })).json()).toMatchObject({ status: 'confirmed', url: firm, linked: true, unresolvedReason: null });
    expect((await patch(usc.id, { status: 'removed' })).json()).toMatchObject({ status: 'removed', linked: false });
    expect((await patch(jordan.id, { targetPage: 7 })).json()).toMatchObject({ status: 'confirmed', recordDocId: boa.id, targetPage: 7, masterPage: brief.pageCount! + 7 });

    const regen = await api('POST', `/api/documents/${brief.id}/regenerate`);
    expect(regen.statusCode, regen.body).toBe(200);
    expect(regen.json().ok).toBe(true);
    const pdf = await pdfOf(brief.id, 'reviewed');
    expect(linksOver(pdf, wl.spans[0]!).map((l) => l.uri)).toEqual([firm]);
    expect(linksOver(pdf, usc.spans[0]!)).toHaveLength(0);
    expect(linksOver(pdf, jordan.spans[0]!).map((l) => l.target)).toEqual([brief.pageCount! + 7]);
    for (const row of f.rows) {
      const r = byText(all, row.text, true);
      expect(linksOver(pdf, r.spans[0]!).map((l) => l.target), row.text).toEqual([row.firstPage]);
    }
  }, 120_000);

  it('gives nothing to a request that is not signed in, or signed in to another firm', async () => {
    const all = await authoritiesOf(brief.id);
    const out = await api('GET', `/api/documents/${brief.id}/authorities`, undefined, '');
    expect(out.statusCode).toBe(401);
    expect(out.body).not.toContain('Iqbal');
    const change = await api('PATCH', `/api/documents/${brief.id}/authorities/${all[0]!.id}`, { status: 'removed' }, '');
    expect(change.statusCode).toBe(401);
    expect((await authoritiesOf(brief.id))[0]!.status).toBe(all[0]!.status);
    // another firm (one deployment is one firm): its members' sessions are unknown here
    const other = await startTestApp();
    try {
      const { cookie } = await signUp(other.app);
      for (const res of [
        await api('GET', `/api/documents/${brief.id}/authorities`, undefined, cookie),
        await api('PATCH', `/api/documents/${brief.id}/authorities/${all[0]!.id}`, { status: 'removed' }, cookie),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain('Iqbal');
      }
    } finally {
      await other.close();
    }
    expect((await authoritiesOf(brief.id))[0]!.status).toBe(all[0]!.status);
  }, 60_000);

  it('files the approved brief with a report counting authorities linked and listed but not linked', async () => {
    const approve = await api('POST', `/api/documents/${brief.id}/review`, { approved: true, reviewerName: 'A. Reviewer', unreviewedAccepted: (await api('GET', `/api/documents/${brief.id}`)).json().unreviewedCount });
    expect(approve.statusCode, approve.body).toBe(200);
    const ok = await api('POST', '/api/documents/submit-to-court', { documentIds: [brief.id], courtInfo: { court: 'Court of Appeal' } });
    expect(ok.statusCode, ok.body).toBe(201);
    const [sub] = ok.json().submissions;
    const all = await authoritiesOf(brief.id);
    const linkedN = all.filter((a) => a.linked).length;
    const listedN = all.filter((a) => !a.linked && a.status !== 'removed').length;
    const csv = (await api('GET', sub.reportCsvUrl)).body.split('\r\n');
    expect(csv).toContain(`"# all authorities","${all.length}","${linkedN}","${listedN}","1"`);
    expect(csv).toContain('"6","Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)","no","https://library.firm.example/wl/2019-123456","confirmed","target set by the reviewer"'.replace('"6"', `"${byText(all, 'Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)').page}"`));
    const { openPdf } = await import('../../src/engine/pdf/index.ts');
    const report = openPdf(new Uint8Array((await api('GET', sub.reportPdfUrl)).rawPayload));
    try {
      const text = Array.from({ length: report.pageCount }, (_, i) => report.pageText(i + 1).lines.map((l) => l.text).join('\n')).join('\n');
      expect(text).toContain(`Authorities: found ${all.length}, linked ${linkedN}, listed not linked ${listedN}, removed 1`);
    } finally {
      report.close();
    }
  }, 60_000);

  it('a change after approval withdraws it; building the links again keeps the reviewer’s changes', async () => {
    const approve = await api('POST', `/api/documents/${brief.id}/review`, { approved: true, reviewerName: 'A. Reviewer', unreviewedAccepted: (await api('GET', `/api/documents/${brief.id}`)).json().unreviewedCount });
    expect(approve.statusCode, approve.body).toBe(200);
    const iqbal = byText(await authoritiesOf(brief.id), 'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)');
    await api('PATCH', `/api/documents/${brief.id}/authorities/${iqbal.id}`, { status: 'confirmed' });
    const doc = (await api('GET', `/api/documents/${brief.id}`)).json() as DocumentRecord;
    expect(doc).toMatchObject({ reviewStatus: null, reviewedOutputCurrent: false });
    expect(doc.approvalWithdrawnReason).toContain('authority');

    const decided = (await authoritiesOf(brief.id)).filter((a) => a.status !== 'auto');
    expect(decided.length).toBe(4);
    const relink = await api('POST', `/api/documents/${brief.id}/relink`, { confirm: true });
    expect(relink.statusCode, relink.body).toBeLessThan(300);
    brief = await waitLinked(brief.id);
    const after = await authoritiesOf(brief.id);
    for (const d of decided) {
      expect(after.find((a) => a.text === d.text && a.page === d.page && a.toaRow === d.toaRow), d.text).toMatchObject({ status: d.status, url: d.url, recordDocId: d.recordDocId, targetPage: d.targetPage });
    }
    // the document's audit trail has each change, and the rebuild says how many were kept
    const audit = (await api('GET', `/api/documents/${brief.id}/audit`)).json() as Array<{ action: string; entity: string; after: { authorities?: { kept: number } } | null }>;
    expect(audit.filter((e) => e.entity === 'authority').length).toBeGreaterThanOrEqual(decided.length);
    expect(audit.filter((e) => e.action === 'build-links' && e.after?.authorities).at(-1)?.after?.authorities?.kept).toBe(decided.length);
  }, 120_000);

  it("with the case's Table of Authorities rows set to 'authority', each row goes where its authority does", async () => {
    const set = await api('PATCH', `/api/cases/${session!.caseId}`, { toaTarget: 'authority' });
    expect(set.json()).toMatchObject({ authorities: 'on', toaTarget: 'authority' });
    const relink = await api('POST', `/api/documents/${brief.id}/relink`, { confirm: true });
    expect(relink.statusCode, relink.body).toBeLessThan(300);
    brief = await waitLinked(brief.id);
    const all = await authoritiesOf(brief.id);
    const iqbal = byText(all, 'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)');
    expect(byText(all, 'Ashcroft v. Iqbal, 556 U.S. 662 (2009)', true)).toMatchObject({ recordDocId: boa.id, targetPage: iqbal.engineTargetPage, briefPage: null, linked: true });
    expect(byText(all, '42 U.S.C. § 1983', true)).toMatchObject({ url: 'https://www.law.cornell.edu/uscode/text/42/1983', masterPage: null, linked: true });
    expect(byText(all, 'Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)', true)).toMatchObject({ linked: false, url: null });
    const pdf = await pdfOf(brief.id, 'engine');
    const row = byText(all, '42 U.S.C. § 1983', true);
    expect(linksOver(pdf, row.spans[0]!).map((l) => l.uri)).toEqual(['https://www.law.cornell.edu/uscode/text/42/1983']);
  }, 120_000);

  it('a case that does not ask for authorities gets today’s output: none listed, no web links', async () => {
    const { t, cookie } = session!;
    const otherCase = await createCase(t.app, cookie);
    const res = await upload(t.app, cookie, otherCase, f.pdf, 'brief.pdf', { title: 'Brief' });
    expect(res.statusCode).toBe(201);
    const read = await waitForDocument(t.app, cookie, res.json().id, processed, 120_000);
    const built = await api('POST', '/api/documents/start-hyperlinking', { documentIds: [read.id] });
    expect(built.statusCode, built.body).toBeLessThan(300);
    const plain = await waitLinked(read.id);
    expect(plain.aiProcessingStatus).toBe('completed');
    expect(await authoritiesOf(plain.id)).toEqual([]);
    const pdf = await pdfOf(plain.id, 'engine');
    expect(pdf.links.filter((l) => l.uri)).toHaveLength(0);
    expect(pdf.links.filter((l) => l.page === 3)).toHaveLength(0); // the Table of Authorities page
  }, 180_000);
});
