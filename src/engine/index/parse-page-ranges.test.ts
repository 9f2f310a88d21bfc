import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { parsePageRanges } from './parse-page-ranges.ts';

describe('parsePageRanges', () => {
  it('reads lists, ranges and both, sorted without repeats', () => {
    expect(parsePageRanges('2,3,4')).toEqual([2, 3, 4]);
    expect(parsePageRanges('2-5')).toEqual([2, 3, 4, 5]);
    expect(parsePageRanges(' 2-5, 8 ')).toEqual([2, 3, 4, 5, 8]);
    expect(parsePageRanges('9, 2–3, 3')).toEqual([2, 3, 9]);
  });

  it.each(['', 'two', '2-', '-3', '0', '5-2', '2,,3', '2;3', '1.5'])('refuses %j with a bad-index-pages error', (text) => {
    expect(() => parsePageRanges(text)).toThrow(EngineError);
    try {
      parsePageRanges(text);
    } catch (e) {
      expect((e as EngineError).code).toBe('bad-index-pages');
    }
  });

  it('refuses pages past the end of the document', () => {
    expect(parsePageRanges('2-9', 9)).toHaveLength(8);
    expect(() => parsePageRanges('2-10', 9)).toThrow(/past the end/);
  });
});
