import { describe, expect, it } from 'vitest';
import { joinWrapped } from './finish-items.ts';

describe('joinWrapped: description lines joined as printed', () => {
  it('closes a word broken at its hyphen at the end of a line', () => {
    expect(joinWrapped(['Transcript', 'of', 'the', 'Cross-', 'Examination', 'of', 'Jean-', 'Luc', 'Tremblay'])).toBe('Transcript of the Cross-Examination of Jean-Luc Tremblay');
  });

  it('keeps the space after a suspended hyphen and around a dash', () => {
    expect(joinWrapped(['pre-', 'and', 'post-judgment', 'interest'])).toBe('pre- and post-judgment interest');
    expect(joinWrapped(['Smith', '-', 'Jones', 'letter'])).toBe('Smith - Jones letter');
  });
});
