import { describe, expect, it } from 'vitest';
import { detectIndex } from '../index/detect-index.ts';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';
import type { Line } from '../types.ts';
import { resolveDestinations } from './resolve-destinations.ts';

/**
 * A complaint filed as an exhibit, scanned with an OCR layer of its own: its table of contents stands in the
 * middle (pages 12-13) and points back to pages before it and on after it; the OCR layer read a speck before
 * the heading (`l TABLE OF CONTENTS`) and a mark after some page numbers (`31'`), and a filing stamp runs up
 * the margin.
 */
const entries: Array<[string, number]> = [
  ['BRIEF AND BACKGROUND', 3], ['Preliminary Statement', 4], ['STATEMENT OF FACTS', 8], ['COMPLAINT', 15],
  ['PARTIES', 17], ['JURISDICTION AND VENUE', 19], ['CLAIM FOR RELIEF', 24], ['JURY DEMAND', 28],
];

function complaint() {
  const specs: PageSpec[] = [];
  for (let p = 1; p <= 30; p++) {
    if (p === 12) {
      specs.push({ rows: ['l TABLE OF CONTENTS - COMPLAINT', ...entries.map(([t, n], i) => `${t} ........................ ${n}${i % 3 === 1 ? "'" : ''}`)], footer: String(p) });
      continue;
    }
    const heads = entries.filter(([, n]) => n === p).map(([t]) => t);
    const spec = bodyPage({ footer: String(p), lines: 12 });
    spec.rows = [...heads, ...spec.rows];
    specs.push(spec);
  }
  const pages = makePages(specs);
  const stamp: Line = { text: 'Correct Copy of Original Verified', bbox: [61, 112, 72, 289], words: [{ text: 'Correct Copy of Original Verified', bbox: [61, 112, 72, 289], confidence: 100 }] };
  pages[11] = { ...pages[11]!, lines: [...pages[11]!.lines, stamp] };
  return pages;
}

describe('a table of contents in the middle of a filing', () => {
  const pages = complaint();
  const det = detectIndex(pages);

  it('is found under its heading, past the speck before it, with every entry and page number', () => {
    expect(det.pages).toEqual([12]);
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual(entries.map(([t, n]) => [t, String(n)]));
  });

  it('links entries to pages before it as well as after it', () => {
    const dest = resolveDestinations({ items: det.items, indexPages: det.pages, source: pages, record: null });
    expect(dest.map((d) => d.targetPage)).toEqual(entries.map(([, n]) => n));
  });
});
