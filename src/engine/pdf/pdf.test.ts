import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { createPdfFromImages, openPdf } from './index.ts';
import { addNote, encryptPdf, makeTextPdf, noteContents } from './make-text-pdf.ts';

const latin1 = new TextDecoder('latin1');
const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

function brief(): Uint8Array {
  return makeTextPdf([
    [{ text: 'INDEX', y: 72 }, { text: 'Tab 1   Affidavit of Jane Doe', y: 120 }, { text: 'Tab 2   Reply', y: 140 }],
    [{ text: 'TAB 1', y: 400, size: 40 }],
    [{ text: 'Affidavit body text', y: 100 }],
    [{ text: 'TAB 2', y: 400, size: 40 }],
  ]);
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    const d = fn() as { close(): void };
    d.close();
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    return (err as EngineError).code;
  }
}

describe('openPdf', () => {
  it('opens a PDF and gives lines and words with boxes, top-left origin', () => {
    const doc = openPdf(brief());
    expect(doc.pageCount).toBe(4);
    const t = doc.pageText(1);
    expect(t.source).toBe('text-layer');
    expect(t.width).toBe(612);
    expect(t.lines.map((l) => l.text)).toEqual(['INDEX', 'Tab 1 Affidavit of Jane Doe', 'Tab 2 Reply']);
    const row = t.lines[1]!;
    expect(row.words.map((w) => w.text)).toEqual(['Tab', '1', 'Affidavit', 'of', 'Jane', 'Doe']);
    // baseline at 120 pt from the top, 12 pt Helvetica: the box straddles it
    expect(row.bbox[1]).toBeGreaterThan(100);
    expect(row.bbox[3]).toBeGreaterThan(120);
    expect(row.bbox[3]).toBeLessThan(130);
    expect(row.words[0]!.bbox[0]).toBeCloseTo(72, 0);
    expect(row.words[1]!.bbox[0]).toBeGreaterThan(row.words[0]!.bbox[2]);
    doc.close();
    doc.close();
  });

  it('refuses a file that is not a PDF, by content', () => {
    expect(codeOf(() => openPdf(enc('PK\u0003\u0004 this is a zip file, not a PDF')))).toBe('not-pdf');
    expect(codeOf(() => openPdf(new Uint8Array(0)))).toBe('not-pdf');
    const html = enc(`<html>${' '.repeat(2000)}%PDF-1.7</html>`);
    expect(codeOf(() => openPdf(html))).toBe('not-pdf');
  });

  it('gives password-protected for a file that needs a password', () => {
    expect(codeOf(() => openPdf(encryptPdf(brief(), 'secret')))).toBe('password-protected');
  });

  it('opens a file locked only by an owner password and saves it without encryption', () => {
    const locked = encryptPdf(brief(), '', 'owner-secret');
    expect(latin1.decode(locked)).toContain('/Encrypt');
    const doc = openPdf(locked);
    expect(doc.pageText(2).lines[0]!.text).toBe('TAB 1');
    const saved = doc.save();
    doc.close();
    expect(latin1.decode(saved)).not.toContain('/Encrypt');
  });

  it('repairs a file whose end (xref and trailer) was cut off', () => {
    const bytes = brief();
    const text = latin1.decode(bytes);
    const cut = text.lastIndexOf('xref');
    expect(cut).toBeGreaterThan(0);
    const doc = openPdf(bytes.slice(0, cut));
    expect(doc.pageCount).toBe(4);
    expect(doc.pageText(2).lines[0]!.text).toBe('TAB 1');
    doc.close();
  });

  it('repairs a file whose xref offset is wrong', () => {
    const text = latin1.decode(brief());
    const broken = text.replace(/startxref\s+\d+/, 'startxref\n999999');
    const doc = openPdf(enc(broken));
    expect(doc.pageCount).toBe(4);
    doc.close();
  });

  it('gives damaged when nothing can be recovered', () => {
    expect(codeOf(() => openPdf(enc(`%PDF-1.7\n${'garbage '.repeat(100)}`)))).toBe('damaged');
  });
});

describe('needsOcr', () => {
  it('is true for image-only pages and false for text pages', () => {
    const text = openPdf(brief());
    const png = text.renderPng(1, 72);
    expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(text.needsOcr(1)).toBe(false);
    // a divider page has little text and no image: it has a usable text layer
    expect(text.needsOcr(2)).toBe(false);
    text.close();
    const scan = openPdf(createPdfFromImages([{ png, widthPt: 612, heightPt: 792 }]));
    expect(scan.pageCount).toBe(1);
    expect(scan.needsOcr(1)).toBe(true);
    expect(scan.pageText(1).source).toBe('none');
    scan.close();
  });

  it('is true for a page whose font has no Unicode map, and its glyph codes are not read as text', () => {
    const lines = [{ text: 'INDEX', x: 270, y: 90, size: 16 }, { text: 'Tab 1   Notice of Motion dated May 3, 2021', y: 150 }];
    const doc = openPdf(makeTextPdf([lines, lines], undefined, { unmappedPages: [2] }));
    expect(doc.needsOcr(1)).toBe(false);
    expect(doc.pageText(1).lines.map((l) => l.text)).toEqual(['INDEX', 'Tab 1 Notice of Motion dated May 3, 2021']);
    expect(doc.needsOcr(2)).toBe(true);
    expect(doc.pageText(2)).toMatchObject({ source: 'none', lines: [] });
    // the page still shows its text: rendered, it is not blank
    const png = doc.renderPng(2, 50);
    doc.close();
    const empty = openPdf(makeTextPdf([[]]));
    const blank = empty.renderPng(1, 50);
    empty.close();
    expect(png.length).toBeGreaterThan(blank.length + 200);
  });
});

