import { describe, expect, it } from 'vitest';
import { bestBands } from './best-bands.ts';
import type { PixelLine, PixelWord } from './engine-types.ts';
import { score } from './recognize-page.ts';

/** A line of words from x = 100, each `[text, confidence]`, at rows y0..y1. */
function line(y0: number, y1: number, words: Array<[string, number]>): PixelLine {
  let x = 100;
  return { words: words.map(([text, confidence]): PixelWord => {
    const box: PixelWord['box'] = [x, y0, x + 12 * text.length, y1];
    x += 12 * text.length + 10;
    return { text, box, confidence };
  }) };
}
const text = (lines: PixelLine[]) => lines.map((l) => l.words.map((w) => w.text).join(' '));

describe('an index page read in several modes, each band from the mode that reads it best', () => {
  // one mode reads a title wrapped with tight leading as one line of garbage; the other reads its two lines
  const merged = [
    line(100, 120, [['A.', 92], ['Geismann', 96], ['Lacks', 96], ['Standing', 96], ['.....', 90], ['19', 96]]),
    line(140, 178, [['Deere', 16], ['rity', 3], ['ont', 50], ['The', 91], ['Odtober', 6], ['.....', 90], ['21', 93]]),
    line(200, 220, [['V.', 90], ['CONCLUSION', 96], ['.....', 90], ['23', 96]]),
  ];
  const column = [
    line(101, 121, [['A.', 90], ['Geismann', 60], ['Lacks', 96], ['Standing', 96], ['.....', 90], ['19', 96]]),
    line(140, 158, [['D.', 92], ['There', 80], ['Is', 89], ['No', 96], ['Genuine', 96], ['Dispute', 92]]),
    line(160, 178, [['Successfully', 95], ['Sent', 96], ['The', 96], ['October', 96], ['2011', 96], ['Fax', 96], ['.....', 90], ['21', 96]]),
    line(201, 221, [["I'v.", 46], ['CONCLUSION', 89], ['.....', 90], ['23', 96]]),
  ];

  it('takes the two clean lines where one mode read them as one line of garbage, the rest from the best', () => {
    expect(text(bestBands([merged, column], score))).toEqual([
      'A. Geismann Lacks Standing ..... 19',
      'D. There Is No Genuine Dispute',
      'Successfully Sent The October 2011 Fax ..... 21',
      'V. CONCLUSION ..... 23',
    ]);
  });

  it('keeps text read up the margin from the first reading only, joining no band', () => {
    const margin = line(90, 230, [['Verified', 90], ['Copy', 90]]);
    const out = text(bestBands([[margin, ...merged], column], score));
    expect(out[0]).toBe('Verified Copy');
    expect(out).toContain('D. There Is No Genuine Dispute');
    expect(text(bestBands([column, [margin, ...merged]], score))).not.toContain('Verified Copy');
  });
});
