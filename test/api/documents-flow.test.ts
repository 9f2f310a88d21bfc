// The main flow through the real app, its job workers and a real PostgreSQL: upload a brief, watch
// OCR and index detection finish with the right item count, build the links (one per index item),
// download the linked PDF and read its links back. On a text brief and on a brief with scanned pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../../src/engine/pdf/index.ts';
import type { DocumentRecord, LinkRecord, StartHyperlinkingResponse } from '../../src/contract/documents.ts';
import { loadFixture } from '../fixtures/index.ts';
import { hasPdftotext, pdftotextWords } from '../pdftotext.ts';
import type { TestApp } from './support/app.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { processed, upload, waitForDocument } from './support/documents.ts';

describe('documents: upload → OCR → index → links', () => {
  let session: CaseSession | undefined;
  let t: TestApp;
  let cookie: string;
  let caseId: string;
  beforeAll(async () => {
    session = await openCaseSession();
    ({ t, cookie, caseId } = session);
  });
  afterAll(async () => {
    await session?.close();
  });

  async function linkDocument(doc: DocumentRecord, expected: number) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/documents/start-hyperlinking', headers: { cookie }, payload: { documentIds: [doc.id] },
    });
    expect(res.statusCode).toBe(200);
    const body: StartHyperlinkingResponse = res.json();
    expect(body).toMatchObject({ totalLinks: expected, successCount: 1, failedCount: 0 });
    expect(body.results[0]).toMatchObject({ documentId: doc.id, success: true, linkCount: expected, error: null });

    const links: LinkRecord[] = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/links`, headers: { cookie } })).json();
    expect(links).toHaveLength(expected);
    expect(new Set(links.map((l) => l.indexItemId)).size).toBe(expected); // one per index item
    for (const l of links) {
      expect(l).toMatchObject({ srcDocId: doc.id, status: 'auto', target: 'source' });
      expect(l.bbox).toHaveLength(4);
      expect(Number(l.confidence)).toBeGreaterThanOrEqual(0);
      expect(Number(l.confidence)).toBeLessThanOrEqual(1);
    }
    const after = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: { cookie } })).json();
    expect(after).toMatchObject({ aiProcessingStatus: 'completed', has_links: true, hasOutput: true, linkCount: expected });

    // The download is now the linked PDF: one link annotation per resolved item.
    const dl = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download`, headers: { cookie } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(String(dl.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const pdf = openPdf(new Uint8Array(dl.rawPayload));
    const resolved = links.filter((l) => l.targetPage !== null).length;
    const annotated = [...new Set(links.map((l) => l.srcPage))].reduce((n, p) => n + pdf.links(p).length, 0);
    pdf.close();
    expect(annotated).toBe(resolved);
    return links;
  }

  it('links a text brief: index ok with the right count, one link per item, each to the right page', async () => {
    const f = await loadFixture('ontario-brief');
    const res = await upload(t.app, cookie, caseId, f.brief, 'Ontario brief.pdf', { title: 'Book of Documents', alias: 'BOD' });
    expect(res.statusCode).toBe(201);
    const created: DocumentRecord = res.json();
    expect(created).toMatchObject({ caseId, title: 'Book of Documents', alias: 'BOD', originalName: 'Ontario brief.pdf', fileSize: f.brief.length });
    expect(created).toMatchObject({ status: 'queued', ocrStatus: 'queued', index_status: 'pending' });

    const doc = await waitForDocument(t.app, cookie, created.id, processed);
    expect(doc).toMatchObject({ status: 'completed', ocrStatus: 'completed', index_status: 'ok', index_count: f.truth.items.length });
    expect(doc.index_detected_at).not.toBeNull();
    const source = openPdf(f.brief);
    expect(doc.pageCount).toBe(source.pageCount);
    source.close();
    const status = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/index-status`, headers: { cookie } })).json();
    expect(status).toMatchObject({ index_status: 'ok', index_count: f.truth.items.length });
    const progress = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/ocr-progress`, headers: { cookie } })).json();
    expect(progress).toMatchObject({ status: 'completed', percent: 100, done: doc.pageCount, total: doc.pageCount });

    const links = await linkDocument(doc, f.truth.items.length);
    const byOrdinal = new Map(links.map((l) => [l.itemOrdinal, l.targetPage]));
    for (const item of f.truth.items) expect(byOrdinal.get(item.ordinal), `item ${item.label}`).toBe(item.targetPage);

    const caseList: DocumentRecord[] = (await t.app.inject({ method: 'GET', url: `/api/cases/${caseId}/documents`, headers: { cookie } })).json();
    expect(caseList.map((d) => d.id)).toContain(doc.id);
    const caseLinks = (await t.app.inject({ method: 'GET', url: `/api/cases/${caseId}/links`, headers: { cookie } })).json();
    expect(caseLinks).toHaveLength(f.truth.items.length);
  }, 120_000);

  it('OCRs the scanned pages of a brief (its index page is a scan) page by page, persists the progress, finds its index and links it', async () => {
    const f = await loadFixture('mixed-brief');
    const created: DocumentRecord = (await upload(t.app, cookie, caseId, f.brief, 'scanned.pdf')).json();
    const seen = new Set<number>();
    const doc = await waitForDocument(t.app, cookie, created.id, (d) => {
      if (d.ocrStatus === 'processing') seen.add(d.ocrProgress.done);
      return processed(d);
    }, 300_000);
    expect(doc).toMatchObject({ ocrStatus: 'completed', index_status: 'ok', index_count: f.truth.items.length });
    expect(seen.size).toBeGreaterThan(1); // progress moved page by page while OCR ran
    const links = await linkDocument(doc, f.truth.items.length);
    const right = f.truth.items.filter((item) => links.find((l) => l.itemOrdinal === item.ordinal)?.targetPage === item.targetPage);
    expect(right).toHaveLength(f.truth.items.length);

    // Searchable: the linked PDF and the regenerated one carry the words OCR read on the scanned pages
    // (the index's titles on the index page), as poppler reads them; the text pages read as before.
    if (!hasPdftotext()) return void console.warn('pdftotext not on PATH: text layer not read back');
    const download = async (version?: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download${version ? `?version=${version}` : ''}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return new Uint8Array(res.rawPayload);
    };
    const regen = await t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/regenerate`, headers: { cookie } });
    expect(regen.statusCode, regen.body).toBe(200);
    const input = pdftotextWords(f.brief);
    const scanned = input.flatMap((words, i) => (words.length === 0 ? [i + 1] : []));
    expect(scanned).toContain(f.truth.indexPages[0]);
    for (const out of [await download('engine'), await download()]) {
      const words = pdftotextWords(out);
      expect(words.length).toBe(input.length);
      for (const [i, w] of input.entries()) if (w.length) expect(words[i], `text page ${i + 1}`).toEqual(w);
      for (const p of scanned) expect(words[p - 1]!.length, `scanned page ${p}`).toBeGreaterThan(0);
      // (as OCR read them: '2,2019' for '2, 2019')
      const norm = (s: string) => s.split(/[\s,]+/).map((w) => w.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase()).filter(Boolean);
      const index = new Set(words[f.truth.indexPages[0]! - 1]!.flatMap((w) => norm(w.text)));
      const titleWords = f.truth.items.flatMap((it) => norm(it.text));
      expect(titleWords.filter((w) => index.has(w)).length / titleWords.length).toBeGreaterThan(0.9);
    }
  }, 400_000);
});
