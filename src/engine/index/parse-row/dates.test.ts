import { describe, expect, it } from 'vitest';
import { rowOf } from '../make-parsed-rows.ts';
import { dateAndDescription, findDate, isDateText } from './dates.ts';

describe('dates in index rows', () => {
  it('isDateText: a cell that is only a date, with a speck or comma OCR read around it', () => {
    expect(isDateText('March 6, 2020')).toBe(true);
    expect(isDateText('"December 10, 2019,')).toBe(true);
    expect(isDateText('6 March 2020')).toBe(true);
    expect(isDateText('sworn March 6, 2020')).toBe(false);
  });

  it('findDate: the first date in a text', () => {
    expect(findDate('Affidavit of Jane Smith sworn May 3, 2021 with exhibits')).toBe('May 3, 2021');
    expect(findDate('Affidavit of Jane Smith')).toBeUndefined();
  });
});

describe('the date cell and the description (dateAndDescription)', () => {
  it('takes a date in a cell of its own out of the description, with its column', () => {
    const row = rowOf('March 6, 2020 | Affidavit of Jane Smith');
    const d = dateAndDescription(row, row.words);
    expect(d.date).toBe('March 6, 2020');
    expect(d.desc.map((t) => t.text)).toEqual(['Affidavit', 'of', 'Jane', 'Smith']);
    expect(d.dateCol?.[0]).toBe(row.words[0]!.bbox[0]);
  });

  it('a date inside the description stays there and is the row\'s date too', () => {
    const row = rowOf('Affidavit of Jane Smith sworn May 3, 2021');
    const d = dateAndDescription(row, row.words);
    expect(d.date).toBe('May 3, 2021');
    expect(d.dateCol).toBeUndefined();
    expect(d.desc).toHaveLength(8);
  });

  it('a dash or colon between the label and the title is no part of the title', () => {
    const row = rowOf('– OVERVIEW');
    expect(dateAndDescription(row, row.words).desc.map((t) => t.text)).toEqual(['OVERVIEW']);
  });
});
