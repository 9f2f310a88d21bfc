import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import type { OcrProgress, PageText, Word } from '../types.ts';
import { findTesseractCli, ocrPages } from './index.ts';
import { makeScannedPdf, SAMPLE_PAGES } from './scanned-sample.ts';
import { createTesseractJsEngine } from './tesseract-js-engine.ts';

const REAL_MIXED = '/work/shared/real/mixed-scanned-opinion-15pp.pdf';
const scanned = makeScannedPdf();
const threads = () => readdirSync('/proc/self/task').length;

function words(page: PageText): Word[] {
  return page.lines.flatMap((l) => l.words);
}

/** Share of the printed words (letters and digits only) that OCR read back on the page. */
function wordRecall(printed: string[], page: PageText): number {
  const norm = (s: string) => s.replace(/[^A-Za-z0-9*]/g, '').toLowerCase();
  const read = new Set(words(page).map((w) => norm(w.text)));
  const expected = printed.flatMap((t) => t.split(/\s+/)).map(norm).filter((w) => w.length > 1);
  return expected.filter((w) => read.has(w)).length / expected.length;
}

function expectSample(pages: PageText[]) {
  const byPage = new Map(pages.map((p) => [p.page, p]));
  const body = byPage.get(1)!;
  expect(body).toMatchObject({ source: 'ocr', width: 612, height: 792 });
  expect(body.confidence).toBeGreaterThan(70);
  expect(wordRecall(SAMPLE_PAGES[0]!.map((l) => l.text), body)).toBeGreaterThanOrEqual(0.9);

  // The marker survives with its star, boxed where it is printed (x 500, baseline 60, 12 pt).
  const marker = words(body).find((w) => w.text === '*T3');
  expect(marker, body.lines.map((l) => l.text).join('\n')).toBeDefined();
  expect(marker!.bbox[0]).toBeGreaterThan(495);
  expect(marker!.bbox[0]).toBeLessThan(506);
  expect(marker!.bbox[1]).toBeGreaterThan(46);
  expect(marker!.bbox[1]).toBeLessThan(53);
  expect(marker!.bbox[3]).toBeGreaterThan(56);
  expect(marker!.bbox[3]).toBeLessThan(65);
  expect(marker!.confidence).toBeGreaterThan(50);

  const heading = words(body).find((w) => w.text === 'AFFIDAVIT')!;
  expect(heading.bbox[0]).toBeGreaterThan(176);
  expect(heading.bbox[0]).toBeLessThan(186);
  expect(heading.bbox[3]).toBeGreaterThan(116);
  expect(heading.bbox[3]).toBeLessThan(124);

  // Index rows: one line per row, label first and page reference last, rows top to bottom.
  const index = byPage.get(2)!;
  const rows = index.lines.filter((l) => /^Tab\s/.test(l.text));
  expect(rows.map((r) => r.words[1]!.text)).toEqual(['1', '2', '3', '4']);
  expect(rows.map((r) => r.words.at(-1)!.text.replace(/^\.+/, ''))).toEqual(['1', '7', '24', '58']);
  for (let i = 1; i < rows.length; i++) expect(rows[i]!.bbox[1]).toBeGreaterThan(rows[i - 1]!.bbox[3]);

  expect(byPage.get(3)!.lines.map((l) => l.text)).toEqual(['TAB 1']);
}

