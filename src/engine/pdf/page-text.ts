import { stextAccess, type StextAccess } from './wasm-handle.ts';
import * as mupdf from 'mupdf';
import type { BBox, Line, PageText, Word } from '../types.ts';
import { looksGarbled } from './garbled-text.ts';

/** Characters below which a page that is mostly image is treated as having no usable text layer. */
const SCANT_TEXT_CHARS = 200;
/** Share of the page area that images must cover for a scant-text page to need OCR. */
const IMAGE_COVER_RATIO = 0.4;
/** Share of the page area an image covers on a scan (whose text, if any, another program's OCR put there; a court may file it on a larger page). */
const SCAN_COVER_RATIO = 0.75;
/**
 * Share of a page's characters without a known Unicode value (U+FFFD, private use) above which its
 * text layer is unreadable: a font without a ToUnicode map gives MuPDF glyph ids, not letters.
 */
const UNREADABLE_RATIO = 0.3;

function unknownChar(code: number): boolean {
  return code === 0xfffd || (code >= 0xe000 && code <= 0xf8ff) || (code < 32 && code !== 9 && code !== 10 && code !== 13);
}

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

/** White space as MuPDF reports it: ASCII, no-break and the Unicode spaces. */
function isSpace(code: number): boolean {
  return code <= 32 || code === 0xa0 || (code >= 0x2000 && code <= 0x200b) || code === 0x2028 ||
    code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * Builds lines and words from a stream of lines, characters and image blocks. A line's text is
 * its words joined by single spaces (white space runs collapse, ends are trimmed).
 */
class Collector {
  lines: Line[] = [];
  chars = 0;
  /** Characters without a known Unicode value (counted in `chars`, but for control codes). */
  unknown = 0;
  /** Control codes other than tab and line ends: spaces to the word splitter, unknown here. */
  controls = 0;
  imageArea = 0;
  #words: Word[] = [];
  #lineBox: BBox = [0, 0, 0, 0];
  #wordText = '';
  #x0 = 0;
  #y0 = 0;
  #x1 = 0;
  #y1 = 0;

  constructor(private readonly page: BBox) {}

  image(x0: number, y0: number, x1: number, y1: number): void {
    const w = Math.min(x1, this.page[2]) - Math.max(x0, this.page[0]);
    const h = Math.min(y1, this.page[3]) - Math.max(y0, this.page[1]);
    if (w > 0 && h > 0) this.imageArea += w * h;
  }

  beginLine(x0: number, y0: number, x1: number, y1: number): void {
    this.#words = [];
    this.#lineBox = [x0, y0, x1, y1];
  }

  char(code: number, x0: number, y0: number, x1: number, y1: number): void {
    if (unknownChar(code)) {
      this.unknown++;
      if (code < 32) this.controls++;
    }
    if (isSpace(code)) {
      this.#endWord();
      return;
    }
    this.chars++;
    if (this.#wordText === '') {
      this.#x0 = x0;
      this.#y0 = y0;
      this.#x1 = x1;
      this.#y1 = y1;
    } else {
      if (x0 < this.#x0) this.#x0 = x0;
      if (y0 < this.#y0) this.#y0 = y0;
      if (x1 > this.#x1) this.#x1 = x1;
      if (y1 > this.#y1) this.#y1 = y1;
    }
    this.#wordText += String.fromCodePoint(code);
  }

  endLine(): void {
    this.#endWord();
    const words = this.#words;
    if (words.length === 0) return;
    // (joined, not appended word by word: appending leaves a tree of pieces per line, twice the memory of the text)
    const parts = new Array<string>(words.length);
    for (let i = 0; i < words.length; i++) parts[i] = words[i]!.text;
    this.lines.push({ text: parts.join(' '), bbox: roundBox(this.#lineBox), words });
  }

  #endWord(): void {
    if (this.#wordText) {
      const bbox: BBox = [round(this.#x0), round(this.#y0), round(this.#x1), round(this.#y1)];
      this.#words.push({ text: this.#wordText, bbox, confidence: 100 });
      this.#wordText = '';
    }
  }
}

function quadChar(col: Collector, code: number, f: ArrayLike<number>, i: number): void {
  const x0 = Math.min(f[i]!, f[i + 2]!, f[i + 4]!, f[i + 6]!);
  const y0 = Math.min(f[i + 1]!, f[i + 3]!, f[i + 5]!, f[i + 7]!);
  const x1 = Math.max(f[i]!, f[i + 2]!, f[i + 4]!, f[i + 6]!);
  const y1 = Math.max(f[i + 1]!, f[i + 3]!, f[i + 5]!, f[i + 7]!);
  col.char(code, x0, y0, x1, y1);
}

/** Read the structured text through MuPDF's accessors directly (few calls, no objects per character). */
function collectFast(w: StextAccess, stext: mupdf.StructuredText, col: Collector): void {
  for (let block = w._wasm_stext_page_get_first_block(stext.pointer as unknown as number); block; block = w._wasm_stext_block_get_next(block)) {
    const type = w._wasm_stext_block_get_type(block);
    if (type === 1) {
      const r = w._wasm_stext_block_get_bbox(block) >> 2;
      const f = w.HEAPF32;
      col.image(f[r]!, f[r + 1]!, f[r + 2]!, f[r + 3]!);
      continue;
    }
    if (type !== 0) continue;
    for (let line = w._wasm_stext_block_get_first_line(block); line; line = w._wasm_stext_line_get_next(line)) {
      const r = w._wasm_stext_line_get_bbox(line) >> 2;
      let f = w.HEAPF32;
      col.beginLine(f[r]!, f[r + 1]!, f[r + 2]!, f[r + 3]!);
      for (let ch = w._wasm_stext_line_get_first_char(line); ch; ch = w._wasm_stext_char_get_next(ch)) {
        const code = w._wasm_stext_char_get_c(ch);
        const q = w._wasm_stext_char_get_quad(ch) >> 2;
        f = w.HEAPF32;
        quadChar(col, code, f, q);
      }
      col.endLine();
    }
  }
}

/** Read the structured text through the public walker (fonts and images freed at once). */
function collectWalk(stext: mupdf.StructuredText, col: Collector): void {
  stext.walk({
    onImageBlock(bbox, _m, image) {
      image.destroy();
      col.image(bbox[0], bbox[1], bbox[2], bbox[3]);
    },
    beginLine(bbox) {
      col.beginLine(bbox[0], bbox[1], bbox[2], bbox[3]);
    },
    onChar(c, _origin, font, _size, quad) {
      font.destroy();
      quadChar(col, c.codePointAt(0) ?? 32, quad, 0);
    },
    endLine() {
      col.endLine();
    },
  });
}

/**
 * Lines and words of one page from MuPDF's structured text, and whether the page needs OCR.
 * Words are split on white space; each word's box is the union of its characters' quads.
 *
 * A page needs OCR when it has no text at all while an image is drawn, or only a little text
 * (a filing header stamped on a scan) on a page mostly covered by images.
 */
export function analysePage(page: mupdf.Page, pageNumber: number, fast = true): PageAnalysis {
  const [px0, py0, px1, py1] = page.getBounds();
  const pageArea = Math.max(1, (px1 - px0) * (py1 - py0));
  const col = new Collector([px0, py0, px1, py1]);
  const stext = page.toStructuredText('preserve-whitespace,preserve-images');
  try {
    const access = fast ? stextAccess() : null;
    if (access) collectFast(access, stext, col);
    else collectWalk(stext, col);
  } finally {
    stext.destroy();
  }
  const scantText = col.chars < SCANT_TEXT_CHARS;
  // glyphs without a character map (U+FFFD), or a character map that gives other letters than those drawn
  const unreadable = (col.unknown > 0 && col.unknown >= UNREADABLE_RATIO * (col.chars + col.controls)) || looksGarbled(col.lines);
  const needsOcr = unreadable || (scantText && col.imageArea / pageArea >= IMAGE_COVER_RATIO) || (col.chars === 0 && col.imageArea > 0);
  const usable = col.lines.length > 0 && !needsOcr;
  return {
    text: {
      page: pageNumber,
      width: round(px1 - px0),
      height: round(py1 - py0),
      // an unreadable layer is no text at all: its glyph codes must not be matched as words
      lines: unreadable ? [] : col.lines,
      source: usable ? 'text-layer' : 'none',
      confidence: usable ? 100 : 0,
      ...(usable && col.imageArea / pageArea >= SCAN_COVER_RATIO ? { scan: true as const } : {}),
    },
    needsOcr,
  };
}
