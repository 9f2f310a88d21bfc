import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { makePage } from './make-page-text.ts';
import { layoutPages, ocrLabelDigits, pageOfText } from './page-layout.ts';

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

describe('a running footer set above the bottom tenth (pleading paper), `26 | TITLE` over a second line', () => {
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

  it('sets both lines apart and reads the page number from them, where the footer repeats from page to page', () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) => pleading(n, prose));
    const layouts = layoutPages(pages);
    expect(layouts.map((l) => l.printed)).toEqual([[1], [2], [3], [4], [5], [6]]);
    for (const l of layouts) expect(l.rows.map((r) => r.text).filter((t) => /COMPLAINT|UNLAWFUL/.test(t))).toEqual([]);
  });

  it('sets it apart where OCR read its title differently on every page, its number running on with the page', () => {
    const garbled = ['COMPLAINT CIVIL RIGHTS VIOLATION FOR', '00M13"\'II"A NT CIVIL RioHTs VIOL ATION', 'CO M PiZ A1NT CIVI IL Ri GHTs',
      'co M PILAIr Jr c1v1L RiGHTTs', 'C0MPLA1NT C1V1L R1GHTS V10LAT10N', 'COMPLAlNT ClVlL RlGHTS'];
    const pages = garbled.map((title, k) => {
      const p = makePage(k + 1, { rows: prose });
      return { ...p, lines: [...p.lines, line(`${k + 1} | ${title}`, 134, 680, 476, 694)] };
    });
    const layouts = layoutPages(pages);
    expect(layouts.map((l) => l.printed)).toEqual([[1], [2], [3], [4], [5], [6]]);
    for (const l of layouts) expect(l.rows.map((r) => r.text).filter((t) => /\|/.test(t))).toEqual([]);
  });

  it('keeps such a row where it stands on one page only: an entry of a table, not a footer', () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) => makePage(n, { rows: prose }));
    const table = { ...pages[2]!, lines: [...pages[2]!.lines, line('12 | Declaration of the custodian of records', 134, 680, 476, 694)] };
    const layouts = layoutPages([...pages.slice(0, 2), table, ...pages.slice(3)]);
    expect(layouts[2]!.rows.map((r) => r.text)).toContain('12 | Declaration of the custodian of records');
  });
});

describe('a page\'s place in its own document, `Page N of M`, from a court stamp or a footer', () => {
  it('reads it where the stamp or footer is set apart, and not from the text of the page', () => {
    const pages = [
      makePage(1, { rows: ['COMPLAINT'], header: 'Case 1:22-cv-01033 Document 1 Filed 04/13/22 Page 3 of 5' }),
      makePage(2, { rows: ['MASTER SUPPLY AGREEMENT'], footer: 'Page 2 of 3' }),
      makePage(3, { rows: ['The letter of March 3 runs to page 4 of 9 of the production.'] }),
    ];
    expect(layoutPages(pages).map((l) => l.pageOf)).toEqual([{ n: 3, of: 5 }, { n: 2, of: 3 }, null]);
  });

  it('takes no impossible place (`Page 6 of 5`)', () => {
    expect(pageOfText('Page 6 of 5')).toBeNull();
    expect(pageOfText('Case 2:21-cv-04410 Document 1 Filed 06/02/21 Page 1 of 4 Page ID #:1')).toEqual({ n: 1, of: 4 });
  });
});

describe('an addendum\'s page labels read by OCR (`A1`, `A2` at the foot)', () => {
  it('reads `Al` as A1 on a page read by OCR, and leaves a roman `Il` and a text layer\'s `Al` alone', () => {
    const addendum = (n: number, label: string, source: PageText['source']): PageText => {
      const p = makePage(n, { rows: Array.from({ length: 10 }, () => 'The Judicial Conference may prescribe reasonable fees'), source });
      const conf = source === 'ocr' ? 90 : 100;
      return { ...p, lines: [...p.lines, { text: label, bbox: [297, 727, 311, 737], words: [{ text: label, bbox: [297, 727, 311, 737], confidence: conf }] }] };
    };
    expect(layoutPages([addendum(1, 'Al', 'ocr'), addendum(2, 'A2', 'ocr')]).map((l) => l.printedLabels)).toEqual([['A1'], ['A2']]);
    expect(layoutPages([addendum(1, 'Al', 'text-layer')])[0]!.printedLabels).toEqual([]);
    expect(ocrLabelDigits('Il')).toBe('Il');
    expect(ocrLabelDigits('B-1l')).toBe('B-11');
  });
});
