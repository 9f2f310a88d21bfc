import { describe, expect, it } from 'vitest';
import { detectIndex } from '../index/detect-index.ts';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';
import type { PageEvidence } from './page-evidence.ts';
import { calibratePrinted, runAfterIndex } from './printed-pages.ts';
import { resolveDestinations } from './resolve-destinations.ts';

/** Page evidence with only the numbers printed on each page ('' for none). */
const numbered = (printed: string[]): PageEvidence[] => printed.map((p, i) => ({
  doc: 'source', page: i + 1, ocr: false, divider: null, markers: [], titled: null, blank: false, cover: null,
  printed: /^\d+$/.test(p) ? [Number(p)] : [], printedLabels: [], stamps: [],
}));
const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

// A motion numbered 1 … 9, an unnumbered slip sheet and brief cover, the brief's contents (pages 12-13) and
// authorities in roman numbers, its body 1 … 5, and a proposed order 1, 2.
const EXHIBIT = [...seq(1, 9), '', '', 'ii', 'iii', 'iv', ...seq(1, 5), '1', '2'];

describe('the run of printed numbers after the index', () => {
  it('is the count that starts on the first numbered page after the index and runs on', () => {
    expect(runAfterIndex(numbered(EXHIBIT), [12, 13])).toEqual({ offset: 14, from: 15, to: 19, pages: 5 });
  });

  it('is taken over the most common offset when the file before the brief has more numbered pages', () => {
    const pages = numbered(EXHIBIT);
    // (the motion's nine pages outnumber the brief's five)
    expect(calibratePrinted(pages).offset).toBe(0);
    const p = calibratePrinted(pages, { pages: [12, 13], refs: [1, 1, 2, 2, 3, 3, 4, 4, 5] });
    expect([p.offset, p.offsetFrom]).toEqual([14, 'index-run']);
  });

  it('is taken over the most common offset when a later part numbered from 1 again has more pages (an appended opinion)', () => {
    // cover, contents i-iii, the petition's body 1 … 21, then the appended opinion 1 … 35
    const pages = numbered(['', 'i', 'ii', 'iii', ...seq(1, 21), '', ...seq(1, 35)]);
    expect(calibratePrinted(pages).offset).toBe(26);
    const p = calibratePrinted(pages, { pages: [2, 3, 4], refs: [1, 1, 1, 2, 10, 10, 13, 15, 17, 20] });
    expect([p.offset, p.offsetFrom]).toEqual([4, 'index-run']);
  });

  it('leaves the most common offset when the index names pages beyond its run, or none before it', () => {
    // a contents in the middle of a filing numbered straight through: the run after it is the majority
    const straight = numbered(['', ...seq(2, 20)]);
    expect(calibratePrinted(straight, { pages: [3], refs: [4, 9, 15] }).offsetFrom).toBe('footers');
    // refs past the run's end (an appended opinion is what they mean): not the run's
    expect(calibratePrinted(numbered(EXHIBIT), { pages: [12, 13], refs: [1, 6, 8, 9] }).offsetFrom).toBe('footers');
  });

  it('needs three pages', () => {
    expect(runAfterIndex(numbered(['', 'ii', '1', '2', '', '', '', '7']), [2])).toBeNull();
  });
});

describe('a brief filed as an exhibit to a motion numbered like its body', () => {
  const heads = ['A. The Complaint Was Timely Under the Discovery Rule', 'B. The Warranty Claim Is Adequately Alleged'];
  const specs: PageSpec[] = [
    { rows: ['NOTICE OF MOTION AND MOTION FOR LEAVE TO FILE SUR-REPLY'], footer: '1' },
    { rows: ['MEMORANDUM OF POINTS AND AUTHORITIES', heads[0]!, 'The sur-reply answers the new evidence.'], footer: '2' },
    { rows: [heads[1]!, 'The reply raises a new argument.'], footer: '3' },
    // (nine pages: the brief's contents stand past the front of the file, where pages before an index are never a destination)
    ...[4, 5, 6, 7, 8, 9].map((n) => bodyPage({ footer: String(n) })),
    { rows: [{ text: 'EXHIBIT A', x: 230, y: 350, size: 28 }] },
    { rows: ['SUR-REPLY IN OPPOSITION TO MOTION FOR SUMMARY JUDGMENT'] },
    { rows: ['TABLE OF CONTENTS', 'I. INTRODUCTION ..... 1', 'II. ARGUMENT ..... 1', { text: `${heads[0]} ..... 2`, x: 108 },
      { text: `${heads[1]} ..... 3`, x: 108 },
      'III. CONCLUSION ..... 4'], footer: 'ii' },
    { rows: ['TABLE OF AUTHORITIES', 'Alder v. Summit Health Plan, 412 F.3d 100 (9th Cir. 2005) ..... 2'], footer: 'iii' },
    { rows: ['I. INTRODUCTION', 'The reply raises new matter.', 'II. ARGUMENT', 'The motion fails.'], footer: '1' },
    { rows: [heads[0]!, 'The discovery rule applies.'], footer: '2' },
    { rows: [heads[1]!, 'The claim is pleaded.'], footer: '3' },
    { rows: ['III. CONCLUSION', 'The motion should be denied.'], footer: '4' },
  ];

  it('links every entry to the brief\'s own page, not to the motion page printed with the same number and heading', () => {
    const source = makePages(specs);
    const det = detectIndex(source);
    expect(det.pages).toEqual([12]);
    const dest = resolveDestinations({ items: det.items, indexPages: det.pages, source, record: null });
    expect(dest.map((d) => d.targetPage)).toEqual([14, 14, 15, 16, 17]);
    for (const d of dest) expect(d.confidence).toBeGreaterThanOrEqual(0.8);
    expect(dest[2]!.why).toContain('from the footers of the pages after the index');
  });
});
