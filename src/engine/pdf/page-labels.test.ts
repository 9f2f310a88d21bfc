import { describe, expect, it } from 'vitest';
import { makeTextPdf } from './make-text-pdf.ts';
import { openPdf } from './index.ts';
import { pageLabelRanges } from './page-labels.ts';

describe('page labels from the printed page numbers', () => {
  const printed = [null, 'i', 'ii', 'i', 'ii', 'iii', '1', '2', '3', 'A5', '7', '8'];

  it('one range per run that counts on; a page without a number shows its place in the file', () => {
    expect(pageLabelRanges(printed)).toEqual([
      { index: 0, style: '', prefix: '[1]', start: 1 },
      { index: 1, style: 'r', prefix: '', start: 1 },
      { index: 3, style: 'r', prefix: '', start: 1 },
      { index: 6, style: 'D', prefix: '', start: 1 },
      { index: 9, style: '', prefix: 'A5', start: 1 },
      { index: 10, style: 'D', prefix: '', start: 7 },
    ]);
  });

  it('a viewer reads back the printed number of every page', () => {
    const doc = openPdf(makeTextPdf(printed.map((_, i) => [{ text: `page ${i + 1}`, y: 100 }])));
    doc.setPageLabels(printed);
    const out = openPdf(doc.save());
    doc.close();
    expect(Array.from({ length: out.pageCount }, (_, i) => out.pageLabel(i + 1))).toEqual(printed.map((p, i) => p ?? `[${i + 1}]`));
    out.close();
  });
});
