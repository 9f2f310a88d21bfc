import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import type { TextLineSpec } from '../pdf/make-text-pdf.ts';
import type { OcrEngine, PixelLine } from './engine-types.ts';
import { looksLikeIndex, looksUpsideDown, recognizePage, uprightScore } from './recognize-page.ts';
import { makeScannedPdf, SAMPLE_PAGES } from './scanned-sample.ts';
import { createTesseractJsEngine } from './tesseract-js-engine.ts';

describe('looksLikeIndex', () => {
  const page = (...rows: string[]) => rows.map((r) => ({ words: r.split(' ').map((text) => ({ text, box: [0, 0, 1, 1] as [number, number, number, number], confidence: 90 })) }));

  it('knows index pages by heading, dot leaders or rows of item labels', () => {
    expect(looksLikeIndex(page('COURT FILE NO. 123', 'INDEX', 'Tab Date Document'))).toBe(true);
    expect(looksLikeIndex(page('Affidavit of Jane ......... 7', 'Factum .......... 58'))).toBe(true);
    expect(looksLikeIndex(page('Tab 1 Notice of Motion', 'Tab 2 Affidavit', 'Tab 3 Factum'))).toBe(true);
    expect(looksLikeIndex(page('Exhibit "A" Lease', 'Exhibit "B" Letter', 'Exhibit "C" Invoice'))).toBe(true);
  });

  it('finds the heading below a label column read apart from its rows', () => {
    // measured: a Courier schedule index skewed 2° read its six `Schedule` labels first, letters lost
    const labels = Array.from({ length: 6 }, () => 'Schedule');
    expect(looksLikeIndex(page(...labels, 'INDEX', 'Reasons for Judgment of Justice Brown dated February', '7, 2022 0. ee ee esto'))).toBe(true);
  });

  it('does not take prose that happens to start lines with such words for an index', () => {
    expect(
      looksLikeIndex(
        page('Exhibit evidence shows that the lease', 'Schedule of payments was late', 'Document the claim', 'see Tab 12 of this brief'),
      ),
    ).toBe(false);
  });
});

describe('which way up a page reads', () => {
  const page = (...words: Array<[string, number]>) => [{ words: words.map(([text, confidence]) => ({ text, box: [0, 0, 1, 1] as [number, number, number, number], confidence })) }];

  it('knows a huge divider the right way up by its keyword, whatever the confidence', () => {
    // measured: "TAB D" read at confidence 7, the same page upside down as "advl" at 52
    expect(uprightScore(page(['TAB', 7], ['D', 7]))).toBeGreaterThan(1.5 * uprightScore(page(['advl', 52])));
    expect(uprightScore(page(['TAB', 25], ['F', 25]))).toBeGreaterThan(1.5 * uprightScore(page(['AH', 22], ['dV.L', 22])));
  });

  it('reads a page again turned when its words are mostly unsure, or when it has only a few', () => {
    const prose = Array.from({ length: 30 }, (_, i) => [`word${i}`, 80] as [string, number]);
    expect(looksUpsideDown(page(...prose))).toBe(false);
    expect(looksUpsideDown(page(...prose.map(([t]) => [t, 30] as [string, number])))).toBe(true);
    expect(looksUpsideDown(page(['TAB', 96], ['A', 96]))).toBe(true);
    expect(looksUpsideDown(page(['.', 10]))).toBe(false);
  });
});

