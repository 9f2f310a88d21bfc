import { layoutPages } from '../page-model/page-layout.ts';
import type { Row } from '../page-model/rows.ts';
import type { BBox, PageText } from '../types.ts';
import type { RefSpan } from './types.ts';

/**
 * A brief's body as one string to search, each character traced back to the word it came from: the
 * content rows of every body page (running headers, footers, court stamps and margin line numbers set
 * apart by the page model), in reading order, a page's footnotes after its text. Rows are joined by one
 * space, so a reference broken over two lines or two pages reads as it does on paper.
 */
export interface BodyText {
  text: string;
  /** For each character of `text`, the index of its word in `words` (-1 for the joining spaces). */
  wordAt: Int32Array;
  words: BodyWord[];
}

export interface BodyWord {
  page: number;
  bbox: BBox;
  /** Index of the word's row over the whole body (words of one row share it). */
  row: number;
  footnote: boolean;
  /** Offset of the word's first character in `text`, and its length there. */
  start: number;
  length: number;
}

/**
 * Rows set in smaller type at the foot of a page, below the body's text: its footnotes. The body's size
 * is the page's most common row size; a footnote row is at most 85% of it, and every row below the
 * first such row counts too (a footnote's text wraps).
 */
export function footnoteStart(rows: Row[]): number {
  if (rows.length < 4) return rows.length;
  const sizes = rows.map((r) => Math.round(r.size * 2) / 2).filter((s) => s > 0);
  const counts = new Map<number, number>();
  for (const s of sizes) counts.set(s, (counts.get(s) ?? 0) + 1);
  let body = 0;
  let most = 0;
  for (const [s, n] of counts) if (n > most || (n === most && s > body)) [body, most] = [s, n];
  if (body <= 0) return rows.length;
  // from the foot up: the footnote block is the run of small rows the page ends with
  let start = rows.length;
  for (let i = rows.length - 1; i >= 0; i--) {
    if (rows[i]!.size <= 0.85 * body) start = i;
    else break;
  }
  // a lone small row (a caption, a signature block's small print) is no footnote block unless it opens with a mark
  if (start === rows.length - 1 && !/^(?:\d{1,3}|[*†‡])(?:\s|$)/.test(rows[start]!.text)) return rows.length;
  return start;
}

/**
 * A row ending in an abbreviation does not end a sentence: a citation runs on over the page break
 * (`R. v. Morin, [1992] 1 S.C.R.` / `771`, `Smith v.` / `Jones`, `Fed. R. Civ. P.` / `12(b)(6)`, `Bell Atl.` / `Corp.`):
 * a capital's initial or a short capitalised abbreviation, or capitals with dots.
 */
const ABBREVIATION_END = /(?:^|[\s(\[])(?:[A-Z][a-z]{0,3}\.|(?:[A-Z]\.){2,}|v\.|(?:Supp|Crim|para|paras|Rptr|c|s|ss|r|p|pp)\.)$/;

function endsSentence(text: string): boolean {
  const t = text.trim();
  return /[.!?:;"”’)\]]$/.test(t) && !ABBREVIATION_END.test(t);
}

/** The body of the brief: every page but those in `skip` (index pages, tables of authorities). */
export function bodyText(pages: PageText[], skip: ReadonlySet<number>): BodyText {
  const layouts = layoutPages(pages);
  const parts: string[] = [];
  const words: BodyWord[] = [];
  let length = 0;
  let rowNo = 0;
  // wordAt, grown as it fills (a number per character: a typed array from the start, not a list copied into one)
  let marks = new Int32Array(1 << 16);
  let marked = 0;
  const mark = (word: number, count: number) => {
    if (marked + count > marks.length) {
      const grown = new Int32Array(Math.max(2 * marks.length, marked + count));
      grown.set(marks.subarray(0, marked));
      marks = grown;
    }
    marks.fill(word, marked, marked + count);
    marked += count;
  };
  const emit = (page: number, row: Row, footnote: boolean) => {
    row.words.forEach((w, k) => {
      // a word broken at a hyphen at the end of a row goes on at the start of the next (`FB-` / `SCHMIDT-0487`)
      const joined = k === 0 && parts.length > 0 && /[A-Za-z0-9]-$/.test(parts[parts.length - 1]!) && /^[A-Za-z0-9]/.test(w.text);
      if (parts.length && !joined) {
        parts.push(' ');
        mark(-1, 1);
        length += 1;
      }
      words.push({ page, bbox: w.bbox, row: rowNo, footnote, start: length, length: w.text.length });
      parts.push(w.text);
      mark(words.length - 1, w.text.length);
      length += w.text.length;
    });
    rowNo++;
  };
  // A page's footnotes follow its text; where the text runs on to the next page mid-sentence, they follow
  // the row of the next page where that sentence ends, so a reference broken by the page break reads whole.
  let pending: { page: number; rows: Row[] } | null = null;
  const flush = () => {
    if (pending) for (const r of pending.rows) emit(pending.page, r, true);
    pending = null;
  };
  for (const layout of layouts) {
    if (skip.has(layout.page)) continue;
    const rows = layout.rows;
    const foot = footnoteStart(rows);
    rows.slice(0, foot).forEach((row) => {
      emit(layout.page, row, false);
      // the sentence broken by the page break ends on this row: the last page's footnotes follow it
      if (pending && endsSentence(row.text)) flush();
    });
    flush();
    const notes = rows.slice(foot);
    const last = rows[foot - 1];
    if (notes.length) {
      if (last && !endsSentence(last.text)) pending = { page: layout.page, rows: notes };
      else for (const r of notes) emit(layout.page, r, true);
    }
  }
  flush();
  return { text: parts.join(''), wordAt: marks.slice(0, marked), words };
}

/**
 * The boxes of the characters [from, to) of the body: one box per row they cover, trimmed to the
 * characters within each word (a word `(AB,` gives the box of `AB` when only that is the reference).
 */
export function spansOf(body: BodyText, from: number, to: number): RefSpan[] {
  const spans: RefSpan[] = [];
  let current: { row: number; page: number; bbox: BBox } | null = null;
  let i = from;
  while (i < to) {
    const wi = body.wordAt[i]!;
    if (wi < 0) {
      i++;
      continue;
    }
    const w = body.words[wi]!;
    const wordEnd = w.start + wordLength(body, wi);
    const a = Math.max(from, w.start);
    const b = Math.min(to, wordEnd);
    const box = partBox(w.bbox, wordEnd - w.start, a - w.start, b - w.start);
    if (current && current.row === w.row) {
      current.bbox = [Math.min(current.bbox[0], box[0]), Math.min(current.bbox[1], box[1]), Math.max(current.bbox[2], box[2]), Math.max(current.bbox[3], box[3])];
    } else {
      if (current) spans.push({ page: current.page, bbox: current.bbox });
      current = { row: w.row, page: w.page, bbox: box };
    }
    i = wordEnd;
  }
  if (current) spans.push({ page: current.page, bbox: current.bbox });
  return spans;
}

function wordLength(body: BodyText, wi: number): number {
  return body.words[wi]!.length;
}

/** The part of a word's box that characters [a, b) of its n take, characters taken as equally wide. */
function partBox(bbox: BBox, n: number, a: number, b: number): BBox {
  if (n <= 0 || (a <= 0 && b >= n)) return bbox;
  const w = (bbox[2] - bbox[0]) / n;
  return [bbox[0] + a * w, bbox[1], bbox[0] + b * w, bbox[3]];
}
