import * as mupdf from 'mupdf';
import type { BBox, Line, PageText, Word } from '../types.ts';

/** Characters below which a page that is mostly image is treated as having no usable text layer. */
const SCANT_TEXT_CHARS = 200;
/** Share of the page area that images must cover for a scant-text page to need OCR. */
const IMAGE_COVER_RATIO = 0.4;

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

function quadBox(q: number[]): BBox {
  const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
  const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function roundBox(b: BBox): BBox {
  return [round(b[0]), round(b[1]), round(b[2]), round(b[3])];
}

/**
 * Lines and words of one page from MuPDF's structured text. Words are split on white space;
 * each word's box is the union of its characters' quads. Fonts handed to the walker are
 * released at once (WASM memory never shrinks).
 */
export function extractPageText(page: mupdf.Page, pageNumber: number): PageText {
  const [x0, y0, x1, y1] = page.getBounds();
  const stext = page.toStructuredText('preserve-whitespace');
  const lines: Line[] = [];
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
      beginLine(bbox) {
        words = [];
        lineText = '';
        lineBox = [bbox[0], bbox[1], bbox[2], bbox[3]];
      },
      onChar(c, _origin, font, _size, quad) {
        font.destroy();
        lineText += c;
        if (/\s/.test(c)) {
          endWord();
          return;
        }
        const box = quadBox(quad);
        wordText += c;
        wordBox = wordBox ? union(wordBox, box) : box;
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
  const hasText = lines.length > 0;
  return {
    page: pageNumber,
    width: round(x1 - x0),
    height: round(y1 - y0),
    lines,
    source: hasText ? 'text-layer' : 'none',
    confidence: hasText ? 100 : 0,
  };
}

/**
 * True when the page has no usable text layer: no text at all while something is drawn, or
 * only a little text (a filing header stamped on a scan) on a page mostly covered by images.
 */
export function pageNeedsOcr(page: mupdf.Page): boolean {
  const [x0, y0, x1, y1] = page.getBounds();
  const pageArea = Math.max(1, (x1 - x0) * (y1 - y0));
  const stext = page.toStructuredText('preserve-images');
  let chars = 0;
  let imageArea = 0;
  try {
    stext.walk({
      onChar(c, _o, font) {
        font.destroy();
        if (!/\s/.test(c)) chars++;
      },
      onImageBlock(bbox, _m, image) {
        image.destroy();
        const w = Math.min(bbox[2], x1) - Math.max(bbox[0], x0);
        const h = Math.min(bbox[3], y1) - Math.max(bbox[1], y0);
        if (w > 0 && h > 0) imageArea += w * h;
      },
    });
  } finally {
    stext.destroy();
  }
  if (chars >= SCANT_TEXT_CHARS) return false;
  if (imageArea / pageArea >= IMAGE_COVER_RATIO) return true;
  return chars === 0 && imageArea > 0;
}