describe('recognizePage on a squeezed image', () => {
  const words = (lines: PixelLine[]) => lines.flatMap((l) => l.words);
  /** Width of a PNG or binary PGM image. */
  const imageWidth = (image: Uint8Array) =>
    image[0] === 0x89 ? Buffer.from(image).readUInt32BE(16) : Number(/^P5\s+(\d+)/.exec(Buffer.from(image.subarray(0, 32)).toString('latin1'))![1]);

  let engine: OcrEngine;
  const widths: number[] = [];
  const spy: OcrEngine = {
    name: 'tesseract-js',
    recognize: (image, opts) => {
      widths.push(imageWidth(image));
      return engine.recognize(image, opts);
    },
    close: async () => {},
  };
  beforeAll(async () => {
    engine = await createTesseractJsEngine();
  });
  afterAll(async () => {
    await engine.close();
  });

  const vocabulary = 'the applicant respondent affidavit exhibit motion record evidence lease agreement parties counsel judgment appeal'.split(' ');
  const prose: TextLineSpec[] = Array.from({ length: 28 }, (_, i) => ({
    text: Array.from({ length: 11 }, (_, k) => vocabulary[(i * 7 + k * 3) % vocabulary.length]).join(' '),
    x: 72,
    y: 90 + i * 22,
    size: 11.5,
  }));

  it('reads a dense page squeezed, with the words and boxes of the full-width reading', async () => {
    const doc = openPdf(makeScannedPdf([prose]));
    const render = (dpi: number) => doc.renderPng(1, dpi);
    widths.length = 0;
    const full = await recognizePage(spy, render, 200, 1);
    const squeezed = await recognizePage(spy, render, 200, 0.9);
    doc.close();
    expect(widths).toEqual([1700, 1530]);

    const printed = prose.flatMap((l) => l.text.split(' '));
    const left = new Map<string, number>();
    for (const w of words(squeezed.lines)) left.set(w.text, (left.get(w.text) ?? 0) + 1);
    const found = printed.filter((w) => (left.get(w) ?? 0) > 0 && left.set(w, left.get(w)! - 1));
    expect(found.length / printed.length).toBeGreaterThan(0.98);
    // Boxes are on the full-width image: each word where the full-width reading has it.
    const fullWords = words(full.lines);
    const shifts = words(squeezed.lines).flatMap((w, i) => (fullWords[i]?.text === w.text ? [Math.abs(fullWords[i]!.box[0] - w.box[0])] : []));
    expect(shifts.length).toBeGreaterThan(printed.length * 0.95);
    expect(Math.max(...shifts)).toBeLessThanOrEqual(6);
  });

  it('reads a page with little text at full width, as without squeezing', async () => {
    const doc = openPdf(makeScannedPdf([SAMPLE_PAGES[0]!]));
    const render = (dpi: number) => doc.renderPng(1, dpi);
    widths.length = 0;
    const plain = await recognizePage(spy, render, 200, 1);
    const squeezed = await recognizePage(spy, render, 200, 0.9);
    doc.close();
    expect(widths).toEqual([1700, 1700]);
    expect(squeezed).toEqual(plain);
  });
});

describe('recognizePage: a lone page number in the footer', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await createTesseractJsEngine();
  });
  afterAll(async () => {
    await engine.close();
  });
  const words = (lines: PixelLine[]) => lines.flatMap((l) => l.words);
  const vocabulary = 'the limitation period began to run when plaintiff knew or ought to have known that loss had occurred'.split(' ');
  const prose = (n: number): TextLineSpec[] => Array.from({ length: n }, (_, i) => ({
    text: Array.from({ length: 12 }, (_, k) => vocabulary[(i * 5 + k * 3) % vocabulary.length]).join(' '),
    x: 72, y: 90 + i * 22, size: 11.5,
  }));

  it('is read on a page of prose, where it is, and nothing is added to a page without one', async () => {
    const doc = openPdf(makeScannedPdf([[...prose(28), { text: '7', x: 303, y: 752, size: 11 }], prose(28)]));
    const page = await recognizePage(engine, (dpi) => doc.renderPng(1, dpi), 200, 1);
    const bare = await recognizePage(engine, (dpi) => doc.renderPng(2, dpi), 200, 1);
    doc.close();
    const seven = words(page.lines).filter((w) => w.text === '7');
    expect(seven).toHaveLength(1);
    // 752 pt from the top, 303 pt from the left, at 200 dpi
    expect(seven[0]!.box[1]).toBeGreaterThan(2000);
    expect(Math.abs(seven[0]!.box[0] - (303 * 200) / 72)).toBeLessThan(15);
    expect(words(bare.lines).some((w) => w.box[1] > 0.9 * 2200)).toBe(false);
  });
});

