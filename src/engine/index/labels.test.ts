import { describe, expect, it } from 'vitest';
import { isSuccessor, labelMatch, parseLabel } from './labels.ts';
import { romanValue } from '../page-model/roman-numerals.ts';

const kinds = (raw: string, ocr = false) => parseLabel(raw, { ocr }).map((l) => `${l.kind}:${l.text}`);

describe('labels', () => {
  it('reads every printed form', () => {
    expect(kinds('12.')).toEqual(['number:12']);
    expect(kinds('"C"')).toEqual(['letter:C']);
    expect(kinds('IV')).toEqual(['roman:IV']);
    expect(kinds('I.')).toEqual(['roman:I', 'letter:I']);
    expect(kinds('5A')).toEqual(['number-letter:5A']);
    expect(kinds('5(a)')).toEqual(['number-letter:5(a)']);
    expect(kinds('(iv)')).toEqual(['paren-roman:(iv)']);
    expect(kinds('Affidavit')).toEqual([]);
    expect(kinds('2021')).toEqual([]);
  });

  it('offers the digit reading of OCR confusions only for OCR text', () => {
    expect(kinds('l2', true)).toEqual(['number:12']);
    expect(kinds('1O', true)).toContain('number:10');
    expect(kinds('l2', false)).toEqual([]);
  });

  it('offers the letter an OCR-read exhibit label stands for, as a guess and only for OCR text', () => {
    const guesses = (raw: string) => parseLabel(raw, { ocr: true }).filter((l) => l.ocrGuess && l.kind === 'letter').map((l) => l.text);
    expect(guesses('"Cc"')).toEqual(['C']);
    expect(guesses('"Jr')).toEqual(['J']);
    expect(guesses('"T"')).toEqual(['I']);
    expect(guesses('"0"')).toEqual(['O']);
    expect(guesses('"c"')).toEqual(['C']);
    expect(guesses('"EF"')).toEqual(['F', 'E']);
    expect(kinds('"T"', true)).toContain('letter:T');
    expect(kinds('"Cc"', false)).toEqual([]);
    expect(kinds('Jr', true)).not.toContain('letter:J');
  });

  it('offers the roman numeral OCR read with l, 1, | or L for its I\'s, as a guess', () => {
    const romans = (raw: string, ocr = true) => parseLabel(raw, { ocr }).filter((l) => l.kind === 'roman').map((l) => `${l.text}${l.ocrGuess ? '?' : ''}`);
    expect(romans('Il.')).toEqual(['II?']);
    // A final L may also be II; without a stop after it, it may be the stop (`VI.`): the list decides.
    expect(romans('VIL.')).toEqual(['VII?', 'VIII?']);
    expect(romans('VIL')).toEqual(['VII?', 'VIII?', 'VI?']);
    expect(romans('Iv.')).toEqual(['IV?']);
    expect(romans('IT')).toEqual(['II?']);
    expect(romans('XIT.')).toEqual(['XII?']);
    expect(romans('Vi')).toEqual(['VI?']);
    expect(romans('1V')).toEqual(['IV?']);
    // a mark inside (`I’v.`): the numeral without it, or the letters after it (a speck read as I and the mark)
    expect(romans('I’v.')).toEqual(['V?', 'IV?']);
    expect(romans("I'v.", false)).toEqual([]);
    expect(romans('IV.')).toEqual(['IV']);
    expect(romans('Il.', false)).toEqual([]);
    expect(romans('LL')).toEqual([]);
  });

  it('knows what follows what', () => {
    const one = (raw: string) => parseLabel(raw, { ocr: false })[0]!;
    expect(isSuccessor(one('9'), one('10'))).toBe(true);
    expect(isSuccessor(one('5'), one('5A'))).toBe(true);
    expect(isSuccessor(one('5A'), one('5B'))).toBe(true);
    expect(isSuccessor(one('5B'), one('6'))).toBe(true);
    expect(isSuccessor(one('7'), one('7(a)'))).toBe(true);
    expect(isSuccessor(one('1'), one('10'))).toBe(false);
    expect(isSuccessor(parseLabel('H')[0]!, parseLabel('I').find((l) => l.kind === 'letter')!)).toBe(true);
    expect(romanValue('XIV')).toBe(14);
    expect(romanValue('IIII')).toBeNull();
  });

  it('matches divider labels exactly, and through OCR confusions only when asked', () => {
    expect(labelMatch('1', '1')).toBe(1);
    expect(labelMatch('1', '10')).toBe(0);
    expect(labelMatch('10', '1O')).toBe(0.85);
    expect(labelMatch('10', '1O', false)).toBe(0);
    expect(labelMatch('C', '"C"')).toBe(1);
  });

  it('reads bundle tabs A1 … C4 as a section letter and a number, and zero-padded tabs as the tab', () => {
    expect(kinds('B12')).toContain('compound:B12');
    const [a3] = parseLabel('A3');
    const [b1] = parseLabel('B1');
    expect(isSuccessor(a3!, b1!)).toBe(true);
    expect(isSuccessor(b1!, parseLabel('B2')[0]!)).toBe(true);
    expect(labelMatch('1', '01')).toBe(1);
    expect(labelMatch('10', '010')).toBe(1);
    expect(labelMatch('1', '10')).toBe(0);
  });
});

describe('labelMatch: a large 8 or 9 read as S by OCR', () => {
  it('lets an OCR-read divider TABS stand for tab 5, 8 or 9, and only when read by OCR', () => {
    expect(labelMatch('8', 'S')).toBeGreaterThan(0);
    expect(labelMatch('9', 'S')).toBeGreaterThan(0);
    expect(labelMatch('5', 'S')).toBeGreaterThan(0);
    expect(labelMatch('7', 'S')).toBe(0);
    expect(labelMatch('8', 'S', false)).toBe(0);
  });
});
