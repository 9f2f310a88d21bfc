import { describe, expect, it } from 'vitest';
import { detectIndex } from '../index/detect-index.ts';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';
import { resolveDestinations } from './resolve-destinations.ts';

/**
 * A deposition excerpt: a reporter's INDEX (examinations, new exhibits, then previously marked exhibits, each
 * block with its own column header), then transcript pages keeping their own numbers, `Page 46`, with gaps.
 */
const transcript = [6, 7, 20, 46, 47, 102, 103];

function excerpt() {
  const specs: PageSpec[] = [
    { rows: ['EXHIBIT G'] },
    {
      rows: [
        'INDEX',
        { text: 'WITNESS | PAGE', cols: [108, 500] },
        'Jason Knight',
        { text: 'EXAMINATION BY: | PAGE', cols: [108, 500] },
        { text: 'MR. GWILLIAM | 7, 114', cols: [108, 500] },
        '---oOo---',
        'E X H I B I T S',
        { text: 'NUMBER | DESCRIPTION | PAGE', cols: [108, 200, 500] },
        { text: 'Exhibit 18 | The body cam video of Sergeant Knight | 102', cols: [108, 200, 500] },
        { text: 'Exhibit 19 | A video clip of the arrest | 76', cols: [108, 200, 500] },
        '---oOo---',
        'REFERENCE TO PREVIOUSLY MARKED EXHIBITS',
        { text: 'NUMBER | DESCRIPTION | PAGE', cols: [108, 200, 500] },
        { text: 'Exhibit 8 | Call For Service Detail Report | 46', cols: [108, 200, 500] },
      ],
    },
  ];
  for (const n of transcript) specs.push(bodyPage({ footer: `Page ${n}` }));
  return makePages(specs);
}

describe('a transcript index: its own page numbers, with gaps, out of order', () => {
  const pages = excerpt();
  const det = detectIndex(pages);
  const dest = resolveDestinations({ items: det.items, indexPages: det.pages, source: pages, record: null });
  const at = (n: number) => 3 + transcript.indexOf(n);

  it('reads every entry: the examination under its column header, and the exhibits of each block', () => {
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['', 'EXAMINATION BY: MR. GWILLIAM', '7'],
      ['18', 'The body cam video of Sergeant Knight', '102'],
      ['19', 'A video clip of the arrest', '76'],
      ['8', 'Call For Service Detail Report', '46'],
    ]);
  });

  it('links each entry to the page printed with its number, in or out of order; a page not filed gets none', () => {
    expect(dest.map((d) => d.targetPage)).toEqual([at(7), at(102), null, at(46)]);
    expect(dest[2]!.why).toContain('page 76 is not in this file');
    expect(dest[3]!.confidence).toBeLessThan(dest[0]!.confidence);
  });
});
