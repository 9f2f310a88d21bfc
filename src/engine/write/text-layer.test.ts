import { PDFArray, PDFDocument, PDFRawStream, PDFRef, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { hasPdftotext, pdfFonts, pdftotextWords, searchableWords } from '../../../test/pdftotext.ts';
import { ocrPages } from '../ocr/index.ts';
import { openPdf } from '../pdf/index.ts';
import type { PageText } from '../types.ts';
import { writeReviewed, type ReviewedSet } from './write-reviewed.ts';

/** The content of every page as pdf-lib reads it (a reader other than MuPDF): its streams decoded and joined. */
async function pageContents(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const decode = (o: PDFObject | undefined): string => {
    const v = o instanceof PDFRef ? doc.context.lookup(o) : o;
    if (v instanceof PDFArray) return v.asArray().map(decode).join('\n');
    if (v instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(v).decode()).toString('latin1');
    return '';
  };
  return doc.getPages().map((p) => decode(p.node.Contents()));
}

const noLinks = (briefPages: number): ReviewedSet => ({ briefName: 'brief.pdf', briefPages, indexPages: [], entries: [] });

describe.skipIf(!hasPdftotext())('invisible text layer on OCR pages', () => {
  let input: Uint8Array;
  let pages: PageText[];
  let ocr: PageText[];
  let output: Uint8Array;
  let scanned: number[];

  beforeAll(async () => {
    // a brief whose index page and some tab pages are scans among text pages
    input = (await loadFixture('mixed-brief')).brief;
    const doc = openPdf(input);
    try {
      pages = Array.from({ length: doc.pageCount }, (_, i) => doc.analysePage(i + 1).text);
      scanned = pages.filter((_, i) => doc.needsOcr(i + 1)).map((p) => p.page);
    } finally {
      doc.close();
    }
    // two scanned pages read by OCR (about a second each)
    const read = await ocrPages(input, scanned.slice(0, 2), { workers: 2 });
    expect(read.failed).toEqual([]);
    ocr = read.pages;
    for (const p of ocr) pages[p.page - 1] = p;
    const out = openPdf(input);
    try {
      output = writeReviewed(out, noLinks(out.pageCount), pages);
    } finally {
      out.close();
    }
  });

  it('lets pdftotext find the words OCR read, on their page, over their boxes', () => {
    expect(scanned.length).toBeGreaterThanOrEqual(2);
    const found = pdftotextWords(output);
    const r = searchableWords(found, ocr);
    expect(r.words).toBeGreaterThan(20);
    expect(r.found / r.words, `not found: ${r.missing.slice(0, 20).join(' | ')}`).toBeGreaterThanOrEqual(0.99);
    expect(r.placed / r.words).toBeGreaterThanOrEqual(0.99);
    // the input's scans had no text at all
    const before = pdftotextWords(input);
    for (const p of ocr) expect(before[p.page - 1]).toEqual([]);
    // a scanned page not read by OCR stays without text
    for (const p of scanned.slice(2)) expect(found[p - 1]).toEqual([]);
  });

  it('draws nothing visible and keeps the content of every other page as it was', async () => {
    const [a, b] = await Promise.all([pageContents(input), pageContents(output)]);
    expect(b.length).toBe(a.length);
    const read = new Set(ocr.map((p) => p.page));
    for (let i = 0; i < a.length; i++) {
      if (read.has(i + 1)) {
        // the scan's own content, kept whole, then the layer in render mode 3 (invisible)
        expect(b[i]).toContain(a[i]);
        expect(b[i]).toMatch(/BT 3 Tr/);
      } else {
        expect(b[i], `page ${i + 1}`).toBe(a[i]);
      }
    }
    const before = openPdf(input);
    const after = openPdf(output);
    try {
      for (const p of read) expect(Buffer.from(after.renderPng(p, 50)).equals(Buffer.from(before.renderPng(p, 50)))).toBe(true);
    } finally {
      before.close();
      after.close();
    }
  });

  it('embeds the font of the layer', () => {
    // the input's fonts as they were, and one more: the layer's, embedded, with a ToUnicode map so
    // copied text comes back as read
    const before = pdfFonts(input);
    const after = pdfFonts(output);
    expect(after.length).toBe(before.length + 1);
    const added = after.filter((f) => !before.some((b) => b.name === f.name && b.type === f.type));
    expect(added).toEqual([{ name: 'Helvetica', type: 'CID Type 0C', embedded: true, unicode: true }]);
  });
});

describe.skipIf(!hasPdftotext())('invisible text layer on turned pages', () => {
  it('lands on the words of a page scanned upside down and of a page shown turned (/Rotate 90)', async () => {
    const { createPdfFromImages } = await import('../pdf/index.ts');
    const { makeTextPdf } = await import('../pdf/make-text-pdf.ts');
    const lines = ['Affidavit of Jane Morrison sworn May 3, 2021', 'The parties agree that the lease governs the premises.', 'Exhibit "B" (the lease) \\ page 12'];
    const text = openPdf(makeTextPdf([lines.map((t, i) => ({ text: t, y: 120 + i * 40, size: 14 }))]));
    // page 1 fed in upside down; page 2 scanned sideways on a landscape page that a viewer turns upright
    const scan = createPdfFromImages([
      { png: text.renderPng(1, 200, { rotate: 180 }), widthPt: 612, heightPt: 792 },
      { png: text.renderPng(1, 200, { rotate: 270 }), widthPt: 792, heightPt: 612 },
    ]);
    text.close();
    const lib = await PDFDocument.load(scan);
    const { degrees } = await import('pdf-lib');
    lib.getPage(1).setRotation(degrees(90));
    const input = await lib.save();

    const read = await ocrPages(input, [1, 2], { workers: 2 });
    expect(read.failed).toEqual([]);
    const byPage = read.pages.sort((a, b) => a.page - b.page);
    expect(byPage[0]!.rotation).toBe(180);
    expect(byPage[1]!.rotation).toBeUndefined();
    const doc = openPdf(input);
    const output = writeReviewed(doc, noLinks(2), byPage);
    doc.close();

    const found = pdftotextWords(output);
    const r = searchableWords(found, byPage);
    expect(r.words).toBeGreaterThan(20);
    expect(r.found / r.words, `not found: ${r.missing.join(' | ')}`).toBeGreaterThanOrEqual(0.99);
    expect(r.placed / r.words).toBeGreaterThanOrEqual(0.99);
    // and the words run in reading order on both pages
    for (const p of [0, 1]) expect(found[p]!.map((w) => w.text).join(' ')).toContain('agree that the lease');
  });
});

describe.skipIf(!hasPdftotext())('invisible text layer: what a word may hold', () => {
  it('keeps parentheses, backslashes, accents and Greek as read; a character the font lacks comes back as ?', async () => {
    const { createPdfFromImages } = await import('../pdf/index.ts');
    const { makeTextPdf } = await import('../pdf/make-text-pdf.ts');
    const text = openPdf(makeTextPdf([[{ text: 'blank', y: 700 }]]));
    const scan = createPdfFromImages([{ png: text.renderPng(1, 50), widthPt: 612, heightPt: 792 }]);
    text.close();
    // a page as OCR might give it (built by hand: the words are the test)
    const said = ['(a)', 'C:\\files\\', 'Müller’s', '§', '“Ωmega”', 'tab—7', '中文'];
    const words = said.map((t, i) => ({ text: t, bbox: [72 + i * 70, 100, 72 + i * 70 + 60, 114] as [number, number, number, number], confidence: 90 }));
    const page: PageText = { page: 1, width: 612, height: 792, source: 'ocr', confidence: 90, lines: [{ text: said.join(' '), bbox: [72, 100, 552, 114], words }] };
    const doc = openPdf(scan);
    const out = writeReviewed(doc, noLinks(1), [page]);
    doc.close();
    const found = pdftotextWords(out)[0]!;
    expect(found.map((w) => w.text)).toEqual(['(a)', 'C:\\files\\', 'Müller’s', '§', '“Ωmega”', 'tab—7', '??']);
    // each word as wide as its box (within a tenth of a point)
    for (const [i, w] of found.entries()) {
      expect(Math.abs(w.bbox[0] - words[i]!.bbox[0])).toBeLessThan(0.1);
      expect(Math.abs(w.bbox[2] - words[i]!.bbox[2])).toBeLessThan(0.1);
    }
  });
});
