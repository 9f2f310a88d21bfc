import './wasm-handle.ts';
import type * as mupdf from 'mupdf';
import type { BBox } from '../types.ts';

/** A black box stands about a line of text high (a word or a line blacked out), in points. */
const MIN_HEIGHT = 5;
const MAX_HEIGHT = 40;
const MIN_WIDTH = 5;
/** Dark: each colour component at most this (0..1). */
const DARK = 0.25;

/**
 * The filled dark rectangles of about a line's height drawn on a page: a redacted filing's black boxes
 * (the text under them has been taken out of the file). Rules, underlines and frames are too thin or too
 * tall to count; a filled shape that is not a rectangle is left out.
 */
export function redactionBoxes(page: mupdf.Page): BBox[] {
  const out: BBox[] = [];
  const stext = page.toStructuredText('vectors');
  try {
    stext.walk({
      onVector(bbox: number[], flags: { isStroked?: boolean; isRectangle?: boolean }, color: number[]) {
        if (flags.isStroked || !flags.isRectangle) return;
        if (!color.every((c) => c <= DARK)) return;
        const [x0, y0, x1, y1] = bbox as [number, number, number, number];
        const h = y1 - y0;
        if (h < MIN_HEIGHT || h > MAX_HEIGHT || x1 - x0 < MIN_WIDTH) return;
        out.push([x0, y0, x1, y1].map((v) => Math.round(v * 100) / 100) as BBox);
      },
    });
  } finally {
    stext.destroy();
  }
  return out;
}
