import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { makePage } from './make-page-text.ts';
import { layoutPages } from './page-layout.ts';

const line = (text: string, x0: number, y0: number, x1: number, y1: number): Line =>
  ({ text, bbox: [x0, y0, x1, y1], words: [{ text, bbox: [x0, y0, x1, y1], confidence: 100 }] });

/** A body page whose footer sets firm name, case number, the page number and the title close together. */
function page(n: number, printed: number, paragraphNumber?: string): PageText {
  const p = makePage(n, { rows: Array.from({ length: 10 }, () => 'The parties entered into the agreement after several months of negotiation') });
  const footer = [
    line('ATTORNEYS AT LAW', 36, 743, 87, 749),
    line('3:17-cv-03022-JST-JSC', 103, 743, 206, 754),
    line(String(printed), 344, 743, 353, 757),
    line('REMEDIES FOR THE VIOLATION OF THE BAR', 358, 743, 589, 754),
  ];
  // a paragraph opening low on the page with its number set apart, as numbered judgments do
  const low = paragraphNumber ? [line(paragraphNumber, 64, 705, 76, 716), line('The email of that morning makes clear that both parties', 85, 705, 386, 716)] : [];
  return { ...p, lines: [...p.lines, ...low, ...footer] };
}

describe('printed page numbers in footers set in several cells', () => {
  it('reads the number the text layer gives as a line of its own in a repeated footer, and not a paragraph number', () => {
    const pages = [page(1, 5), page(2, 6, '26'), page(3, 7), page(4, 8)];
    expect(layoutPages(pages).map((l) => l.printed)).toEqual([[5], [6], [7], [8]]);
  });
});

describe('the printed number of each page', () => {
  it('reads roman front matter (i, - ii -, Page iii) and arabic numbers, one label per page', async () => {
    const { printedPageLabels } = await import('../resolve/printed-pages.ts');
    const footers = ['', 'i', '- ii -', 'Page iii', '1', '- 2 -', 'Page 3', 'PAGE 4 –'];
    const pages = footers.map((f, i) => makePage(i + 1, { rows: ['The parties entered into the agreement after several months'], ...(f ? { footer: f } : {}) }));
    expect(printedPageLabels(layoutPages(pages))).toEqual([null, 'i', 'ii', 'iii', '1', '2', '3', '4']);
  });
});
