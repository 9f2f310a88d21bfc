import type { OcrEngine, PixelLine, SegmentationMode } from './engine-types.ts';

/** Words that carry letters or digits with some confidence: what makes a result usable. */
export function usableWords(lines: PixelLine[]): number {
  let n = 0;
  for (const line of lines) for (const w of line.words) if (/[A-Za-z0-9]/.test(w.text) && w.confidence >= 40) n += 1;
  return n;
}

/** Sum of confidences of usable words: higher means more text read with more certainty. */
function score(lines: PixelLine[]): number {
  let s = 0;
  for (const line of lines) for (const w of line.words) if (/[A-Za-z0-9]/.test(w.text)) s += w.confidence / 100;
  return s;
}

const LEADER = /(\.\s?){4,}|…|_{4,}/;
const INDEX_HEADING = /^(index|table of contents|contents|index of exhibits|schedule of documents)\b/i;
const ITEM_ROW = /^(tab|exhibit|schedule|appendix|document)\b/i;

/**
 * A first-pass result that looks like an index page: a heading such as INDEX, rows with dot
 * leaders, or several rows starting with Tab/Exhibit. Such pages read better as one column (mode 4).
 */
export function looksLikeIndex(lines: PixelLine[]): boolean {
  const texts = lines.map((l) => l.words.map((w) => w.text).join(' ').trim());
  if (texts.slice(0, 6).some((t) => INDEX_HEADING.test(t))) return true;
  if (texts.filter((t) => LEADER.test(t)).length >= 2) return true;
  return texts.filter((t) => ITEM_ROW.test(t)).length >= 3;
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
 * 2. when it looks like an index, single column (mode 4) as well, keeping the better-scored result;
 * 3. when nothing usable came back (e.g. a divider page with one huge "TAB 1"), the page again at a
 *    third of the resolution, then as sparse text (mode 11), keeping the first that reads something.
 */
export async function recognizePage(
  engine: OcrEngine,
  render: (dpi: number) => Uint8Array,
  dpi: number,
): Promise<RecognizedPage> {
  const png = render(dpi);
  const first = await engine.recognize(png, { psm: 3, dpi });
  let best: RecognizedPage = { lines: first, dpi, psm: 3 };

  if (usableWords(first) > 0) {
    if (looksLikeIndex(first)) {
      const column = await engine.recognize(png, { psm: 4, dpi });
      if (score(column) >= score(first)) best = { lines: column, dpi, psm: 4 };
    }
    return best;
  }

  const lowDpi = Math.max(72, Math.round(dpi / 3));
  const low = await engine.recognize(render(lowDpi), { psm: 3, dpi: lowDpi });
  if (usableWords(low) > 0) return { lines: low, dpi: lowDpi, psm: 3 };

  const sparse = await engine.recognize(png, { psm: 11, dpi });
  if (usableWords(sparse) > 0) return { lines: sparse, dpi, psm: 11 };
  return best;
}
