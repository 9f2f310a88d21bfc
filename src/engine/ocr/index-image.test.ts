import { describe, expect, it } from 'vitest';
import type { PixelLine } from './engine-types.ts';
import { cleanIndexImage, restoreLeaders } from './index-image.ts';
import type { GrayImage } from './narrow-image.ts';

const DPI = 200;

/** A white page image with dark rectangles [x0, y0, x1, y1) painted on it. */
function page(width: number, height: number, marks: Array<[number, number, number, number]>): GrayImage {
  const pixels = new Uint8Array(width * height).fill(250);
  for (const [x0, y0, x1, y1] of marks) for (let y = y0; y < y1; y++) pixels.fill(20, y * width + x0, y * width + x1);
  return { width, height, pixels };
}

const inkIn = (img: GrayImage, [x0, y0, x1, y1]: [number, number, number, number]) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (img.pixels[y * img.width + x]! < 150) n++;
  return n;
};

describe('the image of an index page read without its rules and leaders', () => {
  // an index row: a label and a title (letters are blocks of ink), a dot leader, a page number; the
  // double rule of pleading paper down the left margin, a single rule at the right, a heading's underline
  const letters: Array<[number, number, number, number]> = [[160, 300, 172, 324], [200, 300, 214, 324], [218, 300, 230, 324], [234, 300, 246, 324]];
  const number: Array<[number, number, number, number]> = [[700, 300, 712, 324], [716, 300, 728, 324]];
  // each letter drawn as an H: two stems and a bar (ink is never most of a letter's box)
  const strokes = [...letters, ...number].flatMap(([x0, y0, x1, y1]): Array<[number, number, number, number]> =>
    [[x0, y0, x0 + 3, y1], [x1 - 3, y0, x1, y1], [x0, (y0 + y1) / 2 - 1, x1, (y0 + y1) / 2 + 1]]);
  const period: [number, number, number, number] = [250, 620, 254, 624];
  const dots = Array.from({ length: 30 }, (_, k) => [270 + 14 * k, 320, 274 + 14 * k, 324] as [number, number, number, number]);
  // a second row whose leader runs askew, as on a page scanned at a slant
  const askew = Array.from({ length: 30 }, (_, k) => [270 + 14 * k, 400 + Math.round(k * 0.5), 274 + 14 * k, 404 + Math.round(k * 0.5)] as [number, number, number, number]);
  const rules: Array<[number, number, number, number]> = [[120, 0, 123, 1100], [127, 0, 130, 1100], [760, 0, 762, 1100], [300, 200, 600, 203]];
  // a redacted filing's black box over a title's last words, and a filled bullet (no box)
  // (wider than a rule is long: solid, it is no rule)
  const blackBox: [number, number, number, number] = [200, 700, 740, 726];
  const bullet: [number, number, number, number] = [160, 500, 176, 516];
  const img = page(900, 1100, [...strokes, period, ...dots, ...askew, ...rules, blackBox, bullet]);
  const cleaned = cleanIndexImage(img, DPI);

  it('takes out the rules and each leader, and says where the leaders stood', () => {
    expect(cleaned.rules).toBeGreaterThan(0);
    for (const r of rules) expect(inkIn(cleaned.image, r)).toBe(0);
    for (const d of [...dots, ...askew]) expect(inkIn(cleaned.image, d)).toBe(0);
    expect(cleaned.leaders).toHaveLength(2);
    const [first] = [...cleaned.leaders].sort((a, b) => a[1] - b[1]);
    expect(first![0]).toBe(270);
    expect(first![2]).toBe(270 + 14 * 29 + 4);
  });

  it('takes out a black box of a redacted filing, and says where it stood', () => {
    expect(cleaned.redactions).toEqual([blackBox]);
    expect(inkIn(cleaned.image, blackBox)).toBe(0);
  });

  it('keeps the letters, the number, a bullet and a lone full stop, and leaves the image it was given as it was', () => {
    for (const l of [...letters, ...number]) expect(inkIn(cleaned.image, l)).toBe(inkIn(img, l));
    for (const l of [period, bullet]) expect(inkIn(cleaned.image, l)).toBe((l[2] - l[0]) * (l[3] - l[1]));
    expect(inkIn(img, rules[0]!)).toBeGreaterThan(0);
  });

  it('puts each leader back into the line read across it, in its place among the words', () => {
    const line: PixelLine = { words: [
      { text: 'I.', box: [160, 300, 172, 324], confidence: 90 },
      { text: 'INTRODUCTION', box: [200, 300, 246, 324], confidence: 90 },
      // a mark of the leader left over, read as a word of its own
      { text: ':', box: [500, 318, 503, 324], confidence: 30 },
      { text: '12', box: [700, 300, 728, 324], confidence: 0 },
    ] };
    const other: PixelLine = { words: [{ text: 'Background', box: [200, 600, 300, 624], confidence: 90 }] };
    const [withLeader, untouched] = restoreLeaders([line, other], [[270, 320, 680, 324]]);
    expect(withLeader!.words.map((w) => w.text)).toEqual(['I.', 'INTRODUCTION', '.....', '12']);
    expect(withLeader!.words[2]!.box).toEqual([270, 300, 680, 324]);
    expect(untouched!.words.map((w) => w.text)).toEqual(['Background']);
  });

  it('puts each black box back as a word [redacted] on the line across it, or on a line of its own', () => {
    const line: PixelLine = { words: [
      { text: 'received', box: [200, 300, 260, 324], confidence: 90 },
      // the box's edge read as a letter, unsure
      { text: 'J', box: [270, 300, 276, 324], confidence: 30 },
      { text: 'in', box: [340, 300, 352, 324], confidence: 90 },
    ] };
    const out = restoreLeaders([line], [], [[268, 300, 330, 324], [200, 600, 500, 626]]);
    expect(out[0]!.words.map((w) => w.text)).toEqual(['received', '[redacted]', 'in']);
    expect(out[1]!.words.map((w) => w.text)).toEqual(['[redacted]']);
  });
});

