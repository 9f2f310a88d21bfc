import * as mupdf from 'mupdf';
import type { BBox, Line, PageText, Word } from '../types.ts';

/** Characters below which a page that is mostly image is treated as having no usable text layer. */
const SCANT_TEXT_CHARS = 200;
/** Share of the page area that images must cover for a scant-text page to need OCR. */
const IMAGE_COVER_RATIO = 0.4;

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function roundBox(b: BBox): BBox {
  return [round(b[0]), round(b[1]), round(b[2]), round(b[3])];
}

/** Text of one page and whether it lacks a usable text layer, from one structured-text pass. */
export interface PageAnalysis {
  text: PageText;
  needsOcr: boolean;
}

/**
 * Lines and words of one page from MuPDF's structured text, and whether the page needs OCR.
 * Words are split on white space; each word's box is the union of its characters' quads.
 * Fonts and images handed to the walker are released at once (WASM memory never shrinks).
 *
 * A page needs OCR when it has no text at all while an image is drawn, or only a little text
 * (a filing header stamped on a scan) on a page mostly covered by images.
 */
export function analysePage(page: mupdf.Page, pageNumber: number): PageAnalysis {
  const [px0, py0, px1, py1] = page.getBounds();
  const pageArea = Math.max(1, (px1 - px0) * (py1 - py0));
  const stext = page.toStructuredText('preserve-whitespace,preserve-images');
  const lines: Line[] = [];
  let chars = 0;
  let imageArea = 0;
  try {
    let words: Word[] = [];
    let lineText = '';
    let lineBox: BBox | null = null;
    let wordText = '';
    let wordBox: BBox | null = null;
    const endWord = () => {
      if (wordText && wordBox) words.push({ text: wordText, bbox: roundBox(wordBox), confidence: 100 });
      wordText = '';
      wordBox = null;
    };
    stext.walk({
      onImageBlock(bbox, _m, image) {
        image.destroy();
        const w = Math.min(bbox[2], px1) - Math.max(bbox[0], px0);
        const h = Math.min(bbox[3], py1) - Math.max(bbox[1], py0);
        if (w > 0 && h > 0) imageArea += w * h;
      },
      beginLine(bbox) {
        words = [];
        lineText = '';
        lineBox = [bbox[0], bbox[1], bbox[2], bbox[3]];
      },
      onChar(c, _origin, font, _size, quad) {
        font.destroy();
        lineText += c;
        if (c === ' ' || c === '\t' || c === '\u00a0' || /\s/.test(c)) {
          endWord();
          return;
        }
        chars++;
        const q = quad;
        const bx0 = Math.min(q[0]!, q[2]!, q[4]!, q[6]!);
        const by0 = Math.min(q[1]!, q[3]!, q[5]!, q[7]!);
        const bx1 = Math.max(q[0]!, q[2]!, q[4]!, q[6]!);
        const by1 = Math.max(q[1]!, q[3]!, q[5]!, q[7]!);
        wordText += c;
        if (wordBox) {
          if (bx0 < wordBox[0]) wordBox[0] = bx0;
          if (by0 < wordBox[1]) wordBox[1] = by0;
          if (bx1 > wordBox[2]) wordBox[2] = bx1;
          if (by1 > wordBox[3]) wordBox[3] = by1;
        } else {
          wordBox = [bx0, by0, bx1, by1];
        }
      },
      endLine() {
        endWord();
        const text = lineText.replace(/\s+/g, ' ').trim();
        if (text && lineBox) lines.push({ text, bbox: roundBox(lineBox), words });
      },
    });
  } finally {
    stext.destroy();
  }
  const scantText = chars < SCANT_TEXT_CHARS;
  const needsOcr = (scantText && imageArea / pageArea >= IMAGE_COVER_RATIO) || (chars === 0 && imageArea > 0);
  const usable = lines.length > 0 && !needsOcr;
  return {
    text: {
      page: pageNumber,
      width: round(px1 - px0),
      height: round(py1 - py0),
      lines,
      source: usable ? 'text-layer' : 'none',
      confidence: usable ? 100 : 0,
    },
    needsOcr,
  };
}
