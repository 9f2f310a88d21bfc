import { beforeAll, describe, expect, it } from 'vitest';
import { loadScannedBrief } from '../../../test/fixtures/scanned-brief-of.ts';
import { hasPdftotext, pdftotextWords, searchableWords } from '../../../test/pdftotext.ts';
import { openPdf } from '../pdf/index.ts';
import { writeReviewed } from '../write/write-reviewed.ts';
import type { BBox, Line, PageText, Word } from '../types.ts';
import { ocrPages } from './index.ts';
import { completePage } from './middle-band.ts';

const word = (text: string, bbox: BBox, confidence = 90): Word => ({ text, bbox, confidence });
const line = (...words: Word[]): Line => ({
  text: words.map((w) => w.text).join(' '),
  bbox: [Math.min(...words.map((w) => w.bbox[0])), Math.min(...words.map((w) => w.bbox[1])), Math.max(...words.map((w) => w.bbox[2])), Math.max(...words.map((w) => w.bbox[3]))],
  words,
});
const page = (lines: Line[], extra: Partial<PageText> = {}): PageText => ({ page: 3, width: 612, height: 792, lines, source: 'ocr', confidence: 0, ...extra });
const texts = (p: PageText) => p.lines.flatMap((l) => l.words.map((w) => w.text));

describe('completePage', () => {
  it('puts the middle band between the top and footer bands, each word once, and the page is whole', () => {
    const partial = page(
      [
        line(word('HEADING', [200, 72, 400, 86])),
        line(word('first', [72, 100, 100, 112], 80), word('line', [104, 100, 130, 112], 80)),
        // a sliver of the middle band's last line, read with the footer band's margin above it
        line(word('—', [72, 697, 90, 701], 20)),
        line(word('foot', [72, 712, 100, 724]), word('line', [104, 712, 130, 724])),
        line(word('7', [300, 750, 306, 760])),
      ],
      { partial: true, bands: { topEnd: 160, footStart: 702 }, confidence: 78 },
    );
    const middle = page([
      line(word('middle', [72, 170, 110, 182], 70), word('one', [114, 170, 140, 182], 70)),
      line(word('last', [72, 686, 100, 698], 70), word('middle', [104, 686, 140, 698], 70)),
    ]);
    const whole = completePage(partial, middle);
    expect(texts(whole)).toEqual(['HEADING', 'first', 'line', 'middle', 'one', 'last', 'middle', 'foot', 'line', '7']);
    expect(whole.partial).toBeUndefined();
    expect(whole.bands).toBeUndefined();
    expect(whole).toMatchObject({ page: 3, width: 612, height: 792, source: 'ocr' });
    expect(whole.lines[3]).toEqual(middle.lines[1]);
    // the mean confidence of the words kept
    expect(whole.confidence).toBe(Math.round(((90 + 80 + 80 + 70 * 4 + 90 * 3) / 10) * 10) / 10);
  });

  it('keeps a line of which only some words lie in a band, with those words, its box and text made again', () => {
    const partial = page([line(word('kept', [72, 150, 100, 158]), word('low', [104, 158, 130, 166]))], { partial: true, bands: { topEnd: 160, footStart: 700 } });
    const whole = completePage(partial, page([]));
    expect(whole.lines).toEqual([{ text: 'kept', bbox: [72, 150, 100, 158], words: [word('kept', [72, 150, 100, 158])] }]);
  });
});