describe('a scanned index page: faint rules, touching black boxes, text up the margin', () => {
  it('takes out a hairline rule scanned in greys either side of ink, as pleading paper comes back', () => {
    const width = 400;
    const height = 1000;
    const pixels = new Uint8Array(width * height).fill(250);
    // a rule askew by a pixel every 250 rows, its grey alternating between 130 and 185 every few rows
    for (let y = 0; y < height; y++) {
      const x = 100 + Math.floor(y / 250);
      pixels[y * width + x] = Math.floor(y / 7) % 2 === 0 ? 130 : 185;
      pixels[y * width + x + 1] = 215;
    }
    const img: GrayImage = { width, height, pixels };
    const cleaned = cleanIndexImage(img, DPI);
    expect(inkIn(img, [100, 0, 110, height])).toBeGreaterThan(300);
    expect(inkIn(cleaned.image, [100, 0, 110, height])).toBe(0);
  });

  it('takes two black boxes that touch, one line under the other, as two boxes', () => {
    // the end of a title blacked out, and the whole next line under it: one blot in the shape of a step
    const end: [number, number, number, number] = [500, 300, 760, 330];
    const whole: [number, number, number, number] = [200, 330, 840, 362];
    const cleaned = cleanIndexImage(page(900, 600, [end, whole]), DPI);
    expect(cleaned.redactions).toEqual([end, whole]);
  });

  it('puts no leader into text read up the margin beside the rows it would join', () => {
    const margin: PixelLine = { words: [{ text: 'Verified', box: [40, 100, 70, 400], confidence: 90 }, { text: 'Copy', box: [40, 420, 70, 600], confidence: 90 }] };
    const rows: PixelLine[] = [300, 340, 420].map((y) => ({ words: [{ text: 'ARGUMENT', box: [200, y, 300, y + 20], confidence: 95 }] }));
    // a leader on a line whose words OCR did not read, and one on a row it did
    const out = restoreLeaders([margin, ...rows], [[310, 386, 600, 390], [310, 346, 600, 350]]);
    expect(out[0]!.words.map((w) => w.text)).toEqual(['Verified', 'Copy']);
    expect(out[2]!.words.map((w) => w.text)).toEqual(['ARGUMENT', '.....']);
  });
});
