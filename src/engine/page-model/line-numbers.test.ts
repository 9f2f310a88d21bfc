import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { documentNumberColumns, numberColumns, withoutLineNumbers } from './line-numbers.ts';
import { makePage } from './make-page-text.ts';

/** Pleading paper: numbers 1..n flush right at x 91, one every 24 pt from y 61, on the page as its own lines. */
function pleading(p: PageText, n = 28, right = 91): PageText {
  const nums: Line[] = Array.from({ length: n }, (_, k) => {
    const text = String(k + 1);
    const bbox: Line['bbox'] = [right - 5 * text.length, 61 + 24 * k, right, 80 + 24 * k];
    return { text, bbox, words: [{ text, bbox, confidence: 100 }] };
  });
  return { ...p, lines: [...nums, ...p.lines] };
}

const body = (page: number) =>
  makePage(page, { rows: Array.from({ length: 12 }, () => ({ text: 'The moving party bears the initial burden of showing there is no dispute', x: 104 })) });

describe('line numbers down the margin of pleading paper', () => {
  const toc = pleading(makePage(2, {
    rows: [
      { text: 'TABLE OF CONTENTS', x: 267 },
      { text: 'I. | INTRODUCTION ........................................ 1', x: 104, cols: [104, 140] },
      { text: 'II. | STATEMENT OF FACTS .................................. 2', x: 104, cols: [104, 140] },
      { text: 'A. | The Parties Entered Into a Written Agreement .......... 2', x: 140, cols: [140, 176] },
      { text: 'B. | The Defendant Stopped Paying for the Goods .............. 4', x: 140, cols: [140, 176] },
      { text: 'III. | ARGUMENT ............................................. 5', x: 104, cols: [104, 140] },
      { text: 'IV. | CONCLUSION ........................................... 9', x: 104, cols: [104, 140] },
    ],
  }));
  const pages = [pleading(body(1)), toc, ...[3, 4, 5, 6].map((n) => pleading(body(n)))];

  it('are found as a column that counts up at an even pitch on most pages', () => {
    expect(numberColumns(toc)).toHaveLength(1);
    const cols = documentNumberColumns(pages);
    expect(cols).toHaveLength(1);
    expect(cols[0]!.right).toBe(91);
  });

  it('are set apart, so the rows of a table of contents keep their own labels', () => {
    const cols = documentNumberColumns(pages);
    const clean = withoutLineNumbers(toc, cols);
    expect(clean.lines.some((l) => /^\d+$/.test(l.text))).toBe(false);
  });

  it('an index numbered 1, 2, 3 on its own page is not taken for line numbers', () => {
    const index = makePage(2, { rows: ['INDEX', ...Array.from({ length: 12 }, (_, k) => ({ text: `${k + 1} | Affidavit of Witness ${k + 1} sworn May 3, 2021`, x: 72, cols: [72, 120] }))] });
    const doc = [body(1), index, ...[3, 4, 5, 6, 7].map(body)];
    expect(documentNumberColumns(doc)).toEqual([]);
  });
});

describe('line numbers OCR read with a mark beside them', () => {
  it('sets apart `8°` and `20.` boxed wider than the column, and leaves the row\'s own words', () => {
    const page = pleading({ ...makePage(2, { rows: [{ text: 'ORAL ARGUMENT OF', x: 128, y: 61 + 24 * 7 }], source: 'ocr' }) });
    const marked = (text: string, k: number): Line => {
      const bbox: Line['bbox'] = [84, 61 + 24 * k, 101, 80 + 24 * k];
      return { text, bbox, words: [{ text, bbox, confidence: 60 }] };
    };
    // the numbers 8 and 20 as OCR read them, wider than the column's digits
    const ocr: PageText = { ...page, source: 'ocr', lines: page.lines.map((l) => (l.text === '8' ? marked('8°', 7) : l.text === '20' ? marked('20.', 19) : l)) };
    const cols = numberColumns(pleading(makePage(3, { rows: [] })));
    const clean = withoutLineNumbers(ocr, cols);
    expect(clean.lines.map((l) => l.text).filter((t) => /\d/.test(t))).toEqual([]);
    expect(clean.lines.some((l) => l.text === 'ORAL ARGUMENT OF')).toBe(true);
  });
});
