import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import { newAssemblyState, type RowPlace } from './state.ts';
import { datedRowWithLostLabel, labelledRow } from './labelled-rows.ts';
import type { ParsedRow } from '../parse-row.ts';

const place = (rows: ParsedRow[], k: number): RowPlace => ({ page: 1, rows, k, first: false, crossPage: false, prevBottomFrac: 0 });

describe('labelled rows', () => {
  it('a label that continues the list opens an entry, counted as labelled and accepted on its page', () => {
    const rows = parsedRowsOf(['1. | Affidavit of Jane Smith ........ 1', '2. | Affidavit of John Doe ........ 9']);
    const s = newAssemblyState(true);
    expect(labelledRow(s, rows[0]!, place(rows, 0))).toBe(true);
    expect(labelledRow(s, rows[1]!, place(rows, 1))).toBe(true);
    expect(s.out.items.map((d) => d.words[1])).toEqual(['of', 'of']);
    expect(s.out.labelled.get(1)).toBe(2);
    expect(s.out.accepted.get(1)).toBe(2);
  });

  it('a label that continues nothing is counted as labelled, not accepted', () => {
    const rows = parsedRowsOf(['1. | Affidavit of Jane Smith', '9. | Affidavit of John Doe']);
    const s = newAssemblyState(true);
    labelledRow(s, rows[0]!, place(rows, 0));
    expect(labelledRow(s, rows[1]!, place(rows, 1))).toBe(false);
    expect(s.out.labelled.get(1)).toBe(2);
    expect(s.out.accepted.get(1)).toBe(1);
  });

  it('a divider-like row (`TAB 7` alone) is not an entry', () => {
    const rows = parsedRowsOf(['TAB 7']);
    expect(labelledRow(newAssemblyState(true), rows[0]!, place(rows, 0))).toBe(false);
  });

  it('read by OCR, a dated row with its label lost opens the next tab', () => {
    const rows = parsedRowsOf([
      { text: '1 | March 6, 2020 | Affidavit of Jane', cols: [72, 108, 220] },
      { text: 'March 9, 2020 | Letter to counsel', cols: [108, 220] },
    ], { source: 'ocr' });
    const s = newAssemblyState(false);
    labelledRow(s, rows[0]!, place(rows, 0));
    expect(datedRowWithLostLabel(s, rows[1]!, 1)).toBe(true);
    expect(s.out.items[1]!.path.map((p) => p.readings[0]!.text)).toEqual(['2']);
  });
});
