import type { OcrEngine, PixelLine, SegmentationMode } from './engine-types.ts';
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

/**
 * A first-pass result that looks like an index page: a heading such as INDEX, rows with dot
 * leaders, or several rows starting with Tab/Exhibit. Such pages read better as one column (mode 4).
 */
export function looksLikeIndex(lines: PixelLine[]): boolean {
  const texts = lines.map((l) => l.words.map((w) => w.text).join(' ').trim());
  if (texts.slice(0, 6).some((t) => INDEX_HEADING.test(t))) return true;
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
}

/**
 * OCR one page with the fallbacks the documents need:
 * 1. automatic segmentation (mode 3) at `dpi`;
 * 2. when it looks like an index, also as one uniform block (mode 6: keeps each row, dot leaders and
 *    page numbers on one line) and as one column (mode 4), keeping the best-scored result;
 * 3. when nothing usable came back (e.g. a divider page with one huge "TAB 1"), the page again at a
 *    third of the resolution, then as sparse text (mode 11), keeping the first that reads something.
 */
export async function recognizePage(
  engine: OcrEngine,
  render: (dpi: number) => Uint8Array,
  dpi: number,
): Promise<RecognizedPage> {
  const read = async (image: Uint8Array, psm: SegmentationMode, at: number) =>
    splitLeaders(await engine.recognize(image, { psm, dpi: at }));
  const png = render(dpi);
  const first = await read(png, 3, dpi);
  let best: RecognizedPage = { lines: first, dpi, psm: 3 };

  if (usableWords(first) > 0) {
    if (looksLikeIndex(first)) {
      let bestScore = score(first);
      for (const psm of [6, 4] as const) {
        const lines = await read(png, psm, dpi);
        const s = score(lines);
        if (s > bestScore) {
          best = { lines: topDown(lines), dpi, psm };
          bestScore = s;
        }
      }
    }
    return best;
  }

  const lowDpi = Math.max(72, Math.round(dpi / 3));
  const low = await read(render(lowDpi), 3, lowDpi);
  if (usableWords(low) > 0) return { lines: low, dpi: lowDpi, psm: 3 };

  const sparse = await read(png, 11, dpi);
  if (usableWords(sparse) > 0) return { lines: sparse, dpi, psm: 11 };
  return best;
}
