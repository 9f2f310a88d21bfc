import { describe, expect, it } from 'vitest';
import { makePage } from './make-page-text.ts';
import { layoutPages } from './page-layout.ts';
import { printedPageLabels } from './printed-labels.ts';

describe('the printed number of each page', () => {
  it('reads roman front matter (i, - ii -, Page iii) and arabic numbers, one label per page', () => {
    const footers = ['', 'i', '- ii -', 'Page iii', '1', '- 2 -', 'Page 3', 'PAGE 4 –'];
    const pages = footers.map((f, i) => makePage(i + 1, { rows: ['The parties entered into the agreement after several months'], ...(f ? { footer: f } : {}) }));
    expect(printedPageLabels(layoutPages(pages))).toEqual([null, 'i', 'ii', 'iii', '1', '2', '3', '4']);
  });
});
