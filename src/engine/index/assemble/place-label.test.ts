import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import type { ParsedRow } from '../parse-row.ts';
import { newAssemblyState } from './state.ts';
import { openLabelled } from './open-entries.ts';
import { placeLabel } from './place-label.ts';

/** A state that has read these rows as the entries they place. */
function after(rows: ParsedRow[]) {
  const s = newAssemblyState(true);
  for (const r of rows) openLabelled(s, r, placeLabel(s, r, false)!);
  return s;
}
const at = (p: { depth: number; reading: { text: string } } | null) => (p ? [p.depth, p.reading.text] : null);

describe('where a labelled row fits in the list (placeLabel)', () => {
  it('the first label opens the list', () => {
    const [one] = parsedRowsOf(['1. | Affidavit of Jane Smith ........ 1']);
    expect(at(placeLabel(newAssemblyState(true), one!, false))).toEqual([0, '1']);
  });

  it('the next label of a level continues it', () => {
    const [one, two] = parsedRowsOf(['1. | Affidavit of Jane Smith ........ 1', '2. | Affidavit of John Doe ........ 9']);
    expect(at(placeLabel(after([one!]), two!, false))).toEqual([0, '2']);
  });

  it('a first label of another kind, indented, opens a level under the entry', () => {
    const [one, a] = parsedRowsOf([
      { text: 'I. | ARGUMENT ........ 1', cols: [72, 108] },
      { text: 'A. | The Standard of Review ........ 2', x: 108, cols: [108, 144] },
    ]);
    expect(at(placeLabel(after([one!]), a!, false))).toEqual([1, 'A']);
  });

  it('the same first label not indented continues nothing', () => {
    const [one, a] = parsedRowsOf([
      { text: 'I. | ARGUMENT', cols: [72, 108] },
      { text: 'A. | The Standard of Review', cols: [72, 108] },
    ]);
    expect(placeLabel(after([one!]), a!, true)).toBeNull();
  });

  it('after a sub-level, the next label of the level above closes it', () => {
    const [one, a, two] = parsedRowsOf([
      { text: 'I. | ARGUMENT ........ 1', cols: [72, 108] },
      { text: 'A. | The Standard of Review ........ 2', x: 108, cols: [108, 144] },
      { text: 'II. | CONCLUSION ........ 9', cols: [72, 108] },
    ]);
    expect(at(placeLabel(after([one!, a!]), two!, false))).toEqual([0, 'II']);
  });

  // `I.`, `II.`, then `I.` where `III.` is printed
  const strokesLost = [
    { text: 'I. | INTRODUCTION ........ 1', cols: [72, 108] },
    { text: 'II. | SUMMARY OF THE ARGUMENT ........ 2', cols: [72, 108] },
    { text: 'I. | STATEMENT OF FACTS ........ 6', cols: [72, 108] },
  ];

  it('`I.` after `II.` on a page read by OCR is `III.` with strokes lost', () => {
    const rows = parsedRowsOf(strokesLost, { source: 'ocr' });
    expect(at(placeLabel(after(rows.slice(0, 2)), rows[2]!, false))).toEqual([0, 'III']);
  });

  it('`I.` after `I.` on a page read by OCR starts the list over (a motion\'s one part, then its memorandum\'s)', () => {
    const rows = parsedRowsOf([
      { text: 'I. | MOTION FOR LEAVE ........ 12', cols: [72, 108] },
      { text: 'I. | INTRODUCTION ........ 14', cols: [72, 108] },
    ], { source: 'ocr' });
    expect(at(placeLabel(after(rows.slice(0, 1)), rows[1]!, false))).toEqual([0, 'I']);
  });

  it('the same `I.` after `II.` in a text layer starts the list over, as printed', () => {
    const rows = parsedRowsOf(strokesLost);
    expect(at(placeLabel(after(rows.slice(0, 2)), rows[2]!, false))).toEqual([0, 'I']);
  });

  it('a numbering gap at the same indentation, on a row with its page number', () => {
    const [one, four] = parsedRowsOf(['1. | Affidavit of Jane Smith ........ 1', '4. | Affidavit of John Doe ........ 9']);
    expect(at(placeLabel(after([one!]), four!, true))).toEqual([0, '4']);
  });

  it('a gap too wide is no continuation', () => {
    const [one, nine] = parsedRowsOf(['1. | Affidavit of Jane Smith', '9. | Affidavit of John Doe']);
    expect(placeLabel(after([one!]), nine!, true)).toBeNull();
  });
});
