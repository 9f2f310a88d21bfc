import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import { newAssemblyState, type Draft, type RowPlace } from './state.ts';
import { openLabelled, openUnlabelled } from './open-entries.ts';
import {
  asText, citationAsText, labelEndingATitle, numberInWrappedLine, numberOpeningATitle, pageColumnRight, withColumnRef, withoutRef,
} from './reread-rows.ts';

const texts = (ts: Array<{ text: string }>) => ts.map((t) => t.text);
const draft = (page: number, refRight: number): Draft =>
  ({ path: [], keyword: null, page, bbox: [72, 72, 540, 84], labelX: 72, descX: 72, words: ['x'], dateWords: [], bottom: 84, lastTop: 72, size: 12, refRight });

describe('a row read as plain text (asText, withoutRef)', () => {
  it('asText: the label is the title\'s first word', () => {
    const [r] = parsedRowsOf(['12. Angry Men ........ 4']);
    const t = asText(r!);
    expect(t.labels).toEqual([]);
    expect(texts(t.desc)).toEqual(['12.', 'Angry', 'Men']);
    expect(t.pageRef).toBe('4');
  });

  it('withoutRef: the number read as the page is the title\'s last word', () => {
    const [r] = parsedRowsOf(['Knight, PPD | 390']);
    const t = withoutRef(r!);
    expect(t.pageRef).toBeUndefined();
    expect(texts(t.desc)).toEqual(['Knight,', 'PPD', '390']);
  });
});

describe('a number at the page column\'s edge (withColumnRef, pageColumnRight)', () => {
  const [r] = parsedRowsOf(['The new element left to the jury 9']);
  const right = r!.desc[r!.desc.length - 1]!.bbox[2];

  it('is the entry\'s page number', () => {
    const t = withColumnRef(r!, right);
    expect(t?.pageRef).toBe('9');
    expect(texts(t!.desc)).not.toContain('9');
  });

  it('not where the page column ends elsewhere, nor after a word that numbers it (`Rule 9`)', () => {
    expect(withColumnRef(r!, right + 20)).toBeNull();
    const [rule] = parsedRowsOf(['Motion under Rule 9']);
    expect(withColumnRef(rule!, rule!.desc[rule!.desc.length - 1]!.bbox[2])).toBeNull();
  });

  it('the column is where three entries of the page end their numbers', () => {
    const s = newAssemblyState(false);
    s.out.items.push(draft(1, 540), draft(1, 540));
    expect(pageColumnRight(s, 1)).toBeUndefined();
    s.out.items.push(draft(1, 541));
    expect(pageColumnRight(s, 1)).toBe(540);
    expect(pageColumnRight(s, 2)).toBeUndefined();
  });
});

describe('a label that opens a title (citationAsText, numberOpeningATitle, labelEndingATitle)', () => {
  it('a statute named by its code in an appendix\'s contents has no label', () => {
    const [r] = parsedRowsOf(['28 U.S.C. 2343 ........ 1a']);
    expect(citationAsText(r!).labels).toEqual([]);
  });

  it('`42 U.S.C. …` among a contents list\'s unlabelled entries is a title', () => {
    const [entry, cite] = parsedRowsOf(['INTRODUCTION ........ 1', '42 U.S.C. Section 1983 ........ 5']);
    const s = newAssemblyState(true);
    expect(numberOpeningATitle(s, cite!).labels).toHaveLength(1);
    s.out.toc = true;
    openUnlabelled(s, entry!);
    expect(numberOpeningATitle(s, cite!).labels).toEqual([]);
  });

  it('`9(b) Requires ..... 5` right under a line waiting for its page number ends that title', () => {
    const rows = parsedRowsOf(['Whether the Rule of Evidence', '9(b) Requires ........ 5']);
    const at: RowPlace = { page: 1, rows, k: 1, first: false, crossPage: false, prevBottomFrac: 0 };
    const s = newAssemblyState(true);
    expect(labelEndingATitle(s, rows[1]!, at).labels).toHaveLength(1);
    s.pending = [rows[0]!];
    expect(labelEndingATitle(s, rows[1]!, at).labels).toEqual([]);
  });

  it('a first label (`1.`) under such a line still opens a list', () => {
    const rows = parsedRowsOf(['Whether the Rule of Evidence', '1. Requires ........ 5']);
    const s = newAssemblyState(true);
    s.pending = [rows[0]!];
    expect(labelEndingATitle(s, rows[1]!, { page: 1, rows, k: 1, first: false, crossPage: false, prevBottomFrac: 0 }).labels).not.toEqual([]);
  });
});

describe('a number ending a wrapped line short of the page column (numberInWrappedLine)', () => {
  it('is text, not the page', () => {
    const rows = parsedRowsOf([
      { text: 'Exhibit 18 | The body cam video of Sergeant ........ 102', cols: [72, 140] },
      { text: 'Knight, PPD | 390', x: 140, cols: [140, 230] },
    ]);
    const s = newAssemblyState(false);
    openLabelled(s, rows[0]!, { depth: 0, reading: rows[0]!.labels[0]! });
    expect(rows[1]!.pageRef).toBe('390');
    expect(numberInWrappedLine(s, rows[1]!, 1).pageRef).toBeUndefined();
    expect(numberInWrappedLine(newAssemblyState(false), rows[1]!, 1).pageRef).toBe('390');
  });

  it('under an unlabelled contents entry, which ends with its page number, is the next entry\'s page (`PARTIES | 10`)', () => {
    const rows = parsedRowsOf([{ text: 'COMPLAINT | 9', cols: [90, 515] }, { text: 'PARTIES | 10', cols: [90, 160] }]);
    const s = newAssemblyState(false);
    s.headed = true;
    s.out.toc = true;
    openUnlabelled(s, rows[0]!);
    expect(numberInWrappedLine(s, rows[1]!, 1).pageRef).toBe('10');
  });
});