describe('ocrPages with tesseract.js', () => {
  it('reads words, the *T3 marker and index rows with their boxes, on two workers, reporting progress', async () => {
    const progress: Array<OcrProgress & { page: number }> = [];
    const before = threads();
    let during = 0;
    const result = await ocrPages(scanned, [2, 1, 3], {
      engine: 'tesseract-js',
      workers: 2,
      onProgress: (p) => {
        progress.push(p);
        during = Math.max(during, threads());
      },
    });
    expect(result.failed).toEqual([]);
    expect(result.pages.map((p) => p.page)).toEqual([2, 1, 3]);
    expectSample(result.pages);

    expect(progress.map((p) => p.done)).toEqual([1, 2, 3]);
    expect(progress.every((p) => p.total === 3 && p.avgMsPerPage > 0)).toBe(true);
    expect(progress.at(-1)!.etaMs).toBe(0);
    expect(progress.map((p) => p.page).sort()).toEqual([1, 2, 3]);

    // Both workers (and their recognisers) ran as threads, and all of them are gone afterwards.
    expect(during).toBeGreaterThanOrEqual(before + 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(threads()).toBeLessThanOrEqual(before);
  });

  it('reports a page that cannot be read and still returns the others, on one worker', async () => {
    const progress: number[] = [];
    const result = await ocrPages(scanned, [3, 9], { engine: 'tesseract-js', workers: 1, onProgress: (p) => progress.push(p.done) });
    expect(result.pages.map((p) => p.page)).toEqual([3]);
    expect(result.pages[0]!.lines.map((l) => l.text)).toEqual(['TAB 1']);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.page).toBe(9);
    expect(result.failed[0]!.error).toMatch(/outside/);
    expect(progress).toEqual([1, 2]);
  });

  it('reads a divider whose huge label automatic segmentation misses', async () => {
    const divider = makeScannedPdf([[{ text: 'TAB 1', x: 5, y: 480, size: 215 }]]);
    // The plain first pass really reads nothing here; the fallback is what finds the label.
    const doc = openPdf(divider);
    const engine = await createTesseractJsEngine();
    try {
      const plain = await engine.recognize(doc.renderPng(1, 300), { psm: 3, dpi: 300 });
      expect(plain.flatMap((l) => l.words).filter((w) => /\w/.test(w.text))).toEqual([]);
    } finally {
      await engine.close();
      doc.close();
    }
    const result = await ocrPages(divider, [1], { engine: 'tesseract-js', workers: 1, dpi: 300 });
    expect(result.pages[0]!.lines.map((l) => l.text)).toEqual(['TAB 1']);
    const [x0, y0, x1, y1] = result.pages[0]!.lines[0]!.bbox;
    expect(x0).toBeLessThan(40);
    expect(x1).toBeGreaterThan(450);
    expect(y0).toBeGreaterThan(300);
    expect(y1).toBeGreaterThan(460);
    expect(y1).toBeLessThan(500);
  });

  it('reads the scanned pages of a real filing, and only those need it', async () => {
    const bytes = new Uint8Array(readFileSync(REAL_MIXED));
    const doc = openPdf(bytes);
    const needing = Array.from({ length: doc.pageCount }, (_, i) => i + 1).filter((p) => doc.needsOcr(p));
    doc.close();
    expect(needing).toEqual([1, 15]);

    const result = await ocrPages(bytes, needing, { engine: 'tesseract-js', workers: 2 });
    expect(result.failed).toEqual([]);
    const [first, last] = result.pages;
    const text = (p: PageText) => p.lines.map((l) => l.text).join('\n');
    expect(text(first!)).toContain('OPINION AND ORDER');
    expect(text(first!)).toContain('Bakery, Confectionery, Tobacco Workers');
    expect(text(last!)).toContain('AFFIRMED');
    const header = first!.lines.find((l) => l.text.includes('Page 1 of 15'))!;
    expect(header.bbox[1]).toBeLessThan(30);
    expect(header.bbox[0]).toBeGreaterThan(100);
  });

  it('gives up on a page that takes too long, replaces its worker and leaves no thread behind', async () => {
    const before = threads();
    const result = await ocrPages(scanned, [1, 3], { engine: 'tesseract-js', workers: 1, pageTimeoutMs: 1 });
    expect(result.pages).toEqual([]);
    expect(result.failed.map((f) => f.page)).toEqual([1, 3]);
    expect(result.failed[0]!.error).toMatch(/page 1 took longer than/);
    await new Promise((r) => setTimeout(r, 300));
    expect(threads()).toBeLessThanOrEqual(before);
  });

  it('stops at once when aborted and rejects with the reason', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const run = ocrPages(scanned, [1, 2, 3, 1, 2, 3], {
      engine: 'tesseract-js',
      workers: 1,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('cancelled by the user')),
    });
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(performance.now() - started).toBeLessThan(15_000);
    await expect(ocrPages(scanned, [1], { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});

describe.runIf(findTesseractCli())('ocrPages with the tesseract program', () => {
  it('reads the same sample with boxes in the same places', async () => {
    const result = await ocrPages(scanned, [2, 1, 3], { engine: 'tesseract-cli', workers: 2 });
    expect(result.failed).toEqual([]);
    expectSample(result.pages);
  });
});
