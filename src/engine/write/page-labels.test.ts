import { describe, expect, it } from 'vitest';
import { pageLabelRanges } from './page-labels.ts';

const pages = (n: number, f: (page: number) => number[]) => Array.from({ length: n }, (_, i) => f(i + 1));

describe('pageLabelRanges', () => {
  it('numbers the pages as printed after a cover and an index, which read as roman numerals', () => {
    // cover and two index pages unnumbered, then 1, 2, 3 … printed from page 4
    expect(pageLabelRanges(pages(12, (p) => (p >= 4 ? [p - 3] : [])))).toEqual([
      { page: 1, style: 'r', start: 1 },
      { page: 4, style: 'D', start: 1 },
    ]);
  });

  it('starts a new range where the printed numbers restart (a second volume), and skips unnumbered pages', () => {
    // volume I: pages 1-10 print 1-10 (page 7 prints nothing); page 11 is volume II's cover; 12-20 print 1-9
    const printed = pages(20, (p) => (p === 7 || p === 11 ? [] : p <= 10 ? [p] : [p - 11]));
    expect(pageLabelRanges(printed)).toEqual([
      { page: 1, style: 'D', start: 1 },
      { page: 12, style: 'D', start: 1 },
    ]);
  });

  it('an excerpt that starts at printed page 245 reads 245 from its first numbered page', () => {
    expect(pageLabelRanges(pages(8, (p) => (p >= 3 ? [p + 242] : [])))).toEqual([
      { page: 1, style: 'r', start: 1 },
      { page: 3, style: 'D', start: 245 },
    ]);
  });

  it('writes no labels when too few pages agree, and ignores a stray number', () => {
    expect(pageLabelRanges(pages(10, (p) => (p === 3 ? [7] : p === 8 ? [2] : [])))).toEqual([]);
    // a date's "2024" or a tab number beside the page number does not start a run
    expect(pageLabelRanges(pages(8, (p) => (p === 5 ? [5, 2024] : [p])))).toEqual([{ page: 1, style: 'D', start: 1 }]);
  });
});
