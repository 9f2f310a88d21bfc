import type { OcrEngine, PixelLine, PixelWord } from './engine-types.ts';
import { countInkRowRuns, cropToPgm, decodeGray, inkBox, type GrayImage } from './narrow-image.ts';
import { splitLeaders } from './leaders.ts';
import { DENSE_PAGE_LINES, looksLikeIndex, looksUpsideDown, recognizePage, type RecognizedPage } from './recognize-page.ts';

/**
 * The first, quick reading of a scanned page: only what the destinations need. Evidence of where an
 * item starts stands at the top of a page (a divider's or cover's words, a heading, a `*Tn` marker,
 * a running header) or at its foot (the printed page number), and the pages that are nothing but
 * such evidence (dividers, slip sheets, covers, index pages, short pages) have few lines of ink.
 * So a page with fewer than DENSE_PAGE_LINES lines of ink is read in full (recognizePage), and a
 * dense page (a page of prose) only in its top band and its footer band; the full reading of dense
 * pages (the text layer) follows later. A dense page whose top band reads like an index, or like a
 * page upside down, is read in full at once: the index and the turned pages need every line.
 */

/** The top band read on a dense page, as a fraction of its height (then down to the next gap between lines). */
export const TOP_BAND = 0.2;
/** Where the footer band read on a dense page begins, as a fraction of its height (then up to the gap above). */
export const BOTTOM_BAND = 0.9;
/**
 * Where the footer band begins when the last 10% holds a running footer without a page number: a
 * transcript prints its `Page 7` 11% from the foot, above the reporter's name and telephone. The band is
 * read again from there, whole, and kept when it shows a page number. (Not at first: with more lines of
 * text in it, the automatic layout may drop a lone page number it reads in the narrower band; and a page
 * without page numbers keeps its bands as they were, the middle band read later unchanged.)
 */
export const HIGH_FOOTER = 0.87;

/** A word that may be a printed page number: `7`, `-7-`, `(7)`. */
const PAGE_NUMBER = /^[-–(]?\d{1,4}[-–)]?$/;

export interface QuickPage extends RecognizedPage {
  /** False when only the bands of a dense page were read. */
  complete: boolean;
  /**
   * Of a page read in part: the rows (pixels at `dpi`) where its top band ended and its footer band
   * began. The middle band between them is what its full reading still has to read (middle-band.ts).
   */
  bands?: { topEnd: number; footStart: number };
}

/** Rows with fewer dark pixels than this are a gap between lines. */
function minDarkOf(image: GrayImage): number {
  return Math.max(4, Math.round(image.width / 200));
}

function darkInRow(image: GrayImage, y: number): number {
  let dark = 0;
  const row = y * image.width;
  for (let x = 0; x < image.width; x++) if (image.pixels[row + x]! < 128) dark++;
  return dark;
}

/** True when row `y` holds ink of a line (it is no gap between lines). */
export function inkRowsAt(image: GrayImage, y: number): boolean {
  return darkInRow(image, y) >= minDarkOf(image);
}

/** The first row at or after `y` (going `step` rows at a time) that lies between lines of text. */
function gapFrom(image: GrayImage, y: number, step: 1 | -1): number {
  const limit = Math.round(image.height * 0.06);
  for (let i = 0, at = y; i < limit && at > 0 && at < image.height - 1; i++, at += step) if (!inkRowsAt(image, at)) return at;
  return y;
}

/** Lines moved by `dy` rows and `dx` columns (boxes read on a crop, put on the full image). */
export function shiftLines(lines: PixelLine[], dy: number, dx: number): PixelLine[] {
  const box = ([x0, y0, x1, y1]: PixelWord['box']): PixelWord['box'] => [x0 + dx, y0 + dy, x1 + dx, y1 + dy];
  return lines.map((l) => ({ words: l.words.map((w) => ({ ...w, box: box(w.box), ...(w.symbols ? { symbols: w.symbols.map((s) => ({ ...s, box: box(s.box) })) } : {}) })) }));
}

/**
 * Reads the ink between rows `top` and `bottom`, across the whole width of the page (as the full
 * reading sees it: a box around the ink would cut the ends of the longest lines, since it leaves out
 * the farthest 2% of the ink on either side to keep specks out), then, when automatic layout finds
 * nothing (a lone page number is too small a blob for it), the box around the ink as one block
 * (mode 6); boxes on the full image.
 */
async function readBand(engine: OcrEngine, image: GrayImage, top: number, bottom: number, dpi: number): Promise<PixelLine[]> {
  const pad = Math.round(dpi / 12);
  const box = inkBox({ width: image.width, height: bottom, pixels: image.pixels.subarray(0, bottom * image.width) }, top, pad);
  if (!box) return [];
  const readable = (lines: PixelLine[]) => lines.some((l) => l.words.some((w) => /[A-Za-z0-9]/.test(w.text)));
  const rows: typeof box = [0, box[1], image.width, box[3]];
  let lines = shiftLines(splitLeaders(await engine.recognize(cropToPgm(image, rows), { psm: 3, dpi })), rows[1], 0);
  if (!readable(lines)) lines = shiftLines(splitLeaders(await engine.recognize(cropToPgm(image, box), { psm: 6, dpi })), box[1], box[0]);
  return lines.filter((l) => l.words.length > 0);
}

export async function quickRecognizePage(
  engine: OcrEngine,
  renderTurned: (dpi: number, rotate: 0 | 180) => Uint8Array,
  dpi: number,
  narrowing = 1,
): Promise<QuickPage> {
  const rendered = renderTurned(dpi, 0);
  // the full reading starts from the same image: rendered once
  const render = (at: number, rotate: 0 | 180) => (at === dpi && rotate === 0 ? rendered : renderTurned(at, rotate));
  const full = async (): Promise<QuickPage> => ({ ...(await recognizePage(engine, render, dpi, narrowing)), complete: true });
  const image = decodeGray(rendered);
  if (!image || countInkRowRuns(image) < DENSE_PAGE_LINES) return full();
  const topEnd = gapFrom(image, Math.round(image.height * TOP_BAND), 1);
  const head = await readBand(engine, image, 0, topEnd, dpi);
  if (looksLikeIndex(head) || looksUpsideDown(head)) return full();
  let footStart = Math.max(topEnd, gapFrom(image, Math.round(image.height * BOTTOM_BAND), -1));
  let foot = await readBand(engine, image, footStart, image.height, dpi);
  const numbered = (lines: PixelLine[]) => lines.some((l) => l.words.some((w) => PAGE_NUMBER.test(w.text)));
  // (a running footer: short lines, not the last lines of prose running into the band)
  const footer = foot.length > 0 && foot.every((l) => l.words.length <= 6);
  const highStart = Math.max(topEnd, gapFrom(image, Math.round(image.height * HIGH_FOOTER), -1));
  if (highStart < footStart && footer && !numbered(foot)) {
    const high = await readBand(engine, image, highStart, image.height, dpi);
    if (numbered(high)) {
      footStart = highStart;
      foot = high;
    }
  }
  return { lines: [...head, ...foot], dpi, psm: 3, rotation: 0, complete: false, bands: { topEnd, footStart } };
}
