import type { OcrEngine, PixelLine, PixelWord, SegmentationMode } from './engine-types.ts';
import { bestBands } from './best-bands.ts';
import { cleanIndexImage, restoreLeaders } from './index-image.ts';
import { countInkRowRuns, cropToPgm, decodeGray, inkBox, narrowToPgm, toPgm, type GrayImage } from './narrow-image.ts';
import { splitLeaders } from './leaders.ts';

/** Words that carry letters or digits with some confidence: what makes a result usable. */
export function usableWords(lines: PixelLine[]): number {
  let n = 0;
  for (const line of lines) for (const w of line.words) if (/[A-Za-z0-9]/.test(w.text) && w.confidence >= 40) n += 1;
  return n;
}

const LEADER = /(\.\s?){4,}|…|_{4,}/;

/**
 * How well a result reads: the confidences of its words with letters or digits, plus a bonus for
 * each row ending in a page number after a dot leader (the part of an index row that is lost most).
 */
export function score(lines: PixelLine[]): number {
  let s = 0;
  for (const line of lines) {
    for (const w of line.words) if (/[A-Za-z0-9]/.test(w.text)) s += w.confidence / 100;
    const last = line.words.at(-1)?.text ?? '';
    const text = line.words.map((w) => w.text).join(' ');
    if (/\d+$/.test(last) && (/^[.…·_]{2,}/.test(last) || LEADER.test(text))) s += 3;
  }
  return s;
}
const INDEX_HEADING = /^(index|table of contents|contents|index of exhibits|schedule of documents)\b/i;
/** A row starting with an item label: `Tab 12`, `Exhibit "C"`, `Schedule IV`, `Tab 5A`. */
const ITEM_ROW = /^(tab|exhibit|schedule|appendix|document)\s+["“'(]?[A-Z0-9]{1,4}[)"”']?(\s|$)/i;

/** How many first lines may hold the heading: a label column read apart (`Schedule` six times) comes first. */
const HEADING_LINES = 12;

/**
 * A first-pass result that looks like an index page: a heading such as INDEX, rows with dot
 * leaders, or several rows starting with Tab/Exhibit. Such pages read better as one column (mode 4).
 */
export function looksLikeIndex(lines: PixelLine[]): boolean {
  const texts = lines.map((l) => l.words.map((w) => w.text).join(' ').trim());
  if (texts.slice(0, HEADING_LINES).some((t) => INDEX_HEADING.test(t))) return true;
  if (texts.filter((t) => LEADER.test(t)).length >= 2) return true;
  return new Set(texts.filter((t) => ITEM_ROW.test(t)).map((t) => t.split(/\s+/)[1])).size >= 3;
}

/** Lines ordered top to bottom (single-column reading can return rows out of order). */
function topDown(lines: PixelLine[]): PixelLine[] {
  const top = (l: PixelLine) => Math.min(...l.words.map((w) => w.box[1]));
  return lines.filter((l) => l.words.length > 0).sort((a, b) => top(a) - top(b));
}

export interface RecognizedPage {
  lines: PixelLine[];
  /** Resolution of the image the boxes refer to. */
  dpi: number;
  psm: SegmentationMode;
  /** 180 when the page was scanned upside down: the boxes are on the image turned the right way up. */
  rotation: 0 | 180;
}

const KEYWORD_BONUS = 2;
/** Words a page the right way up shows and one upside down hardly ever reads as: `TAB`, `Exhibit`, `INDEX`. */
const KEYWORD = /^["“'‘]?(tab|exhibit|schedule|appendix|index|contents)/i;

/**
 * How much a reading looks like text the right way up: score() plus a bonus for each keyword read
 * (a huge divider reads with erratic confidence, "TAB D" at 7, but its keyword is read either way).
 */
export function uprightScore(lines: PixelLine[]): number {
  let s = score(lines);
  for (const line of lines) for (const w of line.words) if (KEYWORD.test(w.text)) s += KEYWORD_BONUS;
  return s;
}

/** Pages with at most this many words are also read turned 180° (dividers, covers, blank backs). */
const FEW_WORDS = 8;

/**
 * A reading that may be of a page upside down: letters and digits come back, but mostly with low
 * confidence (measured on an upside-down index: 16 of 35 words at 40 or more, mean 37; the same page
 * the right way up: 33 of 37, mean 78; a noisy straight scan stays above two thirds), or only a few
 * words come back.
 */
export function looksUpsideDown(lines: PixelLine[]): boolean {
  let alnum = 0;
  let sum = 0;
  for (const line of lines) {
    for (const w of line.words) {
      if (!/[A-Za-z0-9]/.test(w.text)) continue;
      alnum += 1;
      sum += w.confidence;
    }
  }
  // A page of a few words (a divider) reads with no telling confidence either way ("TAB 2" upside
  // down came back as "¢ dvl" at 63): it is read both ways.
  if (alnum >= 1 && alnum <= FEW_WORDS) return true;
  return alnum >= 1 && usableWords(lines) < 0.6 * alnum && sum / alnum < 55;
}


/**
 * How much the first reading of a page squeezes the image horizontally. Tesseract's LSTM scales each
 * text line to a fixed height and then works along its width, so its time follows the lines'
 * width-to-height ratio, not the resolution: at 0.9 a dense page costs ~8% less CPU. Measured on
 * bench/ocr.ts pages (200 dpi, tesseract.js): Helvetica 99.73% of words at 1 and 0.9 (99.60% at
 * 0.85), Times 99.92% at 1 and 99.89% at 0.9; 0.75 lost half a percent.
 */
export const FIRST_READ_NARROWING = 0.9;

/**
 * What makes a dense page, the only kind read squeezed: at least DENSE_PAGE_LINES lines of ink on
 * the image (body pages of the fixtures and bench have 26–39, index and cover pages 6–16, dividers
 * 1), and at least DENSE_PAGE_WORDS usable words in the squeezed reading (a page of prose has
 * 250–550). Other pages cost little at full width and carry what matters most (a divider's label,
 * an exhibit cover, a heading): they are read as they are.
 */
export const DENSE_PAGE_LINES = 20;
export const DENSE_PAGE_WORDS = 120;

/**
 * A dense image squeezed to about `factor` of its width (a PGM) with the exact ratio of the widths;
 * null for an image with fewer than `minLines` lines of ink (DENSE_PAGE_LINES on a whole page), or
 * when the image could not be decoded.
 */
export function narrowed(image: GrayImage | null, factor: number, minLines = DENSE_PAGE_LINES): { image: Uint8Array; factor: number } | null {
  if (factor >= 1 || !image || countInkRowRuns(image) < minLines) return null;
  const { pgm, width } = narrowToPgm(image, factor);
  return { image: pgm, factor: width / image.width };
}

/** Boxes read on an image squeezed to `factor` of its width, put back on the full-width image. */
export function widen(lines: PixelLine[], factor: number): PixelLine[] {
  if (factor === 1) return lines;
  const box = ([x0, y0, x1, y1]: PixelWord['box']): PixelWord['box'] => [Math.round(x0 / factor), y0, Math.round(x1 / factor), y1];
  return lines.map((line) => ({
    words: line.words.map((w) => ({
      ...w,
      box: box(w.box),
      ...(w.symbols ? { symbols: w.symbols.map((s) => ({ ...s, box: box(s.box) })) } : {}),
    })),
  }));
}

/**
 * Step 2 of recognizePage: an image whose first reading looks like an index (or that is known to be
 * one) read at full width as automatic (mode 3: `first` when that reading was already at full width
 * and nothing was taken out of the image), as one uniform block (mode 6) and as one column (mode 4);
 * each band of the page from the reading that scores best there (best-bands.ts), its rows top to bottom.
 */
export async function readAsIndex(
  read: (image: Uint8Array, psm: SegmentationMode, dpi: number) => Promise<PixelLine[]>,
  image: Uint8Array,
  first: PixelLine[] | null,
  dpi: number,
): Promise<{ lines: PixelLine[]; psm: SegmentationMode }> {
  // an index page whose leaders, rules or black boxes are drawn is read with them taken out
  // (index-image.ts), each leader and box put back as a word where it stood
  const gray = decodeGray(image);
  const cleaned = gray ? cleanIndexImage(gray, dpi) : null;
  const useCleaned = cleaned !== null && (cleaned.leaders.length > 0 || cleaned.rules > 0 || cleaned.redactions.length > 0);
  const cleanPgm = useCleaned ? toPgm(cleaned.image) : null;
  const readings: Array<{ lines: PixelLine[]; psm: SegmentationMode; score: number }> = [];
  for (const psm of [3, 6, 4] as const) {
    const read1 = cleanPgm
      ? restoreLeaders(await read(cleanPgm, psm, dpi), cleaned!.leaders, cleaned!.redactions)
      : psm === 3 && first ? first : await read(image, psm, dpi);
    const lines = psm === 3 ? read1 : topDown(read1);
    readings.push({ lines, psm, score: score(lines) });
  }
  // the reading that scores best on the whole page first; each band of the page from the one that reads it best
  readings.sort((a, b) => b.score - a.score);
  return { lines: bestBands(readings.map((r) => r.lines), score), psm: readings[0]!.psm };
}

/** Where a page's footer band begins, as a fraction of its height. */
export const FOOTER_BAND = 0.9;

/**
 * A footer that automatic segmentation left out: a lone printed page number (`7`, `9`) at the foot
 * of a page of prose is too small a blob for tesseract's layout analysis, and comes back as nothing.
 * When no word was read in the footer band but it holds ink, the ink's box alone is read as one block
 * (a few ms) and its words are returned as a line, boxes on the full image; null otherwise.
 */
export async function readFooter(engine: OcrEngine, rendered: Uint8Array, lines: PixelLine[], dpi: number): Promise<PixelLine | null> {
  const image = decodeGray(rendered);
  if (!image) return null;
  const band = Math.round(image.height * FOOTER_BAND);
  let lowest = 0;
  for (const line of lines) {
    for (const w of line.words) {
      if (w.box[1] >= band && /[A-Za-z0-9]/.test(w.text)) return null;
      if (w.box[3] < image.height * 0.97) lowest = Math.max(lowest, w.box[3]);
    }
  }
  const pad = Math.round(dpi / 6);
  const box = inkBox(image, Math.max(band, lowest + Math.round(dpi / 20)), pad);
  if (!box) return null;
  const read = await engine.recognize(cropToPgm(image, box), { psm: 6, dpi });
  const words = read.flatMap((l) => l.words)
    .filter((w) => /[A-Za-z0-9]/.test(w.text))
    .map((w): PixelWord => ({ text: w.text, confidence: w.confidence, box: [w.box[0] + box[0], w.box[1] + box[1], w.box[2] + box[0], w.box[3] + box[1]] }));
  return words.length > 0 ? { words } : null;
}

/**
 * OCR one page with the fallbacks the documents need:
 * 1. automatic segmentation (mode 3) at `dpi`; a dense page's image squeezed horizontally by
 *    `narrowing` (boxes come back on the full-width image), read again at full width when fewer
 *    than DENSE_PAGE_WORDS words came back;
 * 2. when it looks like an index (or is known to be one: `asIndex`), the full-width image again, with its
 *    drawn leaders, rules and black boxes taken out, as automatic (mode 3), as one uniform
 *    block (mode 6: keeps each row, dot leaders and page numbers on one line) and as one column
 *    (mode 4), keeping the best-scored result;
 * 3. when nothing usable came back (e.g. a divider page with one huge "TAB 1"), the page again at a
 *    third of the resolution, then as sparse text (mode 11), keeping the first that reads something;
 * 4. (checked right after the first reading) when it reads like a page upside down, the page turned
 *    180° is read, and kept with everything after it when it reads clearly better. A page turned 90°
 *    needs nothing: tesseract's layout analysis reads its vertical lines;
 * 5. (on a page that read) when nothing was read in the footer band but it holds ink, that ink alone
 *    (readFooter).
 */
export async function recognizePage(
  engine: OcrEngine,
  renderTurned: (dpi: number, rotate: 0 | 180) => Uint8Array,
  dpi: number,
  narrowing = 1,
  asIndex = false,
): Promise<RecognizedPage> {
  const read = async (image: Uint8Array, psm: SegmentationMode, at: number) =>
    splitLeaders(await engine.recognize(image, { psm, dpi: at }));
  let rotation: 0 | 180 = 0;
  const render = (at: number) => renderTurned(at, rotation);
  let rendered = render(dpi);
  const narrow = narrowing < 1 ? narrowed(decodeGray(rendered), narrowing) : null;
  let first = narrow ? widen(await read(narrow.image, 3, dpi), narrow.factor) : await read(rendered, 3, dpi);
  let firstFullWidth = !narrow;
  if (!firstFullWidth && usableWords(first) < DENSE_PAGE_WORDS) {
    first = await read(rendered, 3, dpi);
    firstFullWidth = true;
  }
  // 4. a page scanned upside down: read again turned the right way up, kept when it reads better
  if (looksUpsideDown(first)) {
    const turned = renderTurned(dpi, 180);
    const lines = await read(turned, 3, dpi);
    let [upright, flipped] = [uprightScore(first), uprightScore(lines)];
    if (upright < KEYWORD_BONUS && flipped < KEYWORD_BONUS) {
      // neither reading shows a keyword: a page of a few huge words reads better at a lower resolution
      const low = Math.max(72, Math.round(dpi / 3));
      upright = Math.max(upright, uprightScore(await read(render(low), 3, low)));
      flipped = Math.max(flipped, uprightScore(await read(renderTurned(low, 180), 3, low)));
    }
    if (flipped >= 1 && flipped > 1.5 * upright) {
      rotation = 180;
      rendered = turned;
      first = lines;
      firstFullWidth = true;
    }
  }
  let best: RecognizedPage = { lines: first, dpi, psm: 3, rotation };

  if (usableWords(first) > 0) {
    if (asIndex || looksLikeIndex(first)) {
      const index = await readAsIndex(read, rendered, firstFullWidth ? first : null, dpi);
      best = { ...index, dpi, rotation };
    }
    // 5. a footer the layout analysis left out (a lone page number)
    const footer = await readFooter(engine, rendered, best.lines, dpi);
    if (footer) best = { ...best, lines: [...best.lines, footer] };
    return best;
  }

  const lowDpi = Math.max(72, Math.round(dpi / 3));
  const low = await read(render(lowDpi), 3, lowDpi);
  if (usableWords(low) > 0) return { lines: low, dpi: lowDpi, psm: 3, rotation };

  const sparse = await read(rendered, 11, dpi);
  if (usableWords(sparse) > 0) return { lines: sparse, dpi, psm: 11, rotation };
  return best;
}
