import { describe, expect, it } from 'vitest';
import { makePage } from '../page-model/make-page-text.ts';
import type { PageText } from '../types.ts';
import { boundDocumentsStart } from './bound-documents.ts';
import { findReferences } from './find-references.ts';

/** A page of running text, one row a string. */
function textPage(page: number, rows: string[]): PageText {
  return makePage(page, { rows: rows.map((text) => ({ text, size: 11 })), width: 1000 });
}

/** A page holding nothing but a few short rows, set in the middle (a divider, a slip sheet, a part's cover). */
function alone(page: number, rows: string[]): PageText {
  return makePage(page, { rows: rows.map((text, i) => ({ text, size: 24, y: 360 + 30 * i })), width: 612 });
}

const argument = (page: number) => textPage(page, [
  'The witness conceded the point on cross-examination (Tr. 12:3-9; Ex. 5 at 3). The motion should be granted.',
  'See also Smith Decl. ¶ 7 and Dkt. 45 at 3.',
]);
/** An exhibit bound after the brief that cites a record of its own (a prior order, a deposition's exhibits). */
const exhibitText = (page: number) => textPage(page, [
  'ORDER. Having read the papers (Dkt. 12 at 4; Tr. 88:1-5), the Court finds Ex. 14 at 2 admissible.',
]);

describe('the documents bound after a brief are not its body', () => {
  it('a motion whose index links exhibits behind slip sheets: references are read before the first', () => {
    const pages = [
      argument(1),
      textPage(2, ['INDEX OF EXHIBITS', 'Exhibit A   Order of May 3, 2021', 'Exhibit B   Deposition of Jane Roe']),
      argument(3),
      alone(4, ['EXHIBIT A']),
      exhibitText(5),
      alone(6, ['EXHIBIT B']),
      exhibitText(7),
    ];
    expect(boundDocumentsStart(pages, [4, 6], [2])).toBe(4);
    const refs = findReferences(pages, { indexPages: [2], bodyEnd: 4 });
    expect(new Set(refs.map((r) => r.page))).toEqual(new Set([1, 3]));
    // without the rule the exhibits' own citations were read as the brief's
    expect(findReferences(pages, { indexPages: [2] }).some((r) => r.page === 5)).toBe(true);
  });

  it('tabs behind dividers and exhibits behind commissioner\'s covers start the bound part', () => {
    const pages = [argument(1), textPage(2, ['INDEX', 'Tab 1 Affidavit of Omar Haddad']), argument(3), alone(4, ['TAB 1']), exhibitText(5)];
    expect(boundDocumentsStart(pages, [4], [2])).toBe(4);
    const cover = [argument(1), textPage(2, ['INDEX']), argument(3), alone(4, ['This is Exhibit "C" referred to in the', 'Affidavit of Jane Smith', 'sworn before me on May 1, 2020']), exhibitText(5)];
    expect(boundDocumentsStart(cover, [4], [2])).toBe(4);
  });

  it('an appendix behind its own cover after the last page the contents link to (an opinion appended to a petition)', () => {
    const pages = [textPage(1, ['TABLE OF CONTENTS']), argument(2), argument(3), alone(4, ['APPENDIX']), exhibitText(5), exhibitText(6)];
    expect(boundDocumentsStart(pages, [2, 3], [1])).toBe(4);
    expect(boundDocumentsStart([...pages.slice(0, 3), alone(4, ['STATUTORY ADDENDUM']), exhibitText(5)], [2, 3], [1])).toBe(4);
  });

  it('the brief\'s own parts are body: a page headed PART II, a contents heading, a cover before what the contents link to', () => {
    const factum = [textPage(1, ['TABLE OF CONTENTS']), alone(2, ['PART I']), argument(3), alone(4, ['PART II']), argument(5)];
    expect(boundDocumentsStart(factum, [2, 4], [1])).toBeNull();
    // `APPENDIX` alone before pages the contents link to is no bound part yet (the brief goes on after it)
    const early = [textPage(1, ['TABLE OF CONTENTS']), alone(2, ['APPENDIX']), argument(3), argument(4)];
    expect(boundDocumentsStart(early, [3, 4], [1])).toBeNull();
    // a divider the index does not link to says nothing; nor does anything without an index
    expect(boundDocumentsStart([argument(1), textPage(2, ['INDEX']), alone(3, ['TAB 1']), exhibitText(4)], [], [2])).toBeNull();
    expect(boundDocumentsStart([argument(1), alone(2, ['APPENDIX']), exhibitText(3)], [], [])).toBeNull();
  });
});
