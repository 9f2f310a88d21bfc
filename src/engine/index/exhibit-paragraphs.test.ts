import { describe, expect, it } from 'vitest';
import { detectIndex } from './detect-index.ts';
import { makePage, type PageSpec, makePages } from '../page-model/make-page-text.ts';

/** A declaration (two pages of numbered paragraphs), then each exhibit behind a slip sheet `EXHIBIT n`. */
function declaration(paragraphs: string[], exhibits: string[]) {
  const specs: PageSpec[] = [
    { rows: ['DECLARATION OF JANE ROE IN SUPPORT OF THE MOTION', ...paragraphs.slice(0, 4)] },
    { rows: [...paragraphs.slice(4), 'I declare under penalty of perjury that the foregoing is true and correct.'] },
  ];
  const starts: number[] = [];
  for (const e of exhibits) {
    starts.push(specs.length + 1);
    specs.push({ rows: [{ text: `EXHIBIT ${e}`, x: 230, y: 380, size: 28 }] });
    specs.push({ rows: ['The parties entered into the agreement after several months of negotiation.'] });
  }
  return { pages: makePages(specs), starts };
}

describe('a declaration whose paragraphs list the exhibits behind slip sheets', () => {
  it('the paragraphs are its index: one item per exhibit, described as the paragraph says, to its slip sheet', () => {
    const { pages } = declaration([
      '2. Attached hereto as Exhibit 1 is a true and correct copy of the letter from Dr. Ansel Quigley dated June 8, 2018.',
      '3. Attached hereto as Exhibit 2 is a true and correct copy of the invoice log produced by Blue Heron Co. in this action.',
      '4. A true and correct copy of the First Amendment to the Supply Agreement is attached hereto as Exhibit 3.',
      '5. I have reviewed Exhibit 2 again and it is complete.',
      '6. Attached as Exhibit 4 are true and correct copies of excerpts from the deposition of Tamsin Vareck.',
    ], ['1', '2', '3', '4']);
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.type, i.text, i.page])).toEqual([
      ['1', 'exhibit', 'the letter from Dr. Ansel Quigley dated June 8, 2018', 1],
      ['2', 'exhibit', 'the invoice log produced by Blue Heron Co. in this action', 1],
      ['3', 'exhibit', 'the First Amendment to the Supply Agreement', 1],
      ['4', 'exhibit', 'excerpts from the deposition of Tamsin Vareck', 2],
    ]);
  });

  it('without slip sheets, or naming exhibits of another filing, it is no index', () => {
    const prose = makePage(1, { rows: ['2. Attached hereto as Exhibit 1 is a true and correct copy of the lease.', '3. Attached hereto as Exhibit 2 is a true and correct copy of the notice.'] });
    expect(detectIndex([prose, makePage(2, { rows: ['The tenant paid the rent late in each month of 2019.'] })]).items).toEqual([]);
  });
});
