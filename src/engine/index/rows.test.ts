import { describe, expect, it } from 'vitest';
import type { BBox, PageText } from '../types.ts';
import { detectIndex } from './detect-index.ts';
import { makePages } from './make-page-text.ts';
import { pageRows, pageSkew } from './rows.ts';

/** The page as a scanner slightly turned it: every word moved down by `slope` × its distance from the left. */
function skewed(page: PageText, slope: number): PageText {
  const move = (b: BBox): BBox => {
    const dy = slope * ((b[0] + b[2]) / 2);
    return [b[0], b[1] + dy, b[2], b[3] + dy];
  };
  return {
    ...page,
    lines: page.lines.map((l) => {
      const words = l.words.map((w) => ({ ...w, bbox: move(w.bbox) }));
      const bbox: BBox = [Math.min(...words.map((w) => w.bbox[0])), Math.min(...words.map((w) => w.bbox[1])),
        Math.max(...words.map((w) => w.bbox[2])), Math.max(...words.map((w) => w.bbox[3]))];
      return { ...l, words, bbox };
    }),
  };
}

const TITLES = [
  ['Transcript of the Cross-Examination of Elena Ferreira, held July 19,', '2021'],
  ['Affidavit of Aisha Nguyen, sworn May 18, 2023'],
  ['Transcript of the Cross-Examination of Margaret Thompson, held', 'May 14, 2022'],
  ['Expert Report of Dr. Patrick Kowalski dated October 2, 2020'],
  ['Notice of Motion dated April 8, 2022'],
  ['Agreement of Purchase and Sale between Cedarbrook Construction', 'Ltd. and Elena Rahman dated November 7, 2017'],
  ['Letter from Michael Okafor to counsel for Bayview Medical', 'Supplies Inc. dated December 21, 2019'],
];

function indexPages(): PageText[] {
  const rows: Array<{ text: string; x: number; y: number }> = [{ text: 'INDEX', x: 280, y: 80 }];
  let y = 120;
  TITLES.forEach((lines, i) => {
    rows.push({ text: `TAB ${i + 1}`, x: 76, y });
    lines.forEach((t, k) => rows.push({ text: k === lines.length - 1 ? `${t} .......... ${10 + 7 * i}` : t, x: 166, y: y + k * 14 }));
    y += 14 * lines.length + 6;
  });
  return makePages([{ rows: ['MOTION RECORD'], source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]);
}

describe('rows of a skewed scan', () => {
  it('measures the slant of a scanned page from its lines, and none on a straight one', () => {
    const [, straight] = indexPages();
    expect(pageSkew(straight!.lines)).toBe(0);
    expect(pageSkew(skewed(straight!, 0.035).lines)).toBeCloseTo(0.035, 3);
  });

  it('keeps each label on the row of its own description when the page is turned 2°', () => {
    const [cover, page] = indexPages();
    const tilted = skewed(page!, 0.035);
    const rows = pageRows(tilted).map((r) => r.text);
    expect(rows).toContain('TAB 2 Affidavit of Aisha Nguyen, sworn May 18, 2023 17');
    expect(rows).toContain('2021 10');
    const det = detectIndex([cover!, tilted]);
    expect(det.items.map((i) => i.label)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(det.items.map((i) => i.pageRef)).toEqual(['10', '17', '24', '31', '38', '45', '52']);
  });
});
