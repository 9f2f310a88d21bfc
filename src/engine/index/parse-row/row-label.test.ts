import { describe, expect, it } from 'vitest';
import { rowOf } from '../make-parsed-rows.ts';
import { bareRoman, rowLabel } from './row-label.ts';

const label = (text: string, ocr = false) => {
  const row = rowOf(text, ocr ? { source: 'ocr' } : {});
  const l = rowLabel(row.words, row, { ocr, quotedFirst: false });
  return { keyword: l.keyword, labels: [...new Set(l.labels.map((x) => x.text))], consumed: l.consumed };
};

describe('the keyword and label that open a row (rowLabel)', () => {
  it('reads a keyword and its label', () => {
    expect(label('Tab 7 Affidavit of Jane Smith')).toEqual({ keyword: 'tab', labels: ['7'], consumed: 2 });
    expect(label('Exhibit No. 3 Letter of May 4')).toEqual({ keyword: 'exhibit', labels: ['3'], consumed: 3 });
  });

  it('reads a keyword glued to its label (`TAB4`)', () => {
    expect(label('TAB4 Affidavit of Jane Smith', true)).toEqual({ keyword: 'tab', labels: ['4'], consumed: 1 });
  });

  it('read by OCR, a long keyword with one letter wrong (`Parr II`) before a label; not as printed, nor a word before no label', () => {
    const part = label('Parr II STATEMENT OF FACTS', true);
    expect([part.keyword, part.labels[0], part.consumed]).toEqual(['section', 'II', 2]);
    expect(label('Exhibil 4 Letter of May 4', true)).toEqual({ keyword: 'exhibit', labels: ['4'], consumed: 2 });
    expect(label('Parr II STATEMENT OF FACTS').keyword).toBeNull();
    expect(label('Party liability in the law', true).keyword).toBeNull();
  });

  it('reads a bare label that looks like one', () => {
    expect(label('12. Affidavit of Jane Smith')).toEqual({ keyword: null, labels: ['12'], consumed: 1 });
  });

  it('a plain word opening a sentence is no label', () => {
    expect(label('A letter from the applicant')).toEqual({ keyword: null, labels: [], consumed: 0 });
  });

  it('a number followed by nothing but a page number is the end of a wrapped title (`22. ..... 17`)', () => {
    expect(label('22. ........ 17')).toEqual({ keyword: null, labels: [], consumed: 0 });
  });
});

describe('a roman numeral without a stop before a title in capitals (bareRoman)', () => {
  it('counts in a row ending in a page number after a leader', () => {
    const row = rowOf('II BACKGROUND ........ 3');
    expect(bareRoman(row.words, row, false)).toBe(true);
  });

  it('not before a title in mixed case', () => {
    const row = rowOf('II Background ........ 3');
    expect(bareRoman(row.words, row, false)).toBe(false);
  });
});
