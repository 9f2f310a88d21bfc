import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { makePage } from './make-page-text.ts';
import { isAskew, isDiagonal, isUpright, pageRows } from './rows.ts';

describe('pageRows: a diagonal watermark across the page', () => {
  const base = makePage(2, { rows: ['INDEX', ...Array.from({ length: 12 }, (_, k) => `${k + 1} | Affidavit of Witness ${k + 1} | ${k * 3 + 1}`)] });
  const mark: Line = { text: 'CONFIDENTIAL', bbox: [134, 110, 520, 400], words: [{ text: 'CONFIDENTIAL', bbox: [134, 110, 520, 400], confidence: 100 }] };
  const page: PageText = { ...base, lines: [...base.lines, mark] };

  it('joins no row and stands in none', () => {
    const rows = pageRows(page);
    expect(rows.map((r) => r.text)).toEqual(pageRows(base).map((r) => r.text));
    expect(rows.some((r) => r.text.includes('CONFIDENTIAL'))).toBe(false);
  });

  it('tells diagonal text from a huge divider label and a tab strip turned 90°', () => {
    expect(isDiagonal([134, 110, 520, 400], 'CONFIDENTIAL')).toBe(true);
    expect(isDiagonal([200, 300, 560, 530], 'TAB 3')).toBe(false);
    expect(isDiagonal([570, 300, 594, 380], 'TAB 3')).toBe(false);
    expect(isDiagonal([72, 100, 400, 112], 'Affidavit of Witness 1')).toBe(false);
  });
});

describe('pageRows: a tab strip turned 90° at the page edge', () => {
  const base = makePage(7, { rows: Array.from({ length: 10 }, () => 'The applicant relies on the evidence filed and the parties agree on the facts') });
  const strip: Line = { text: 'TAB 3', bbox: [560, 150, 580, 230], words: [{ text: 'TAB', bbox: [560, 150, 580, 205], confidence: 100 }, { text: '3', bbox: [560, 212, 580, 230], confidence: 100 }] };
  const page: PageText = { ...base, lines: [...base.lines, strip] };

  it('is a row of its own, the body rows beside it untouched', () => {
    const rows = pageRows(page);
    expect(rows.filter((r) => r.text === 'TAB 3')).toHaveLength(1);
    expect(rows.filter((r) => r.text !== 'TAB 3').map((r) => r.text)).toEqual(pageRows(base).map((r) => r.text));
    expect(isUpright(strip.bbox, 'TAB3')).toBe(true);
    expect(isUpright([72, 100, 400, 112], 'Affidavit')).toBe(false);
  });
});

describe('pageRows: a registry stamp set a few degrees askew over the first rows', () => {
  const base = makePage(2, { rows: ['INDEX', ...Array.from({ length: 6 }, (_, k) => `${k + 1} | Affidavit of Witness ${k + 1} | ${k * 3 + 1}`)] });
  // RECEIVED MAR 14 2024, climbing about 9° from left to right across the rows at y 100-130.
  const words = ['RECEIVED', 'MAR', '14', '2024'].map((text, k) => ({ text, bbox: [300 + 50 * k, 125 - 8 * k, 340 + 50 * k, 139 - 8 * k] as [number, number, number, number], confidence: 100 }));
  const stamp: Line = { text: 'RECEIVED MAR 14 2024', bbox: [300, 101, 490, 139], words };

  it('joins no row', () => {
    const rows = pageRows({ ...base, lines: [...base.lines, stamp] });
    expect(rows.map((r) => r.text)).toEqual(pageRows(base).map((r) => r.text));
    expect(isAskew(words, 0)).toBe(true);
  });

  it('leaves a straight line with a raised footnote number alone', () => {
    const line = ['Smith', 'v.', 'Jones', '3'].map((text, k) => ({ text, bbox: [72 + 40 * k, k === 3 ? 96 : 100, 100 + 40 * k, k === 3 ? 104 : 112] as [number, number, number, number], confidence: 100 }));
    expect(isAskew(line, 0)).toBe(false);
  });
});
