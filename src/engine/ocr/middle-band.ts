import type { Line, PageText, Word } from '../types.ts';
import type { OcrEngine, PixelLine, SegmentationMode } from './engine-types.ts';
import { splitLeaders } from './leaders.ts';
import { countInkRowRuns, decodeGray, toPgm, type GrayImage } from './narrow-image.ts';
import { inkRowsAt, shiftLines } from './quick-read.ts';
import { DENSE_PAGE_LINES, DENSE_PAGE_WORDS, looksLikeIndex, narrowed, readAsIndex, usableWords, widen } from './recognize-page.ts';

/**
 * The rest of a page the quick reading read only in its top and footer bands (quick-read.ts): the
 * middle band between them, read with the handling a dense page gets in recognizePage (squeezed by
 * `narrowing` when its lines are as dense as a dense page's, read again at full width when too few
 * words come back, read as an index when it reads like one), then merged with the partial reading
 * (completePage). The bands are not read again: on a page of prose they hold a sixth of its words.
 */

/**
 * How the middle band is segmented. Automatic (mode 3), as a whole page is read: the band may hold
 * anything a page holds (two columns, a table, a signature). One uniform block (mode 6), which skips
 * most of the layout analysis, was measured on the middles of seven pages of prose of the generated
 * scanned brief: no CPU saved beyond the noise of a shared machine (2.26–2.33 s a middle against
 * 2.31–2.42 s), and 1.6% more words than the full reading has (specks read as marks).
 */
export const MIDDLE_BAND_PSM: SegmentationMode = 3;

/** The band [top, bottom) of an image, full width, with `margin` white rows above and below. */
function bandImage(image: GrayImage, top: number, bottom: number, margin: number): GrayImage {
  const height = bottom - top + 2 * margin;
  const pixels = new Uint8Array(image.width * height).fill(255);
  pixels.set(image.pixels.subarray(top * image.width, bottom * image.width), margin * image.width);
  return { width: image.width, height, pixels };
}

/**
 * Reads the rows [band.top, band.bottom) of the page (pixels at `dpi`), where the quick reading's top
 * band ended and its footer band began; lines with their boxes on the full page image. Null when
 * the page should be read in full instead: its image cannot be decoded, a limit runs through a line
 * of ink (no gap between lines was found there), or the band holds lines of ink of which nothing
 * usable is read (the full reading's fallbacks may do better).
 */
export async function readMiddleBand(
  engine: OcrEngine,
  render: (dpi: number) => Uint8Array,
  dpi: number,
  narrowing: number,
  band: { top: number; bottom: number },
): Promise<PixelLine[] | null> {
  const image = decodeGray(render(dpi));
  if (!image) return null;
  const top = Math.max(0, Math.min(image.height, band.top));
  const bottom = Math.max(top, Math.min(image.height, band.bottom));
  if (bottom === top) return [];
  if (inkRowsAt(image, top) || (bottom < image.height && inkRowsAt(image, bottom))) return null;

  const margin = Math.round(dpi / 12);
  const crop = bandImage(image, top, bottom, margin);
  const read = async (img: Uint8Array, psm: SegmentationMode, at: number) => splitLeaders(await engine.recognize(img, { psm, dpi: at }));
  const pgm = toPgm(crop);
  // as dense as a dense page: as many lines of ink for its height as DENSE_PAGE_LINES for a page's
  const share = (bottom - top) / image.height;
  const inkLines = countInkRowRuns(crop);
  const narrow = inkLines >= DENSE_PAGE_LINES * share ? narrowed(crop, narrowing, 0) : null;
  let lines = narrow ? widen(await read(narrow.image, MIDDLE_BAND_PSM, dpi), narrow.factor) : await read(pgm, MIDDLE_BAND_PSM, dpi);
  let fullWidth = !narrow;
  if (!fullWidth && usableWords(lines) < DENSE_PAGE_WORDS * share) {
    lines = await read(pgm, MIDDLE_BAND_PSM, dpi);
    fullWidth = true;
  }
  if (usableWords(lines) === 0) return inkLines === 0 ? [] : null;
  if (looksLikeIndex(lines)) lines = (await readAsIndex(read, pgm, fullWidth && MIDDLE_BAND_PSM === 3 ? lines : null, dpi)).lines;
  return shiftLines(lines, top - margin, 0).filter((l) => l.words.length > 0);
}

function lineOf(words: Word[]): Line {
  return {
    text: words.map((w) => w.text).join(' '),
    bbox: [
      Math.min(...words.map((w) => w.bbox[0])),
      Math.min(...words.map((w) => w.bbox[1])),
      Math.max(...words.map((w) => w.bbox[2])),
      Math.max(...words.map((w) => w.bbox[3])),
    ],
    words,
  };
}

/** The lines' words whose middle lies at a height `keep` accepts, lines without any left out. */
function wordsWhere(lines: Line[], keep: (y: number) => boolean): Line[] {
  return lines.flatMap((line) => {
    const words = line.words.filter((w) => keep((w.bbox[1] + w.bbox[3]) / 2));
    if (words.length === 0) return [];
    return [words.length === line.words.length ? line : lineOf(words)];
  });
}

/**
 * A partial page (with its bands) completed by the reading of its middle band (readMiddleBand, as a
 * PageText of the same page): the top band's lines, the middle's, the footer band's, each word once.
 * A word belongs to the band its middle lies in, so a sliver of a line that one reading's crop
 * took from the next band (the footer band is read with a margin above it) is not kept twice.
 */
export function completePage(partial: PageText, middle: PageText): PageText {
  const { topEnd, footStart } = partial.bands ?? { topEnd: partial.height, footStart: partial.height };
  const lines = [
    ...wordsWhere(partial.lines, (y) => y < topEnd),
    ...wordsWhere(middle.lines, (y) => y >= topEnd && y < footStart),
    ...wordsWhere(partial.lines, (y) => y >= footStart),
  ];
  const words = lines.flatMap((l) => l.words);
  const { partial: _partial, bands: _bands, ...page } = partial;
  return {
    ...page,
    lines,
    confidence: words.length ? Math.round((words.reduce((s, w) => s + w.confidence, 0) / words.length) * 10) / 10 : 0,
  };
}
