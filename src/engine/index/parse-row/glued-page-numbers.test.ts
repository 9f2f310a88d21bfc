import { describe, expect, it } from 'vitest';
import { rowOf } from '../make-parsed-rows.ts';
import { unglueRef } from './glued-page-numbers.ts';

const words = (r: { words: Array<{ text: string; breakBefore?: boolean }> }) => r.words.map((w) => [w.text, w.breakBefore === true]);

describe('a page number glued to its title (unglueRef)', () => {
  it('sets apart the number after a single dot, as if after a leader', () => {
    const r = unglueRef(rowOf('INTRODUCTION.14'));
    expect(words(r)).toEqual([['INTRODUCTION', false], ['14', true]]);
    expect(r.leader).toBe(true);
  });

  it('takes a question mark as the end of the title (`statements?1`)', () => {
    expect(unglueRef(rowOf('Were their Garrity statements?1')).words.map((w) => w.text)).toEqual(['Were', 'their', 'Garrity', 'statements?', '1']);
  });

  it('read by OCR, a speck read as a stroke after the number (`statements?1 i`) is nothing; a title\'s own `i` stays', () => {
    expect(unglueRef(rowOf('Were their Garrity statements?1 i', { source: 'ocr' })).words.map((w) => w.text))
      .toEqual(['Were', 'their', 'Garrity', 'statements?', '1']);
    const own = rowOf('Schedule i', { source: 'ocr' });
    expect(unglueRef(own)).toBe(own);
  });

  it('leaves a title\'s own number alone (`No. 12`) and a row that already has its leader', () => {
    const titled = rowOf('Order No. 12');
    expect(unglueRef(titled)).toBe(titled);
    const led = rowOf('INTRODUCTION ........ 14');
    expect(unglueRef(led)).toBe(led);
  });

  it('read by OCR, a dot with a space after it (`BACKGROUND. 16`) is a leader cut short', () => {
    const r = unglueRef(rowOf('BACKGROUND. 16', { source: 'ocr' }));
    expect(words(r)).toEqual([['BACKGROUND', false], ['16', true]]);
  });

  it('the same with a text layer is a sentence ending before a number', () => {
    expect(unglueRef(rowOf('BACKGROUND. 16')).leader).toBe(false);
  });

  it('sets apart a number typed straight after the title\'s last word (`JURISDICTION AND VENUE4`, `the county19`)', () => {
    const r = unglueRef(rowOf('JURISDICTION AND VENUE4'));
    expect(words(r)).toEqual([['JURISDICTION', false], ['AND', false], ['VENUE', false], ['4', true]]);
    expect(r.leader).toBe(true);
    expect(unglueRef(rowOf('Notice of the claim given to the county19')).words.slice(-2).map((w) => w.text)).toEqual(['county', '19']);
  });

  it('leaves a case number (`21CV02575`), a short code (`A12`) and an OCR reading (`ASSIGNMENT5` may be `ASSIGNMENTS`) alone', () => {
    for (const t of ['CLAIM NUMBER 21CV02575', 'See Schedule A12']) {
      const r = rowOf(t);
      expect(unglueRef(r)).toBe(r);
    }
    const ocr = rowOf('SECURITY ASSIGNMENT5', { source: 'ocr' });
    expect(unglueRef(ocr)).toBe(ocr);
  });
});