describe('links, outline, append, save', () => {
  it('deletes the internal links over a row, and only those: a web link there and links on other rows stay', async () => {
    const mupdf = await import('mupdf');
    const raw = new mupdf.PDFDocument(brief());
    const page = raw.loadPage(0);
    page.createLink([300, 110, 360, 122], 'https://www.ontariocourts.ca/').destroy();
    page.destroy();
    const withWeb = openPdf(raw.saveToBuffer('').asUint8Array().slice());
    raw.destroy();
    withWeb.addLink(1, [72, 110, 120, 122], 2);
    withWeb.addLink(1, [72, 150, 120, 162], 2);
    const doc = openPdf(withWeb.save());
    withWeb.close();
    expect(doc.deleteLinksAt(1, [72, 108, 400, 124])).toBe(1);
    expect(doc.links(1).map((l) => [l.rect.map(Math.round), l.uri.startsWith('https:')])).toEqual([
      [[300, 110, 360, 122], true], [[72, 150, 120, 162], false],
    ]);
    doc.close();
  });

  it('writes internal links and an outline that read back, and keeps existing links', () => {
    const doc = openPdf(brief());
    doc.addLink(1, [72, 108, 300, 124], 2);
    const first = openPdf(doc.save());
    doc.close();
    first.addLink(1, [72, 128, 300, 144], 4);
    first.setOutline([{ title: 'Tab 1 – Affidavit of Jane Doe', page: 2 }, { title: 'Tab 2 – Reply', page: 4 }]);
    const again = openPdf(first.save());
    first.close();
    const links = again.links(1);
    expect(links.map((l) => l.targetPage).sort()).toEqual([2, 4]);
    const toTab1 = links.find((l) => l.targetPage === 2)!;
    expect(toTab1.rect.map(Math.round)).toEqual([72, 108, 300, 124]);
    expect(again.outline()).toEqual([
      { title: 'Tab 1 – Affidavit of Jane Doe', page: 2, level: 0 },
      { title: 'Tab 2 – Reply', page: 4, level: 0 },
    ]);
    again.close();
  });

  it('nests outline entries by level', () => {
    const doc = openPdf(brief());
    doc.setOutline([
      { title: 'I. Introduction', page: 1 },
      { title: 'A. Background', page: 2, level: 1 },
      { title: '1. Parties', page: 2, level: 2 },
      { title: 'B. Issues', page: 3, level: 1 },
      { title: 'II. Analysis', page: 4 },
    ]);
    const back = openPdf(doc.save());
    doc.close();
    expect(back.outline().map((o) => [o.title, o.page, o.level])).toEqual([
      ['I. Introduction', 1, 0], ['A. Background', 2, 1], ['1. Parties', 2, 2], ['B. Issues', 3, 1], ['II. Analysis', 4, 0],
    ]);
    back.close();
  });

  it('keeps the links and notes of an appended document, its internal links going to the appended pages', () => {
    const rec = openPdf(makeTextPdf([[{ text: 'Record one', y: 100 }], [{ text: 'Record two', y: 100 }], [{ text: 'Record three', y: 100 }]]));
    rec.addLink(1, [72, 80, 200, 110], 3);
    const withNote = addNote(rec.save(), 2, [300, 300, 320, 320], 'check this page');
    rec.close();
    const doc = openPdf(brief());
    const other = openPdf(withNote);
    expect(doc.append(other)).toBe(5);
    other.close();
    const merged = doc.save();
    doc.close();
    const back = openPdf(merged);
    expect(back.links(5)).toEqual([expect.objectContaining({ targetPage: 7 })]);
    back.close();
    expect(noteContents(merged, 6)).toEqual(['check this page']);
  });

  it('appends another document and keeps its text', () => {
    const doc = openPdf(brief());
    const rec = openPdf(makeTextPdf([[{ text: 'Record page one', y: 100 }], [{ text: '*T1 Transcript', y: 100 }]]));
    expect(doc.append(rec)).toBe(5);
    rec.close();
    const merged = openPdf(doc.save());
    doc.close();
    expect(merged.pageCount).toBe(6);
    expect(merged.pageText(6).lines[0]!.text).toBe('*T1 Transcript');
    merged.close();
  });
});

// Real court filing kept beside the repository (../shared/real); its tests are skipped without it.
const REAL_MIXED = fileURLToPath(new URL('../../../../shared/real/mixed-scanned-opinion-15pp.pdf', import.meta.url));

describe.skipIf(!existsSync(REAL_MIXED))('page text of a real mixed filing', () => {
  it('reads the same lines and words through the direct accessors as through the public walker', async () => {
    const mupdf = await import('mupdf');
    const { analysePage } = await import('./page-text.ts');
    const { stextAccess } = await import('./wasm-handle.ts');
    expect(stextAccess()).not.toBeNull();
    const doc = mupdf.Document.openDocument(readFileSync(REAL_MIXED), 'application/pdf');
    try {
      for (let i = 0; i < doc.countPages(); i++) {
        const page = doc.loadPage(i);
        try {
          expect(analysePage(page, i + 1, true)).toEqual(analysePage(page, i + 1, false));
        } finally {
          page.destroy();
        }
      }
    } finally {
      doc.destroy();
    }
  });

  it('marks the scanned pages, and only those, as needing OCR', () => {
    const doc = openPdf(readFileSync(REAL_MIXED));
    const pages = Array.from({ length: doc.pageCount }, (_, i) => i + 1).filter((p) => doc.needsOcr(p));
    doc.close();
    expect(pages).toEqual([1, 15]);
  });
});
