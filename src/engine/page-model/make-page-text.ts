import type { Line, PageText, Word } from '../types.ts';

/**
 * Builds PageText from plain rows, laid out the way a text layer or OCR reports them, so index
 * detection and destinations can be exercised on every document style without a PDF.
 *
 * A row is a string: words separated by spaces, `|` marks a column gap (a wide space). Options place
 * the row (x, y), size its text, or split it into separate lines per column (as text layers often do).
 */
export interface RowSpec {
  text: string;
  x?: number;
  y?: number;
  size?: number;
  /** Report each column as its own line (default true: most text layers do). */
  splitColumns?: boolean;
  /** Left edge of each `|`-separated column (a table's column positions); empty columns are skipped. */
  cols?: number[];
}

export interface PageSpec {
  rows: Array<string | RowSpec>;
  /** Footer text at the bottom (e.g. a printed page number). */
  footer?: string;
  /** Header text at the top (e.g. a court header `Case … Page 3 of 40`). */
  header?: string;
  source?: PageText['source'];
  width?: number;
  height?: number;
  /** Word confidence for OCR pages. */
  confidence?: number;
}

const CHAR = 0.5;
const SPACE = 0.28;
const COLUMN_GAP = 36;

export function makePage(page: number, spec: PageSpec): PageText {
  const width = spec.width ?? 612;
  const height = spec.height ?? 792;
  const source = spec.source ?? 'text-layer';
  const conf = source === 'ocr' ? (spec.confidence ?? 90) : 100;
  const lines: Line[] = [];
  let y = 72;
  for (const r of spec.rows) {
    const row: RowSpec = typeof r === 'string' ? { text: r } : r;
    const size = row.size ?? 12;
    const top = row.y ?? y;
    lines.push(...layoutRow(row.text, row.x ?? 72, top, size, conf, row.splitColumns ?? true, row.cols));
    y = top + size * 1.25 + 4;
  }
  if (spec.header) lines.push(...layoutRow(spec.header, 100, 20, 10, conf, false));
  if (spec.footer) lines.push(...layoutRow(spec.footer, width / 2 - 5, height - 45, 10, conf, false));
  return { page, width, height, lines, source, confidence: lines.length > 0 ? conf : 0 };
}

function layoutRow(text: string, x0: number, top: number, size: number, conf: number, split: boolean, cols?: number[]): Line[] {
  const columns = text.split('|');
  const lines: Line[] = [];
  let x = x0;
  let all: Word[] = [];
  for (const [c, col] of columns.entries()) {
    if (cols?.[c] !== undefined) x = cols[c]!;
    const words: Word[] = [];
    for (const w of col.trim().split(/\s+/).filter((s) => s.length > 0)) {
      const wWidth = w.length * size * CHAR;
      words.push({ text: w, bbox: [x, top, x + wWidth, top + size], confidence: conf });
      x += wWidth + size * SPACE;
    }
    if (words.length > 0) {
      if (split) lines.push(lineOf(words));
      all = all.concat(words);
    }
    x += COLUMN_GAP;
  }
  if (!split && all.length > 0) lines.push(lineOf(all));
  return lines;
}

/** A line of words set left to right. */
export function lineOf(words: Word[]): Line {
  return {
    text: words.map((w) => w.text).join(' '),
    bbox: [words[0]!.bbox[0], Math.min(...words.map((w) => w.bbox[1])), words[words.length - 1]!.bbox[2], Math.max(...words.map((w) => w.bbox[3]))],
    words,
  };
}

/** Pages 1..n from specs, numbered in order. */
export function makePages(specs: PageSpec[]): PageText[] {
  return specs.map((s, i) => makePage(i + 1, s));
}

/** A filler body page: paragraphs of plain text, with an optional footer. */
export function bodyPage(opts: { footer?: string; header?: string; firstRow?: string; lines?: number; source?: PageText['source'] } = {}): PageSpec {
  const rows: string[] = [];
  if (opts.firstRow) rows.push(opts.firstRow);
  const n = opts.lines ?? 24;
  for (let i = 0; i < n; i++) {
    rows.push(i % 6 === 5 ? 'and the matter was adjourned.' : 'The applicant relies on the evidence filed and the parties agree on the facts set out below in');
  }
  const spec: PageSpec = { rows };
  if (opts.footer !== undefined) spec.footer = opts.footer;
  if (opts.header !== undefined) spec.header = opts.header;
  if (opts.source) spec.source = opts.source;
  return spec;
}
