import type { PixelLine } from './engine-types.ts';

/**
 * One index page read in several segmentation modes: each band of it from the mode that reads it best.
 *
 * Tesseract's modes fail in different places of one page. On a contents list whose wrapped titles are set
 * with tight leading, one mode reads two lines as one line of garbage (`Deere rity ont The Odtober 3011 Fax`
 * for `There Is No Genuine Dispute …` over `Successfully Sent The October 2011 Fax`) where another reads
 * both lines cleanly, and elsewhere on the same page it is the other way round; the mode that reads the
 * whole page best still loses those rows. So the page is cut into bands where the readings agree on
 * the lines (a line of one reading joins the lines of the others it overlaps by half its height, or theirs;
 * a line three times as tall as most, text read up the margin, joins none and stays only in the first),
 * and each band is taken from the reading that scores best there (`score`: its words' confidences, with a
 * bonus for a row ending in a page number after a leader), the first of the readings on a tie: the caller
 * gives first the reading that scores best on the whole page.
 */
export function bestBands(readings: PixelLine[][], score: (lines: PixelLine[]) => number): PixelLine[] {
  if (readings.length === 0) return [];
  if (readings.length === 1) return readings[0]!;
  const items: Array<{ reading: number; line: PixelLine; top: number; bottom: number }> = [];
  readings.forEach((lines, reading) => {
    for (const line of lines) {
      if (line.words.length === 0) continue;
      items.push({ reading, line, top: Math.min(...line.words.map((w) => w.box[1])), bottom: Math.max(...line.words.map((w) => w.box[3])) });
    }
  });
  // A line far taller than a line of text (text running up the margin, a stamp read sideways) would join
  // every band it crosses: it joins none, and is kept only in the first reading.
  const heights = items.map((it) => it.bottom - it.top).sort((a, b) => a - b);
  const tall = 3 * (heights[heights.length >> 1] ?? 0);
  // bands: lines of different readings that overlap by half the height of the lower of the two, joined
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!;
      const b = items[j]!;
      if (a.reading === b.reading || a.bottom - a.top > tall || b.bottom - b.top > tall) continue;
      const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (overlap > 0.5 * Math.min(a.bottom - a.top, b.bottom - b.top)) parent[find(i)] = find(j);
    }
  }
  const bands = new Map<number, typeof items>();
  items.forEach((it, i) => {
    const k = find(i);
    const band = bands.get(k);
    if (band) band.push(it);
    else bands.set(k, [it]);
  });
  const out: Array<{ top: number; line: PixelLine }> = [];
  for (const band of bands.values()) {
    if (band.length === 1 && band[0]!.bottom - band[0]!.top > tall) {
      if (band[0]!.reading === 0) out.push({ top: band[0]!.top, line: band[0]!.line });
      continue;
    }
    let best = 0;
    let bestScore = -Infinity;
    for (let r = 0; r < readings.length; r++) {
      const lines = band.filter((it) => it.reading === r).map((it) => it.line);
      // (on a tie, a reading that has the band's lines over one that has none)
      const s = score(lines) + 1e-6 * lines.length;
      if (s > bestScore) {
        best = r;
        bestScore = s;
      }
    }
    for (const it of band) if (it.reading === best) out.push({ top: it.top, line: it.line });
  }
  return out.sort((a, b) => a.top - b.top).map((o) => o.line);
}
