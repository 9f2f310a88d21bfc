import { describe, expect, it } from 'vitest';
import { parsedRowsOf } from '../make-parsed-rows.ts';
import { newAssemblyState } from './state.ts';
import { openLabelled } from './open-entries.ts';
import { datedRowLostLabel, lostLabel } from './lost-labels.ts';

describe('a label OCR lost where the text of its level starts (lostLabel)', () => {
  const rows = parsedRowsOf([
    { text: 'III. | ARGUMENT ........ 3', cols: [72, 108] },
    { text: 'LEGAL STANDARD ........ 4', x: 108 },
    { text: 'LEGAL STANDARD ........ 4', x: 72 },
  ], { source: 'ocr' });
  const s = newAssemblyState(true);
  openLabelled(s, rows[0]!, { depth: 0, reading: rows[0]!.labels.find((l) => l.kind === 'roman')! });

  it('is the next label of that level', () => {
    const lost = lostLabel(s, rows[1]!);
    expect(lost?.reading.text).toBe('IV');
    expect(lost?.depth).toBe(0);
    expect(lost?.labelX).toBe(72);
  });

  it('not for a row starting in the label column', () => {
    expect(lostLabel(s, rows[2]!)).toBeNull();
  });
});

describe('a label OCR lost in a dated table (datedRowLostLabel)', () => {
  it('a row that starts with a date in the date column is the next tab', () => {
    const rows = parsedRowsOf([
      { text: '1 | March 6, 2020 | Affidavit of Jane', cols: [72, 108, 220] },
      { text: 'March 9, 2020 | Letter to counsel', cols: [108, 220] },
      { text: 'Letter to counsel', x: 220 },
    ], { source: 'ocr' });
    const s = newAssemblyState(false);
    openLabelled(s, rows[0]!, { depth: 0, reading: rows[0]!.labels[0]! });
    expect(datedRowLostLabel(s, rows[1]!)?.reading.text).toBe('2');
    expect(datedRowLostLabel(s, rows[2]!)).toBeNull();
  });
});
