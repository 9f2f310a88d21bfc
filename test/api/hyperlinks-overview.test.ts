// The Hyperlinks overview's calls (spec §7) on the sample case, built the ordinary way (generated
// documents, processing and link-building jobs) at its small size: the same structure as the full one
// (63, 13 and 5 items, index pages 2-9, 2 and 2-3, *T markers in the record) with short documents.
// A destination overridden is read back from the PDF written again; path-like inputs are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkRecord } from '../../src/contract/documents.ts';
import type { DeterministicStatus, EnhancedReview, RebuildResponse, ReviewLinksResponse } from '../../src/contract/hyperlinks.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { readPdfLinks } from './support/read-pdf-links.ts';

const overlaps = (a: number[], b: number[]) =>
  Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!) > 0 && Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!) > 0.5 * Math.min(a[3]! - a[1]!, b[3]! - b[1]!);

describe('the Hyperlinks overview on the sample case', () => {
  let s: CaseSession;
  const call = (method: string, url: string, payload?: unknown, cookie: string | null = s.cookie) =>
    s.t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const status = async (): Promise<DeterministicStatus> => (await call('GET', '/api/deterministic-status')).json();
  let rebuilt: RebuildResponse;

  beforeAll(async () => {
    s = await openCaseSession();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers 401 signed out, on the calls and on the output files', async () => {
    for (const [m, url] of [['GET', '/api/deterministic-status'], ['POST', '/api/rebuild-deterministic'], ['GET', '/api/review-links/doc63'],
      ['GET', '/api/review-63'], ['POST', '/api/index-first-detection'], ['GET', '/out/review_63/Master.TabsRange.linked.pdf']] as const) {
      expect((await call(m, url, undefined, null)).statusCode, url).toBe(401);
    }
  });

  it('reports the sample missing, then rebuild creates it and builds the three masters', async () => {
    expect(await status()).toMatchObject({ status: 'missing', caseId: null, totalLinks: 0, doc63: { state: 'missing' } });
    const started = Date.now();
    const res = await call('POST', '/api/rebuild-deterministic', { size: 'small' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    rebuilt = res.json();
    console.log(`sample case (small) created and built: ${Date.now() - started} ms`);
    expect(rebuilt).toMatchObject({ ok: true, error: null, created: true, totalLinks: 81 });
    for (const [k, n] of [['supp13', 13], ['doc63', 63], ['tr5', 5]] as const) {
      expect(rebuilt.results[k], k).toMatchObject({ total: n, error: null,
        validation: { expected_tabs: n, found_tabs: n, links_created: n, broken_links: 0, success: true } });
    }
    // the supplementary brief's tabs 9-13 are in the record, found by their *T9 … *T13 markers
    expect(rebuilt.results.supp13!.validation!.markers_used).toBe(5);
    expect(rebuilt.results.doc63!.review.pdfUrl).toBe('/out/review_63/Master.TabsRange.linked.pdf');

    const st = await status();
    expect(st).toMatchObject({ status: 'ready', caseNumber: 'SAMPLE-001', totalLinks: 81,
      supp13: { built: 13, total: 13, state: 'completed' }, doc63: { built: 63, total: 63 }, tr5: { built: 5, total: 5 } });
    // an ordinary case: listed with the others, its documents too
    const cases = (await call('GET', '/api/cases')).json() as Array<{ id: string; caseNumber: string }>;
    expect(cases.find((c) => c.caseNumber === 'SAMPLE-001')?.id).toBe(st.caseId);
    const docs = (await call('GET', `/api/cases/${st.caseId}/documents`)).json() as Array<{ id: string; linkCount: number }>;
    expect(docs.map((d) => d.linkCount).sort((a, b) => a - b)).toEqual([5, 13, 63]);
  }, 600_000);

  it('lists the review links of each master, with the record markers and its items', async () => {
    const doc63: ReviewLinksResponse = (await call('GET', '/api/review-links/doc63')).json();
    expect(doc63).toMatchObject({ ok: true, total: 63, pdfUrl: '/out/review_63/Master.TabsRange.linked.pdf' });
    expect(doc63.links.map((l) => l.tab_number)).toEqual(Array.from({ length: 63 }, (_, i) => String(i + 1)));
    expect(new Set(doc63.links.map((l) => l.brief_page))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8, 9]));
    const dest = doc63.links.map((l) => l.tr_dest_page!);
    expect(dest.every((p, i) => p > 9 && (i === 0 || p > dest[i - 1]!))).toBe(true);

    const tr5: ReviewLinksResponse = (await call('GET', '/api/review-links/tr5')).json();
    expect(tr5.total).toBe(5);
    expect(new Set(tr5.links.map((l) => l.brief_page))).toEqual(new Set([2, 3]));
    expect(tr5.subrules).toEqual(tr5.links.map((l) => ({ doc_number: l.tab_number, tr_page: l.tr_dest_page })));

    // the supplementary brief points into the record: tabs 1-8 on its own pages, 9-13 on the record's
    // pages marked *T9 … *T13, which are the record's five documents; one merged PDF
    const supp13: ReviewLinksResponse = (await call('GET', '/api/review-links/supp13')).json();
    expect(supp13.total).toBe(13);
    expect(supp13.links.map((l) => l.target)).toEqual([...Array(8).fill('source'), ...Array(5).fill('record')]);
    expect(supp13.links.map((l) => l.is_marker)).toEqual([...Array(8).fill(false), ...Array(5).fill(true)]);
    expect(supp13.links.slice(8).map((l) => l.tr_dest_page)).toEqual(tr5.links.map((l) => l.tr_dest_page));
    expect(supp13.links.slice(8).map((l) => l.master_page)).toEqual(tr5.links.map((l) => l.tr_dest_page! + supp13.pageCount!));
    expect(supp13.subrules).toEqual(tr5.subrules);
    // the same by the document's id
    const byId: ReviewLinksResponse = (await call('GET', `/api/review-links/${tr5.documentId}`)).json();
    expect(byId.links).toEqual(tr5.links);
  });

  it('overrides a destination and the PDF written again goes there', async () => {
    const before: ReviewLinksResponse = (await call('GET', '/api/review-links/doc63')).json();
    const tab = before.links[6]!;
    const newPage = tab.tr_dest_page! + 1;
    const res = await call('POST', '/api/review-links/doc63/override', { tab_number: tab.tab_number, tr_dest_page: newPage });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, pdfUrl: '/out/review_63/Master.TabsRange.linked.pdf' });
    const after: ReviewLinksResponse = (await call('GET', '/api/review-links/doc63')).json();
    expect(after.links.find((l) => l.id === tab.id)!.tr_dest_page).toBe(newPage);

    const pdf = await call('GET', '/out/review_63/Master.TabsRange.linked.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline');
    const read = await readPdfLinks(new Uint8Array(pdf.rawPayload));
    const bbox = ((await call('GET', `/api/documents/${before.documentId}/links`)).json() as LinkRecord[]).find((l) => l.id === tab.id)!.bbox!;
    const over = read.links.filter((k) => k.page === tab.brief_page && overlaps(k.box, bbox));
    expect(over.map((k) => k.target)).toEqual([newPage]);
    // the other tabs kept theirs
    const other = before.links[7]!;
    const otherBox = ((await call('GET', `/api/documents/${before.documentId}/links`)).json() as LinkRecord[]).find((l) => l.id === other.id)!.bbox!;
    expect(read.links.filter((k) => k.page === other.brief_page && overlaps(k.box, otherBox)).map((k) => k.target)).toEqual([other.tr_dest_page]);

    // the same document's output under its id; review.json is the engine's
    const json = await call('GET', `/out/${before.documentId}/review.json`);
    expect(json.statusCode).toBe(200);
    expect(json.json().links).toHaveLength(63);
    expect((await call('GET', `/out/${before.documentId}/Master.Dynamic.linked.pdf`)).rawPayload).toEqual(pdf.rawPayload);
  }, 300_000);

  it('refuses a destination below 1 and a tab the document does not have', async () => {
    expect((await call('POST', '/api/review-links/doc63/override', { tab_number: '7', tr_dest_page: 0 })).statusCode).toBe(400);
    const none = await call('POST', '/api/review-links/doc63/override', { tab_number: '99', tr_dest_page: 12 });
    expect(none.statusCode).toBe(404);
    expect(none.json().field).toBe('tab_number');
  });

  it('refuses file-system paths and unknown ids wherever the spec passes a path', async () => {
    const paths = ['../etc/passwd', '/etc/passwd', 'C:\\briefs\\a.pdf', 'out/../../etc', 'briefs/doc63.pdf', '..', 'doc63/../tr5'];
    for (const p of paths) {
      for (const [url, body] of [
        ['/api/index-first-detection', { briefPath: p }],
        ['/api/index-first-detection', { briefPath: 'supp13', trialRecordPath: p }],
        ['/api/index-first-detection', { briefPath: 'supp13', outputDir: p }],
        ['/api/build-document-dynamic', { briefPath: p }],
        ['/api/build-document-dynamic', { briefPath: 'tr5', trialPath: p }],
        ['/api/regenerate-pdf', { documentType: p, highlightedLinks: [] }],
      ] as const) {
        const res = await call('POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    expect((await call('GET', '/api/review-links/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    expect((await call('GET', '/out/..%2F..%2Fetc/review.json')).statusCode).toBe(400);
    expect((await call('GET', '/out/review_63/source.pdf')).statusCode).toBe(400);
    expect((await call('GET', '/out/review_63/..%2Fsource.pdf')).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', '/api/index-first-detection', { briefPath: unknown })).statusCode).toBe(404);
    expect((await call('GET', `/out/${unknown}/Master.linked.pdf`)).statusCode).toBe(404);
  });

  it('runs index-first detection on the supplementary brief with the record beside it', async () => {
    const st = await status();
    const res = await call('POST', '/api/index-first-detection', { briefPath: st.supp13.documentId, trialRecordPath: 'tr5', outputDir: 'out/review_13' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true, error: null, outputDir: 'out/review_13',
      validation: { found_tabs: 13, expected_tabs: 13, links_created: 13, broken_links: 0, markers_used: 5, success: true },
      review: { pdfUrl: '/out/review_13/Master.TabsRange.linked.pdf', total: 13 },
    });
    // a record of another case, or a brief as the record, is refused under the call's own field
    const notRecord = await call('POST', '/api/index-first-detection', { briefPath: 'supp13', trialRecordPath: 'doc63' });
    expect(notRecord.statusCode).toBe(409);
    expect(notRecord.json().field).toBe('trialRecordPath');
    // another brief's output folder is not this brief's
    const other = await call('POST', '/api/index-first-detection', { briefPath: 'supp13', outputDir: 'out/review_63' });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('outputDir');
  }, 300_000);

  it('processes a document dynamically: the index only, then with index pages set by hand', async () => {
    const only = await call('POST', '/api/build-document-dynamic', { briefPath: 'tr5', indexOnly: true, reviewJson: true });
    expect(only.statusCode, only.body.slice(0, 300)).toBe(200);
    expect(only.json()).toMatchObject({ ok: true, outputDir: 'out/review_tr5', results: { total: 5 } });
    expect(only.json().results.items.map((i: { page: number }) => i.page)).toEqual([2, 2, 2, 3, 3]);
    const built = await call('POST', '/api/build-document-dynamic', { briefPath: 'tr5', indexPages: '2-3', indexOnly: false, reviewJson: true });
    expect(built.json()).toMatchObject({ ok: true, message: '5 links built', results: { total: 5 } });
    const bad = await call('POST', '/api/build-document-dynamic', { briefPath: 'tr5', indexPages: 'two' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('indexPages');
  }, 300_000);

  it('keeps the enhanced review fields and regenerates with the highlighted links', async () => {
    const r13: EnhancedReview = (await call('GET', '/api/review-13')).json();
    expect(r13).toMatchObject({ ok: true, total: 13, outputDir: 'out/review_13' });
    expect((await call('GET', '/api/review-63')).json().total).toBe(63);
    expect((await call('GET', '/api/review-subrules')).json().total).toBe(5);
    const link = r13.links[2]!;
    const up = await call('POST', '/api/update-hyperlink', { documentType: '13', linkId: link.id,
      changes: { targetParagraph: 3, highlighted: true, notes: 'Check the date on the first page' } });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().link).toMatchObject({ id: link.id, targetPage: link.targetPage, targetParagraph: 3, highlighted: true, notes: 'Check the date on the first page' });
    const moved = await call('POST', '/api/update-hyperlink', { documentType: '13', linkId: link.id, changes: { targetPage: link.targetPage! + 1 } });
    expect(moved.json().link).toMatchObject({ targetPage: link.targetPage! + 1, notes: 'Check the date on the first page' });
    // a link of another document is not found through this one
    const r63: EnhancedReview = (await call('GET', '/api/review-63')).json();
    expect((await call('POST', '/api/update-hyperlink', { documentType: '13', linkId: r63.links[0]!.id, changes: { notes: 'x' } })).statusCode).toBe(404);

    const regen = await call('POST', '/api/regenerate-pdf', { documentType: '13', highlightedLinks: [r13.links[0]!.id, r13.links[1]!.id] });
    expect(regen.statusCode, regen.body.slice(0, 300)).toBe(200);
    expect(regen.json()).toMatchObject({ ok: true, highlighted: 2, validation: { success: true } });
    const after: EnhancedReview = (await call('GET', '/api/review-13')).json();
    expect(after.links.filter((l) => l.highlighted).map((l) => l.id)).toEqual([r13.links[0]!.id, r13.links[1]!.id]);
    const read = await readPdfLinks(new Uint8Array((await call('GET', '/out/review_13/Master.TabsRange.linked.pdf')).rawPayload));
    // the bookmarks go where the links do, in the merged PDF (the record's pages after the brief's)
    const review: ReviewLinksResponse = (await call('GET', '/api/review-links/supp13')).json();
    expect(review.links.map((l) => l.tr_dest_page)).toEqual(after.links.map((l) => l.targetPage));
    expect(read.outline.map((o) => o.target)).toEqual(review.links.map((l) => l.master_page));
  }, 300_000);

  it('rebuilds the three masters again, asking first for the reviewed ones, and the case deletes like any other', async () => {
    const before: ReviewLinksResponse = (await call('GET', '/api/review-links/doc63')).json();
    // doc63 has a destination set by the reviewer: its links are built again only when confirmed
    const asked = await call('POST', '/api/rebuild-deterministic', {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ field: 'confirm' });
    const res = await call('POST', '/api/rebuild-deterministic', { confirm: true });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, created: false, totalLinks: 81 });
    // the override survives the rebuild (same tab, same page found by the engine); the rest are the engine's
    const doc63: ReviewLinksResponse = (await call('GET', '/api/review-links/doc63')).json();
    const engine = (await call('GET', `/out/${doc63.documentId}/review.json`)).json() as { links: Array<{ targetPage: number }> };
    expect(doc63.links.map((l) => l.tr_dest_page)).toEqual(before.links.map((l) => l.tr_dest_page));
    const differ = doc63.links.filter((l, i) => l.tr_dest_page !== engine.links[i]!.targetPage);
    expect(differ.map((l) => [l.tab_number, l.tr_dest_page])).toEqual([['7', engine.links[6]!.targetPage + 1]]);
    const st = await status();
    expect((await call('DELETE', `/api/cases/${st.caseId}`)).statusCode).toBe(204);
    expect(await status()).toMatchObject({ status: 'missing', totalLinks: 0 });
    expect((await call('GET', '/api/review-links/doc63')).statusCode).toBe(404);
  }, 600_000);
});
