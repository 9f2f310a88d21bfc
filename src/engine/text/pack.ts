import type { BBox, Line, PageText, Word } from '../types.ts';

/**
 * Compact form of text-layer pages for passing between threads. Structured cloning of the object
 * graph (a page has hundreds of words, each an object with a box array) cost the receiving thread
 * about as much as reading the pages itself; this form is three flat values, the arrays transferred.
 *
 * A text-layer line's text is its words joined by single spaces, so only line texts travel.
 */
export interface PackedPages {
  /** Line texts, each followed by '\n'. */
  text: string;
  /** Per page: width, height; per line: its box; per word: its box. */
  nums: Float64Array;
  /** Per page: page number, source (0 none, 1 text-layer; 16 added for a scan), confidence, line count; per line: word count. */
  counts: Int32Array;
}

const SOURCES: Array<PageText['source']> = ['none', 'text-layer', 'ocr'];
/** Set beside the source of a page that is a scan with a text layer of its own (PageText.scan). */
const SCAN_BIT = 16;

export function packPages(pages: PageText[]): PackedPages {
  let nNums = 0;
  let nCounts = 0;
  for (const p of pages) {
    nNums += 2;
    nCounts += 4;
    for (const l of p.lines) {
      nNums += 4 + 4 * l.words.length;
      nCounts += 1;
    }
  }
  const nums = new Float64Array(nNums);
  const counts = new Int32Array(nCounts);
  const texts: string[] = [];
  let n = 0;
  let c = 0;
  const box = (b: BBox) => {
    nums[n++] = b[0];
    nums[n++] = b[1];
    nums[n++] = b[2];
    nums[n++] = b[3];
  };
  for (const p of pages) {
    nums[n++] = p.width;
    nums[n++] = p.height;
    counts[c++] = p.page;
    counts[c++] = SOURCES.indexOf(p.source) | (p.scan ? SCAN_BIT : 0);
    counts[c++] = Math.round(p.confidence);
    counts[c++] = p.lines.length;
    for (const l of p.lines) {
      texts.push(l.text);
      box(l.bbox);
      counts[c++] = l.words.length;
      for (const w of l.words) box(w.bbox);
    }
  }
  return { text: texts.length ? `${texts.join('\n')}\n` : '', nums, counts };
}

export function unpackPages(packed: PackedPages): PageText[] {
  const { text, nums, counts } = packed;
  const pages: PageText[] = [];
  let n = 0;
  let c = 0;
  let t = 0;
  const box = (): BBox => {
    const b: BBox = [nums[n]!, nums[n + 1]!, nums[n + 2]!, nums[n + 3]!];
    n += 4;
    return b;
  };
  while (c < counts.length) {
    const width = nums[n++]!;
    const height = nums[n++]!;
    const page = counts[c++]!;
    const sourceBits = counts[c++]!;
    const source = SOURCES[sourceBits & ~SCAN_BIT]!;
    const confidence = counts[c++]!;
    const nLines = counts[c++]!;
    const lines: Line[] = new Array(nLines);
    for (let i = 0; i < nLines; i++) {
      const end = text.indexOf('\n', t);
      const lineText = text.slice(t, end);
      t = end + 1;
      const bbox = box();
      const nWords = counts[c++]!;
      const parts = nWords ? lineText.split(' ') : [];
      const words: Word[] = new Array(nWords);
      for (let k = 0; k < nWords; k++) words[k] = { text: parts[k] ?? '', bbox: box(), confidence: 100 };
      lines[i] = { text: lineText, bbox, words };
    }
    pages.push({ page, width, height, lines, source, confidence, ...(sourceBits & SCAN_BIT ? { scan: true as const } : {}) });
  }
  return pages;
}