/** The pairs of indexes of a longest common subsequence of two word lists. */
function alignment(a: string[], b: string[]): Array<[number, number]> {
  const dp = Array.from({ length: a.length + 1 }, () => new Int32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

describe('a scanned page read quickly, then only its middle band', () => {
  // pages of prose of a generated scanned brief (cover, index, TAB 1 on page 3, its prose after it)
  const PAGES = [4, 5, 6, 7];
  let brief: Uint8Array;
  let quick: PageText[];
  let completed: Awaited<ReturnType<typeof ocrPages>>;
  let full: Map<number, PageText>;

  beforeAll(async () => {
    ({ brief } = await loadScannedBrief(20));
    const first = await ocrPages(brief, PAGES, { workers: 2, quick: true });
    quick = first.pages;
    completed = await ocrPages(brief, PAGES, { workers: 2, partial: quick });
    full = new Map((await ocrPages(brief, PAGES, { workers: 2 })).pages.map((p) => [p.page, p]));
  }, 900_000); // three readings of four pages of prose: about a minute on two idle cores

  it('keeps where the top band ended and the footer band began, in points', () => {
    expect(quick.map((p) => p.partial)).toEqual(PAGES.map(() => true));
    for (const p of quick) {
      const { topEnd, footStart } = p.bands!;
      expect(topEnd).toBeGreaterThan(0.2 * p.height);
      expect(topEnd).toBeLessThan(0.3 * p.height);
      expect(footStart).toBeGreaterThan(0.8 * p.height);
      expect(footStart).toBeLessThanOrEqual(0.9 * p.height);
      for (const w of p.lines.flatMap((l) => l.words)) {
        const y = (w.bbox[1] + w.bbox[3]) / 2;
        expect(y < topEnd || y >= footStart - 10, `${w.text} at ${y}`).toBe(true);
      }
    }
  });

  it('gives the words of a full reading, each once, in reading order, within OCR noise', () => {
    expect(completed.failed).toEqual([]);
    expect(completed.pages.map((p) => p.page)).toEqual(PAGES);
    for (const p of completed.pages) {
      expect(p.partial).toBeUndefined();
      expect(p.bands).toBeUndefined();
      const [a, b] = [texts(p), texts(full.get(p.page)!)];
      expect(b.length).toBeGreaterThan(300);
      // a band read twice would add a sixth of the words; OCR noise moves a few
      expect(Math.abs(a.length - b.length), `page ${p.page}`).toBeLessThanOrEqual(Math.ceil(b.length * 0.01));
      expect(alignment(a, b).length / b.length, `page ${p.page}`).toBeGreaterThanOrEqual(0.99);
      // the top band's words are the quick reading's, not read again
      const partial = quick.find((q) => q.page === p.page)!;
      const head = partial.lines.filter((l) => l.bbox[3] < partial.bands!.topEnd);
      expect(p.lines.slice(0, head.length)).toEqual(head);
    }
  });

  it('puts the words of the middle band where the full reading has them', () => {
    for (const p of completed.pages) {
      const { topEnd, footStart } = quick.find((q) => q.page === p.page)!.bands!;
      const [a, b] = [p.lines.flatMap((l) => l.words), full.get(p.page)!.lines.flatMap((l) => l.words)];
      const middle = alignment(a.map((w) => w.text), b.map((w) => w.text)).filter(([i]) => a[i]!.bbox[1] >= topEnd && a[i]!.bbox[3] <= footStart);
      expect(middle.length).toBeGreaterThan(200);
      // the same box within a few pixels at 200 dpi (a word's top moves with the crop tesseract sees)
      const off = middle.map(([i, j]) => Math.max(...[0, 1, 2, 3].map((k) => Math.abs(a[i]!.bbox[k]! - b[j]!.bbox[k]!))));
      console.log(`[middle-band] page ${p.page}: ${middle.length} middle words; boxes off by ${Math.max(...off).toFixed(2)} pt at most, ${off.filter((d) => d > 0.5).length} by over 0.5 pt`);
      expect(Math.max(...off), `page ${p.page}`).toBeLessThanOrEqual(3);
      expect(off.filter((d) => d > 1).length, `page ${p.page}`).toBeLessThanOrEqual(middle.length * 0.02);
    }
  });

  it.skipIf(!hasPdftotext())('lets pdftotext find the words of the completed pages, on their page, over their boxes', () => {
    const doc = openPdf(brief);
    let out: Uint8Array;
    try {
      out = writeReviewed(doc, { briefName: 'brief.pdf', briefPages: doc.pageCount, indexPages: [], entries: [] }, completed.pages);
    } finally {
      doc.close();
    }
    const r = searchableWords(pdftotextWords(out), completed.pages);
    expect(r.words).toBeGreaterThan(1200);
    expect(r.found / r.words, `not found: ${r.missing.slice(0, 20).join(' | ')}`).toBeGreaterThanOrEqual(0.99);
    expect(r.placed / r.words).toBeGreaterThanOrEqual(0.99);
  });

  it('reads in full a partial page stored without its bands, as before they were kept', async () => {
    const [old] = quick.map(({ bands: _bands, ...p }) => p);
    const read = await ocrPages(brief, [old!.page], { workers: 1, partial: [old!] });
    expect(read.pages).toEqual([full.get(old!.page)]);
  }, 300_000);

  it('reports a page whose middle band was not read as failed, its partial reading left as it is', async () => {
    const read = await ocrPages(brief, [quick[0]!.page], { workers: 1, partial: [quick[0]!], pageTimeoutMs: 1 });
    expect(read.pages).toEqual([]);
    expect(read.failed).toEqual([{ page: quick[0]!.page, error: expect.stringMatching(/took longer than/) }]);
    expect(quick[0]!.partial).toBe(true);
  }, 300_000);
});
