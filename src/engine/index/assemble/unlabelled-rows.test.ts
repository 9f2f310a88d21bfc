import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import { newAssemblyState, type RowPlace } from './state.ts';
import { pagedUnlabelledRow, unpagedRow } from './unlabelled-rows.ts';
import type { ParsedRow } from '../parse-row.ts';

const place = (rows: ParsedRow[], k: number): RowPlace => ({ page: 1, rows, k, first: false, crossPage: false, prevBottomFrac: 0 });

describe('unlabelled rows under an index heading', () => {
  it('a row with a page number is an entry', () => {
    const [r] = parsedRowsOf(['ARGUMENT ........ 5']);
    const s = newAssemblyState(true);
    expect(pagedUnlabelledRow(s, r!, 1)).toBe(true);
    expect(s.out.items[0]).toMatchObject({ path: [], words: ['ARGUMENT'], pageRef: '5' });
  });

  it('without a heading it is nothing of the index', () => {
    const [r] = parsedRowsOf(['ARGUMENT ........ 5']);
    expect(pagedUnlabelledRow(newAssemblyState(false), r!, 1)).toBe(false);
  });

  it('a line ending in a colon introduces the list: nothing waits', () => {
    const rows = parsedRowsOf(['Some words', 'This Judgment is organised as follows:']);
    const s = newAssemblyState(true);
    s.pending = [rows[0]!];
    expect(unpagedRow(s, rows[1]!, place(rows, 1))).toBe(true);
    expect(s.pending).toEqual([]);
  });

  it('a line without a page number waits as the first line of an entry', () => {
    const rows = parsedRowsOf(['STATEMENT OF THE']);
    const s = newAssemblyState(true);
    expect(unpagedRow(s, rows[0]!, place(rows, 0))).toBe(true);
    expect(s.pending).toEqual([rows[0]]);
  });

  it('a line a blank line below the waiting one starts over', () => {
    const rows = parsedRowsOf([{ text: 'STATEMENT OF THE', y: 72 }, { text: 'PRELIMINARY MATTERS', y: 130 }]);
    const s = newAssemblyState(true);
    s.pending = [rows[0]!];
    unpagedRow(s, rows[1]!, place(rows, 1));
    expect(s.pending).toEqual([rows[1]]);
  });
});
