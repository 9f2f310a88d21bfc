import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { detectIndex } from './detect-index.ts';
import { makePage } from '../page-model/make-page-text.ts';

/**
 * Index detection on pleading paper: what the page model sets apart (line numbers down the margin, a running
 * footer above the bottom tenth) gives no item, and the rows of the contents keep their own labels.
 */

const line = (text: string, x0: number, y0: number, x1: number, y1: number): Line =>
  ({ text, bbox: [x0, y0, x1, y1], words: [{ text, bbox: [x0, y0, x1, y1], confidence: 100 }] });

/** Pleading paper: numbers 1..n flush right at x 91, one every 24 pt from y 61, on the page as its own lines. */
function numbered(p: PageText, n = 28, right = 91): PageText {
  const nums: Line[] = Array.from({ length: n }, (_, k) => {
    const text = String(k + 1);
    const bbox: Line['bbox'] = [right - 5 * text.length, 61 + 24 * k, right, 80 + 24 * k];
    return { text, bbox, words: [{ text, bbox, confidence: 100 }] };
  });
  return { ...p, lines: [...nums, ...p.lines] };
}

const body = (page: number) =>
  makePage(page, { rows: Array.from({ length: 12 }, () => ({ text: 'The moving party bears the initial burden of showing there is no dispute', x: 104 })) });

describe('a table of contents on pleading paper with line numbers down the margin', () => {
  it('keeps its rows\' own labels: the line numbers are set apart', () => {
    const toc = numbered(makePage(2, {
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
    const pages = [numbered(body(1)), toc, ...[3, 4, 5, 6].map((n) => numbered(body(n)))];
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => i.label)).toEqual(['I', 'II', 'II.A', 'II.B', 'III', 'IV']);
    expect(det.items[2]!.text).toBe('The Parties Entered Into a Written Agreement');
  });

  it('an index numbered 1, 2, 3 on its own page keeps every row', () => {
    const index = makePage(2, { rows: ['INDEX', ...Array.from({ length: 12 }, (_, k) => ({ text: `${k + 1} | Affidavit of Witness ${k + 1} sworn May 3, 2021`, x: 72, cols: [72, 120] }))] });
    const doc = [body(1), index, ...[3, 4, 5, 6, 7].map(body)];
    expect(detectIndex(doc).items).toHaveLength(12);
  });
});

describe('a contents list on pages with a running footer `26 | TITLE` above the bottom tenth', () => {
  /** A page whose footer stands at 86% of its height, under the last line of text. */
  function pleading(n: number, rows: string[]): PageText {
    const p = makePage(n, { rows });
    const footer = [
      line(`${n} | COMPLAINT FOR CIVIL RIGHTS VIOLATIONS AND`, 134, 680, 476, 694),
      line('UNLAWFUL ARREST AND MALICIOUS PROSECUTION', 134, 693, 461, 702),
    ];
    return { ...p, lines: [...p.lines, ...footer] };
  }
  const prose = Array.from({ length: 10 }, () => 'The parties entered into the agreement after several months of negotiation');

  it('gives its entries and no item for the footer', () => {
    const toc = pleading(2, ['TABLE OF CONTENTS', 'Preliminary Statement ........................................ 3',
      'STATEMENT OF FACTS ........................................... 4', 'ARGUMENT ..................................................... 6']);
    const det = detectIndex([pleading(1, prose), toc, ...[3, 4, 5, 6, 7, 8].map((n) => pleading(n, prose))]);
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual([['Preliminary Statement', '3'], ['STATEMENT OF FACTS', '4'], ['ARGUMENT', '6']]);
  });
});
