import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import type { ParsedRow } from '../parse-row.ts';
import { newAssemblyState, type RowPlace } from './state.ts';
import { openLabelled, openUnlabelled } from './open-entries.ts';
import { canContinue, extend, placeWords, wrappedLineRow, wrapsOnNextLine } from './wrapped-titles.ts';

function reading(first: ParsedRow) {
  const s = newAssemblyState(false);
  openLabelled(s, first, { depth: 0, reading: first.labels[0]! });
  return s;
}
const place = (rows: ParsedRow[], k: number): RowPlace => ({ page: 1, rows, k, first: false, crossPage: false, prevBottomFrac: 0 });

describe('whether a row continues the entry above (canContinue)', () => {
  const rows = parsedRowsOf([
    { text: '1. | Affidavit of Jane Smith sworn', cols: [72, 108] },
    { text: 'May 3, 2021', x: 108 },
    { text: 'Affidavit of John Doe', x: 300 },
  ]);

  it('a row right under the description, in its column, does', () => {
    expect(canContinue(reading(rows[0]!), rows[1]!, false, 0)).toBe(true);
  });

  it('a row far right of it does not', () => {
    expect(canContinue(reading(rows[0]!), rows[2]!, false, 0)).toBe(false);
  });

  it('nor a row after a gap of more than a line', () => {
    const [a, b] = parsedRowsOf([{ text: '1. | Affidavit of Jane Smith sworn', cols: [72, 108] }, { text: 'May 3, 2021', x: 108, y: 130 }]);
    expect(canContinue(reading(a!), b!, false, 0)).toBe(false);
  });

  it('at the top of the next page, only when the entry ended low on the page before', () => {
    const [a] = parsedRowsOf([{ text: '1. | Affidavit of Jane Smith sworn', cols: [72, 108] }]);
    const [b] = parsedRowsOf([{ text: 'May 3, 2021', x: 108 }], { page: 2 });
    expect(canContinue(reading(a!), b!, false, 0.9)).toBe(false);
    expect(canContinue(reading(a!), b!, true, 0.9)).toBe(true);
    expect(canContinue(reading(a!), b!, true, 0.5)).toBe(false);
  });
});

describe('a contents entry wrapped over double spacing (wrapsOnNextLine)', () => {
  it('takes the next line while the entry waits for its page number', () => {
    const rows = parsedRowsOf([
      { text: 'A. | As a matter of first impression, was', cols: [72, 108], y: 72 },
      { text: 'constitutional right to silence', x: 108, y: 100 },
      ...[128, 156, 184, 212, 240].map((y) => ({ text: 'filler', x: 400, y })),
    ]);
    const s = reading(rows[0]!);
    s.out.toc = true;
    s.pitch = 28;
    expect(wrapsOnNextLine(s, s.current!, rows[1]!)).toBe(true);
    s.current!.pageRef = '3';
    expect(wrapsOnNextLine(s, s.current!, rows[1]!)).toBe(false);
  });
});

describe('words into the description or the date (placeWords, extend)', () => {
  it('words in the table\'s date column go to the date', () => {
    const [a, b] = parsedRowsOf([{ text: '1 | Affidavit of Jane Smith', cols: [72, 220] }, { text: 'May 3, | 2021 witness', cols: [108, 220] }]);
    const s = reading(a!);
    s.dateColumn = [100, 210];
    placeWords(s, s.current!, b!.row.words, null);
    expect(s.current!.dateWords).toEqual(['May', '3,']);
    expect(s.current!.words).toEqual(['Affidavit', 'of', 'Jane', 'Smith', '2021', 'witness']);
  });

  it('a wrapped line brings the page number the entry lacked', () => {
    const [a, b] = parsedRowsOf([{ text: '1. | Affidavit of Jane Smith sworn', cols: [72, 108] }, { text: 'May 3, 2021 ........ 14', x: 108 }]);
    const s = reading(a!);
    extend(s, b!);
    expect(s.current!.pageRef).toBe('14');
    expect(s.current!.words.join(' ')).toBe('Affidavit of Jane Smith sworn May 3, 2021');
    expect(s.current!.bottom).toBe(b!.row.bbox[3]);
  });
});

describe('a wrapped line as a step (wrappedLineRow)', () => {
  it('joins the line to the entry', () => {
    const rows = parsedRowsOf([{ text: '1. | Affidavit of Jane Smith sworn', cols: [72, 108] }, { text: 'May 3, 2021', x: 108 }]);
    const s = reading(rows[0]!);
    expect(wrappedLineRow(s, rows[1]!, place(rows, 1))).toBe(true);
    expect(s.current!.words).toContain('2021');
  });

  it('under an index heading, a row with a page number after an unlabelled entry that has its own is a new entry', () => {
    const rows = parsedRowsOf(['INTRODUCTION ........ 1', 'STATEMENT OF FACTS ........ 2']);
    const s = newAssemblyState(true);
    openUnlabelled(s, rows[0]!);
    expect(wrappedLineRow(s, rows[1]!, place(rows, 1))).toBe(false);
  });
});
