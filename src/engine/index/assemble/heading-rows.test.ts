import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import { newAssemblyState, type RowPlace } from './state.ts';
import { openLabelled } from './open-entries.ts';
import { groupHeadingRow, indexHeadingRow, isBlockBreak, listNamedAsEntry, sourceNoteRow, tableHeaderRow } from './heading-rows.ts';
import { openUnlabelled } from './open-entries.ts';
import type { ParsedRow } from '../parse-row.ts';

const place = (rows: ParsedRow[], first: boolean): RowPlace => ({ page: 1, rows, k: 0, first, crossPage: false, prevBottomFrac: 0 });

/** A state reading entry 1. */
function reading() {
  const s = newAssemblyState(false);
  const [one] = parsedRowsOf([{ text: '1. | Affidavit of Jane Smith', cols: [72, 108] }]);
  openLabelled(s, one!, { depth: 0, reading: one!.labels[0]! });
  return s;
}

describe('group headings and Word\'s field errors (groupHeadingRow)', () => {
  it('ends the entry above and the lines waiting for one', () => {
    const s = reading();
    const [g] = parsedRowsOf(['A. STATEMENTS OF CASE']);
    s.pending = [g!];
    expect(groupHeadingRow(s, g!, new Set([g!]))).toBe(true);
    expect(s.current).toBeNull();
    expect(s.pending).toEqual([]);
  });

  it('takes Word\'s `Error! Bookmark not defined.` the same way', () => {
    const s = reading();
    const [e] = parsedRowsOf(['STATEMENT OF FACTS Error! Bookmark not defined.']);
    expect(groupHeadingRow(s, e!, new Set())).toBe(true);
    expect(s.current).toBeNull();
  });

  it('leaves other rows', () => {
    const s = reading();
    const [r] = parsedRowsOf(['sworn May 3, 2021']);
    expect(groupHeadingRow(s, r!, new Set())).toBe(false);
    expect(s.current).not.toBeNull();
  });
});

describe('the index\'s own heading (indexHeadingRow)', () => {
  it('a table of contents: entries are sections, unlabelled rows with page numbers count', () => {
    const s = newAssemblyState(false);
    const rows = parsedRowsOf(['TABLE OF CONTENTS']);
    expect(indexHeadingRow(s, rows[0]!, place(rows, true))).toBe(true);
    expect(s.headed).toBe(true);
    expect(s.out.toc).toBe(true);
  });

  it('an index of exhibits names the items\' type', () => {
    const s = newAssemblyState(false);
    const rows = parsedRowsOf(['INDEX OF EXHIBITS']);
    indexHeadingRow(s, rows[0]!, place(rows, true));
    expect(s.out.headingType).toBe('exhibit');
  });

  it('a table of authorities stops the index', () => {
    const s = newAssemblyState(false);
    const rows = parsedRowsOf(['TABLE OF AUTHORITIES']);
    expect(indexHeadingRow(s, rows[0]!, place(rows, true))).toBe(true);
    expect(s.stopped).toBe(true);
  });

  it('repeated at the top of a page it keeps the entry wrapped over the break; lower down it ends it', () => {
    const rows = parsedRowsOf(['TABLE OF CONTENTS']);
    const top = reading();
    indexHeadingRow(top, rows[0]!, place(rows, true));
    expect(top.current).not.toBeNull();
    const lower = reading();
    indexHeadingRow(lower, rows[0]!, place(rows, false));
    expect(lower.current).toBeNull();
  });
});

describe('a table\'s header row (tableHeaderRow)', () => {
  it('names the items\' type and finds the date column', () => {
    const s = newAssemblyState(false);
    const rows = parsedRowsOf([{ text: 'Tab No. | Date | Nature of Document', cols: [72, 150, 260] }]);
    expect(tableHeaderRow(s, rows[0]!, place(rows, true))).toBe(true);
    expect(s.out.headerType).toBe('tab');
    expect(s.dateColumn).toEqual([144, 254]);
  });

  it('is not taken for other rows', () => {
    const s = newAssemblyState(false);
    const rows = parsedRowsOf(['1. | Affidavit of Jane Smith']);
    expect(tableHeaderRow(s, rows[0]!, place(rows, true))).toBe(false);
  });
});

describe('a source note under a description (sourceNoteRow)', () => {
  it('is skipped under an entry, and only there', () => {
    const [note] = parsedRowsOf(['Source: JudicialWatch.org PDF']);
    expect(sourceNoteRow(reading(), note!)).toBe(true);
    expect(sourceNoteRow(newAssemblyState(false), note!)).toBe(false);
  });
});

describe('a row closing a block (isBlockBreak)', () => {
  it('is a separator or a heading in capitals with no label or page', () => {
    const [sep, caps, entry] = parsedRowsOf(['---oOo---', 'REFERENCE TO PREVIOUSLY MARKED EXHIBITS', 'Affidavit of Jane Smith']);
    expect(isBlockBreak(sep!)).toBe(true);
    expect(isBlockBreak(caps!)).toBe(true);
    expect(isBlockBreak(entry!)).toBe(false);
  });
});

describe('a list named among the entries of a contents list (listNamedAsEntry)', () => {
  const contents = () => {
    const s = newAssemblyState(false);
    s.headed = true;
    s.out.toc = true;
    const [v] = parsedRowsOf([{ text: 'VERIFICATION | 44', cols: [90, 515] }]);
    openUnlabelled(s, v!);
    return s;
  };

  it('with its page number set apart, is an entry: `LIST OF EXHIBITS        45`', () => {
    const [r] = parsedRowsOf([{ text: 'LIST OF EXHIBITS | 45', cols: [90, 515] }]);
    expect(r!.heading).toBe('exhibit');
    const e = listNamedAsEntry(contents(), r!);
    expect(e.heading).toBeNull();
    expect(e.pageRef).toBe('45');
    expect(e.desc.map((w) => w.text).join(' ')).toBe('LIST OF EXHIBITS');
  });

  it('without a page number, or before any entry, or outside a contents list, stays a heading', () => {
    const [bare] = parsedRowsOf(['LIST OF EXHIBITS']);
    expect(listNamedAsEntry(contents(), bare!).heading).toBe('exhibit');
    const [r] = parsedRowsOf([{ text: 'LIST OF EXHIBITS | 45', cols: [90, 515] }]);
    const fresh = newAssemblyState(false);
    fresh.headed = true;
    fresh.out.toc = true;
    expect(listNamedAsEntry(fresh, r!).heading).toBe('exhibit');
    const index = contents();
    index.out.toc = false;
    expect(listNamedAsEntry(index, r!).heading).toBe('exhibit');
  });
});
