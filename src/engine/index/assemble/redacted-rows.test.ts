import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import { newAssemblyState, type RowPlace } from './state.ts';
import { openUnlabelled } from './open-entries.ts';
import { blackedOutFirstLine, redactedEntryRow } from './redacted-rows.ts';
import type { ParsedRow } from '../parse-row.ts';

const place = (rows: ParsedRow[], k: number): RowPlace => ({ page: 1, rows, k, first: false, crossPage: false, prevBottomFrac: 0 });

describe('rows of a redacted index', () => {
  it('a leader and a page number after black boxes is an entry whose heading cannot be read', () => {
    const rows = parsedRowsOf(['[redacted] [redacted] ........ 5']);
    const s = newAssemblyState(true);
    expect(redactedEntryRow(s, rows[0]!, place(rows, 0))).toBe(true);
    expect(s.out.items[0]!.words).toEqual(['[redacted heading]']);
    expect(s.out.items[0]!.pageRef).toBe('5');
    expect(s.redactedRun).toBe(1);
  });

  it('it finishes the entry above that still waits for its page number', () => {
    const rows = parsedRowsOf(['Whether the agency', '[redacted] [redacted] ........ 5']);
    const s = newAssemblyState(true);
    openUnlabelled(s, { ...rows[0]!, pageRef: undefined });
    expect(redactedEntryRow(s, rows[1]!, place(rows, 1))).toBe(true);
    expect(s.out.items).toHaveLength(1);
    expect(s.current!.pageRef).toBe('5');
  });

  it('not without an index heading, nor for a row with readable words', () => {
    const rows = parsedRowsOf(['[redacted] [redacted] ........ 5', 'ARGUMENT ........ 5']);
    expect(redactedEntryRow(newAssemblyState(false), rows[0]!, place(rows, 0))).toBe(false);
    expect(redactedEntryRow(newAssemblyState(true), rows[1]!, place(rows, 1))).toBe(false);
  });

  it('a line all black boxes under an entry with its page number waits as the next entry\'s first line', () => {
    const rows = parsedRowsOf(['ARGUMENT ........ 5', '[redacted] [redacted]']);
    const s = newAssemblyState(true);
    openUnlabelled(s, rows[0]!);
    expect(blackedOutFirstLine(s, rows[1]!)).toBe(true);
    expect(s.pending).toEqual([rows[1]]);
  });
});
