import { describe, expect, it } from 'vitest';
import { rowOf } from '../make-parsed-rows.ts';
import { apartFromWords, takePageReference } from './page-reference.ts';

/** The reference read off the row's words, and the words left. */
const ref = (text: string, opts: { ocr?: boolean; labelled?: boolean } = {}) => {
  const row = rowOf(text, opts.ocr ? { source: 'ocr' } : {});
  const rest = [...row.words];
  const r = takePageReference(rest, row, opts.labelled ?? false, opts.ocr ?? false);
  return { pageRef: r.pageRef, refWords: r.refTokens.map((t) => t.text), rest: rest.map((t) => t.text).join(' ') };
};

describe('the page reference at the end of a row (takePageReference)', () => {
  it('takes the number after a leader', () => {
    expect(ref('Affidavit of Jane Smith ........ 45')).toEqual({ pageRef: '45', refWords: ['45'], rest: 'Affidavit of Jane Smith' });
  });

  it('read by OCR, an appendix page whose 1 reads as l or I (`la`, `Ila`, `Al`) is 1a, 11a, A1; as printed, `la` is a word', () => {
    expect(ref('28 U.S.C. 2343 ........ la', { ocr: true }).pageRef).toBe('1a');
    expect(ref('42 U.S.C. 2111 | Ila', { ocr: true }).pageRef).toBe('11a');
    expect(ref('Cour de | la').pageRef).toBeUndefined();
    expect(ref('codified as a note to 28 U.S.C. § 1913 | Al', { ocr: true }).pageRef).toBe('A1');
  });

  it('takes a number set apart in a column of its own', () => {
    expect(ref('Affidavit of Jane Smith | 45').pageRef).toBe('45');
  });

  it('leaves a number that ends the text, with no leader nor gap', () => {
    expect(ref('Affidavit of Jane Smith 45').pageRef).toBeUndefined();
  });

  it('a date\'s year is no page number', () => {
    expect(ref('Letter dated March 6, 2020').pageRef).toBeUndefined();
  });

  it('several pages (`7, 114`): the entry starts at the first', () => {
    expect(ref('Examination | 7, 114')).toMatchObject({ pageRef: '7', rest: 'Examination' });
  });

  it('`p. 12`: the word before the number belongs to the reference', () => {
    expect(ref('Notice of Motion | p. 12')).toEqual({ pageRef: '12', refWords: ['12', 'p.'], rest: 'Notice of Motion' });
  });

  it('a range written with spaces starts where it starts', () => {
    expect(ref('Affidavit of Jane Smith ........ 12 – 15').pageRef).toBe('12');
  });

  it('read by OCR, letters shaped like digits after a leader are the digits (`ST` for 57)', () => {
    expect(ref('ARGUMENT ........ ST', { ocr: true }).pageRef).toBe('57');
  });

  it('a labelled row keeps its one word as its title', () => {
    expect(ref('45', { labelled: true }).pageRef).toBeUndefined();
  });
});

describe('a last word set apart as a page column is (apartFromWords)', () => {
  it('read by OCR, a number set no wider than the other words is prose', () => {
    const row = rowOf('through | page | 130, | line | 1', { source: 'ocr' });
    expect(apartFromWords(row.words, true)).toBe(false);
  });

  it('on a text layer the gap is not weighed', () => {
    const row = rowOf('through | page | 130, | line | 1');
    expect(apartFromWords(row.words, false)).toBe(true);
  });
});
