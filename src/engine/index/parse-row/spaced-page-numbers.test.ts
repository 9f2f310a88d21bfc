import { describe, expect, it } from 'vitest';
import type { Row, Token } from '../../page-model/rows.ts';
import { parseRow } from '../parse-row.ts';
import { spacedRef } from './spaced-page-numbers.ts';

/** A row of 12-point words set at these left edges, each word 6 points a letter wide. */
function typed(words: Array<[string, number]>, confidence = 100): Row {
  const tokens: Token[] = words.map(([text, x]) => ({ text, bbox: [x, 300, x + 6 * text.length, 312], confidence, breakBefore: false }));
  return { page: 2, words: tokens, text: words.map(([t]) => t).join(' '), bbox: [words[0]![1], 300, tokens[tokens.length - 1]!.bbox[2], 312], size: 12, leader: false };
}

describe('a page number typed a few spaces after its title (spacedRef)', () => {
  it('is set apart as in a page column: `PARTIES   10`, `Problem on the Complaint in 21CV02575    4`', () => {
    const parties = parseRow(typed([['PARTIES', 90], ['10', 90 + 42 + 10]]), { ocr: false });
    expect(parties.pageRef).toBe('10');
    expect(parties.desc.map((w) => w.text)).toEqual(['PARTIES']);
    // words three points apart, the number nine
    const words: Array<[string, number]> = [];
    let x = 90;
    for (const w of ['Problem', 'on', 'the', 'Complaint', 'in', '21CV02575']) { words.push([w, x]); x += 6 * w.length + 3; }
    words.push(['4', x + 6]);
    const problem = parseRow(typed(words), { ocr: false });
    expect(problem.pageRef).toBe('4');
    expect(problem.desc.map((w) => w.text).join(' ')).toBe('Problem on the Complaint in 21CV02575');
  });

  it('not a number set one space after the title, nor in a justified line whose every gap is as wide', () => {
    const words: Array<[string, number]> = [];
    let x = 90;
    for (const w of ['See', 'Exhibit', '1', '-', '4']) { words.push([w, x]); x += 6 * w.length + 3; }
    expect(spacedRef(typed(words)).words.at(-1)!.breakBefore).toBe(false);
    const justified: Array<[string, number]> = [];
    x = 90;
    for (const w of ['as', 'the', 'court', 'held', 'in', 'Smith,', 'at', '12']) { justified.push([w, x]); x += 6 * w.length + 8; }
    expect(spacedRef(typed(justified)).words.at(-1)!.breakBefore).toBe(false);
  });

  it('not a number a word before it names (`Page  5` at a transcript page\'s foot, `COUNT  10`), nor read by OCR', () => {
    expect(spacedRef(typed([['Page', 300], ['5', 300 + 24 + 10]])).words[1]!.breakBefore).toBe(false);
    expect(spacedRef(typed([['COUNT', 90], ['10', 90 + 30 + 10]])).words[1]!.breakBefore).toBe(false);
    expect(spacedRef(typed([['PARTIES', 90], ['10', 90 + 42 + 10]], 90)).words[1]!.breakBefore).toBe(false);
  });
});
