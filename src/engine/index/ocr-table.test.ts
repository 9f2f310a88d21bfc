import { describe, expect, it } from 'vitest';
import type { PageText } from '../types.ts';
import { detectIndex } from './detect-index.ts';
import { makePage } from '../page-model/make-page-text.ts';
import { isDateText } from './parse-row/dates.ts';

/**
 * An index table (`Tab No. | Date | Nature of Document`) over two pages as OCR reads a scan of it: a lone
 * label beside a speck is lost altogether, and the date cells come back with a stray mark before them or
 * without the space after the comma.
 */
const COLS = [72, 150, 265];
const TITLES = ['Notice of Motion', 'Affidavit of Heather Okafor', 'Order of Justice Perell', 'Factum of the Respondent on the motion',
  'Notice of Appeal', 'Endorsement of Justice Sossin', 'Affidavit of Gordon MacDonald', 'Statement of Defence', 'Supplementary Affidavit of Elena Mercer, with exhibits',
  'Order of Justice Lauwers', 'Agreement of Purchase and Sale', 'Reply of the Appellant'];
const DATES = ['March 2, 2020', 'June 7, 2021', 'July 15, 2023', 'April 5, 2018', '‘September 25,2021', 'May 23, 2019', 'June 22, 2023',
  '"December 10, 2019', 'March 12, 2020', 'October 22, 2018', 'July 9, 2017', 'July 3,2018'];

function row(n: number, y: number, label = String(n)) {
  return { text: `${label} | ${DATES[n - 1]} | ${TITLES[n - 1]}`, y, cols: COLS };
}

function indexPages(lost: number | null): PageText[] {
  const first = makePage(2, {
    source: 'ocr',
    confidence: 85,
    rows: [
      { text: 'INDEX', x: 280, y: 72 },
      { text: 'Tab No. | Date | Nature of Document', y: 110, cols: COLS },
      ...Array.from({ length: 6 }, (_, k) => row(k + 1, 140 + 30 * k, k + 1 === lost ? '' : String(k + 1))),
      // a title wrapped onto a second line, in the description column, with no date of its own
      { text: 'and the Exhibits to it', x: 265, y: 140 + 30 * 5 + 15 },
    ],
  });
  const second = makePage(3, {
    source: 'ocr',
    confidence: 85,
    rows: [
      { text: 'Tab No. | Date | Nature of Document', y: 72, cols: COLS },
      ...Array.from({ length: 6 }, (_, k) => row(k + 7, 100 + 30 * k, k + 7 === lost ? '' : String(k + 7))),
    ],
  });
  const body = (n: number) => makePage(n, { source: 'ocr', rows: Array.from({ length: 20 }, () => 'The affiant swears that the facts set out here are true to the best of her knowledge') });
  return [body(1), first, second, ...Array.from({ length: 6 }, (_, k) => body(k + 4))];
}

describe('an index table with a date column read by OCR', () => {
  it('reads a date cell with a stray mark before it, or no space after its comma, as the date', () => {
    expect(isDateText('"December 10, 2019')).toBe(true);
    expect(isDateText('‘September 25,2021')).toBe(true);
    expect(isDateText('September 25,2021,')).toBe(true);
    expect(isDateText('December')).toBe(false);
    expect(isDateText('"Notice of Appeal')).toBe(false);
  });

  it('reads every row with its label and its title without the date', () => {
    const det = detectIndex(indexPages(null));
    expect(det.items.map((i) => i.label)).toEqual(TITLES.map((_, k) => String(k + 1)));
    expect(det.items.map((i) => i.text)).toEqual(TITLES.map((t, k) => (k === 5 ? `${t} and the Exhibits to it` : t)));
  });

  for (const lost of [9, 4, 7]) {
    it(`a row whose label OCR lost (${lost}) is the next of the sequence; the wrapped line stays with its title`, () => {
      const det = detectIndex(indexPages(lost));
      expect(det.items.map((i) => i.label)).toEqual(TITLES.map((_, k) => String(k + 1)));
      expect(det.items[lost - 1]!.text).toBe(TITLES[lost - 1]);
      expect(det.items[5]!.text).toBe(`${TITLES[5]} and the Exhibits to it`);
    });
  }

  it('a text layer is not second-guessed: an unlabelled dated row there is no lost label', () => {
    const pages = indexPages(9).map((p) => ({ ...p, source: 'text-layer' as const, lines: p.lines.map((l) => ({ ...l, words: l.words.map((w) => ({ ...w, confidence: 100 })) })) }));
    const det = detectIndex(pages);
    expect(det.items.map((i) => i.label)).not.toContain('9');
  });
});
