import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { makePage } from './make-page-text.ts';
import { isDiagonal, isUpright, pageRows } from './rows.ts';

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
