import { describe, expect, it } from 'vitest';
import { detectIndex } from '../index/detect-index.ts';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';
import { resolveDestinations } from './resolve-destinations.ts';

/**
 * A judgment 'organised as follows:' with an unheaded contents list whose page numbers come from an
 * earlier draft: from the fourth entry on they are one or two pages too high. The heading on the page decides.
 */
const entries: Array<[string, number, number]> = [
  // title, printed page in the contents, PDF page where the heading really is
  ['INTRODUCTION', 3, 3],
  ['The outstanding issues', 3, 3],
  ['An outline of the claimant position', 4, 4],
  ['The subject-matter of the orders sought', 6, 5],
  ['Applicable principles of equitable relief', 8, 7],
  ['Freedom of expression and the case law', 10, 8],
  ['THE REMAINING ISSUES', 12, 10],
  ['DISPOSAL', 13, 11],
];

function judgment(headingOf: (title: string) => string = (t) => t) {
  const specs: PageSpec[] = [
    bodyPage({ footer: '1' }),
    { rows: ['Mr Justice Smith : This Judgment is organised as follows:', ...entries.map(([t, p]) => ({ text: `${t} ........................................ ${p}`, x: t === t.toUpperCase() ? 72 : 84 }))], footer: '2' },
  ];
  for (let page = 3; page <= 12; page++) {
    const heads = entries.filter(([, , at]) => at === page).map(([t]) => headingOf(t));
    const spec = bodyPage({ footer: String(page), lines: 14 });
    spec.rows = [...heads.flatMap((h) => [h, 'The parties made submissions on this point at some length and I deal with them in turn.']), ...spec.rows];
    specs.push(spec);
  }
  return makePages(specs);
}

describe('an unheaded contents list with stale page numbers', () => {
  const pages = judgment();
  const det = detectIndex(pages);

  it('is found as the index: every entry, no labels', () => {
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => i.text)).toEqual(entries.map(([t]) => t));
    expect(det.items.every((i) => i.label === '')).toBe(true);
  });

  it('links each entry to the page its heading is on, and says where the index disagrees', () => {
    const dest = resolveDestinations({ items: det.items, indexPages: det.pages, source: pages, record: null });
    expect(dest.map((d) => d.targetPage)).toEqual(entries.map(([, , at]) => at));
    const stale = dest[4]!;
    expect(stale.why).toContain('the index gives page 8');
    expect(stale.why).toContain("heading 'Applicable principles of equitable relief'");
    expect(stale.confidence).toBeLessThanOrEqual(0.55);
    expect(dest[0]!.confidence).toBeGreaterThan(0.8);
  });
});

describe('a stale contents list whose entry and heading differ by a possessive', () => {
  // the contents as OCR read them (`the case law`, an ’s lost), the heading on the page as printed (`the case’s law`)
  const pages = judgment((t) => t.replace('the case law', 'the case’s law'));
  const det = detectIndex(pages);

  it('still finds the heading on its page', () => {
    const dest = resolveDestinations({ items: det.items, indexPages: det.pages, source: pages, record: null });
    expect(dest.map((d) => d.targetPage)).toEqual(entries.map(([, , at]) => at));
    expect(dest[5]!.why).toContain("heading 'Freedom of expression and the case’s law'");
  });
});

describe('an entry with no page number whose title starts the heading of the entry before it', () => {
  // `BREACH OF FIDUCIARY DUTY` after `BREACH OF FIDUCIARY DUTY (HEIRS) ..... 4`, its page number lost
  const specs: PageSpec[] = [
    bodyPage({ footer: '1' }),
    { rows: ['TABLE OF CONTENTS', 'INTRODUCTION ........................................ 3', 'BREACH OF FIDUCIARY DUTY (HEIRS) .......................... 4',
      'BREACH OF FIDUCIARY DUTY', 'UNJUST ENRICHMENT ........................................ 7'], footer: '2' },
  ];
  const heads: Record<number, string> = { 3: 'INTRODUCTION', 4: 'BREACH OF FIDUCIARY DUTY (HEIRS)', 6: 'BREACH OF FIDUCIARY DUTY', 7: 'UNJUST ENRICHMENT' };
  for (let page = 3; page <= 8; page++) {
    const spec = bodyPage({ footer: String(page), lines: 14 });
    if (heads[page]) spec.rows = [heads[page]!, ...spec.rows];
    specs.push(spec);
  }
  const pages = makePages(specs);
  const det = detectIndex(pages);

  it('links to the page whose heading is its whole title, not to the longer heading of the entry before', () => {
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual([['INTRODUCTION', '3'], ['BREACH OF FIDUCIARY DUTY (HEIRS)', '4'],
      ['BREACH OF FIDUCIARY DUTY', undefined], ['UNJUST ENRICHMENT', '7']]);
    const dest = resolveDestinations({ items: det.items, indexPages: det.pages, source: pages, record: null });
    expect(dest.map((d) => d.targetPage)).toEqual([3, 4, 6, 7]);
    // placed by its heading alone: never shown as certain
    expect(dest[2]!.confidence).toBeLessThan(0.8);
  });
});
