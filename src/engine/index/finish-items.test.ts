import { describe, expect, it } from 'vitest';
import { joinWrapped, unpairedQuotes } from './finish-items.ts';

describe('joinWrapped: description lines joined as printed', () => {
  it('closes a word broken at its hyphen at the end of a line', () => {
    expect(joinWrapped(['Transcript', 'of', 'the', 'Cross-', 'Examination', 'of', 'Jean-', 'Luc', 'Tremblay'])).toBe('Transcript of the Cross-Examination of Jean-Luc Tremblay');
  });

  it('keeps the space after a suspended hyphen and around a dash', () => {
    expect(joinWrapped(['pre-', 'and', 'post-judgment', 'interest'])).toBe('pre- and post-judgment interest');
    expect(joinWrapped(['Smith', '-', 'Jones', 'letter'])).toBe('Smith - Jones letter');
  });
});

describe('unpairedQuotes: quote marks OCR read that pair with nothing in a title', () => {
  it('reads a lone closing double quote at a word\'s end as an apostrophe, and drops a lone opening quote', () => {
    expect(unpairedQuotes('The Developers” application for their costs')).toBe('The Developers’ application for their costs');
    expect(unpairedQuotes('Any Acts of ‘Misappropriation by Jinhua Occurring in California')).toBe('Any Acts of Misappropriation by Jinhua Occurring in California');
    expect(unpairedQuotes('“Use or Disclosure Made by Jinhua')).toBe('Use or Disclosure Made by Jinhua');
  });

  it('leaves quotes that pair, and apostrophes, as they are', () => {
    for (const t of ['a “Direct and Proximate Result” of Any Alleged “Use or Disclosure” Made by Jinhua', 'the ‘434 patent’s term', 'Micron’s SAC',
      'Plaintiffs’ claims', 'CIVIL SUIT FILED “JAN 25th”']) expect(unpairedQuotes(t)).toBe(t);
  });
});
