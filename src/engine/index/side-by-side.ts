import { isSuccessor } from './labels.ts';
import type { PageLayout } from '../page-model/page-layout.ts';
import { type ParsedRow, parseRow } from './parse-row.ts';
import { type Row, rowFromTokens } from '../page-model/rows.ts';

/**
 * An index set in side-by-side columns (tabs A … F on the left, G … L on the right): the text layer
 * gives rows that run across both columns ('Tab A Letter from … Tab G Affidavit of …'). Such a page is
 * read column by column: the left column top to bottom, then the right one.
 *
 * The right column is told apart from the columns of a table (Tab | Date | Document | Page) by what it
 * holds: labelled rows with their own descriptions whose list continues the left column's list.
 */

const MIN_GUTTER = 10;

/** Left edges of words that follow a wide gap, clustered; each is a possible left edge of a right column. */
function candidateEdges(rows: Row[]): number[] {
  const xs: number[] = [];
  for (const r of rows) {
    for (let i = 1; i < r.words.length; i++) {
      const w = r.words[i]!;
      if (w.breakBefore && w.bbox[0] - r.words[i - 1]!.bbox[2] >= MIN_GUTTER) xs.push(w.bbox[0]);
    }
  }
  xs.sort((a, b) => a - b);
  const edges: number[] = [];
  for (let i = 0; i < xs.length;) {
    let j = i;
    while (j + 1 < xs.length && xs[j + 1]! - xs[i]! <= 3) j++;
    if (j - i + 1 >= 2) edges.push(xs[i]!);
    i = j + 1;
  }
  return edges;
}

type Piece = { kind: 'left' | 'right' | 'span'; row: Row };

/** Cuts every row at x: rows with a word across x span both columns and stay whole, as do rows above the columns. */
function cut(l: PageLayout, x: number): Piece[] | null {
  const out: Piece[] = [];
  let both = 0;
  for (const r of l.rows) {
    const left = r.words.filter((w) => w.bbox[2] <= x - MIN_GUTTER / 2);
    const right = r.words.filter((w) => w.bbox[0] >= x - 1);
    if (left.length + right.length !== r.words.length || r.words.length === 0) {
      out.push({ kind: 'span', row: r });
      continue;
    }
    // Above the first row with words on both sides (a heading over the columns) rows keep their place.
    if (both === 0 && !(left.length && right.length)) {
      out.push({ kind: 'span', row: r });
      continue;
    }
    if (left.length && right.length) both++;
    if (left.length) out.push({ kind: 'left', row: rowFromTokens(r.page, left, r.size, r.leader) });
    if (right.length) out.push({ kind: 'right', row: rowFromTokens(r.page, right, r.size, r.leader) });
  }
  return both >= 2 ? out : null;
}

/** Labels of the rows that open an item with a description of their own. */
function labelled(rows: Row[], ocr: boolean) {
  return rows.map((r) => parseRow(r, { ocr })).filter((p) => p.labels.length > 0 && p.desc.length > 0);
}

/** The page read column by column when it is an index in two side-by-side columns; else the page as it is. */
export function readSideBySide(l: PageLayout): PageLayout {
  if (l.rows.length < 3) return l;
  const ocr = l.source === 'ocr';
  for (const x of candidateEdges(l.rows)) {
    const pieces = cut(l, x);
    if (!pieces) continue;
    const left = labelled(pieces.filter((p) => p.kind === 'left').map((p) => p.row), ocr);
    // Labels of the right column stand at its left edge (further right: a column beyond it).
    const right = labelled(pieces.filter((p) => p.kind === 'right').map((p) => p.row), ocr).filter((p) => Math.abs(p.labelX - x) <= 3);
    if (left.length < 2 || right.length < 2) continue;
    const follows = (a: ParsedRow, b: ParsedRow) => a.labels.some((x) => b.labels.some((y) => isSuccessor(x, y)));
    // Down each column: the right column opens where the left one ends (F then G). Across each row, a grid:
    // every left label is followed by the right one beside it, and that by the next left one (A B / C D).
    const down = follows(left[left.length - 1]!, right[0]!);
    const across = !down && (left.length === right.length || left.length === right.length + 1) &&
      right.every((r, k) => follows(left[k]!, r) && (left[k + 1] === undefined || follows(r, left[k + 1]!)));
    if (!down && !across) continue;
    // Column by column (or, across, pair by pair): rows spanning both columns (a heading, a note) keep their place.
    const rows: Row[] = [];
    let lefts: Row[] = [];
    let rights: Row[] = [];
    const flush = () => {
      // The right part may itself hold two columns (an index in three).
      rows.push(...lefts, ...(down && rights.length > 2 ? readSideBySide({ ...l, rows: rights }).rows : rights));
      lefts = [];
      rights = [];
    };
    const pairStarts = new Set(across ? left.map((p) => p.row) : []);
    for (const p of pieces) {
      if (p.kind === 'span') {
        flush();
        rows.push(p.row);
        continue;
      }
      if (pairStarts.has(p.row)) flush();
      (p.kind === 'left' ? lefts : rights).push(p.row);
    }
    flush();
    return { ...l, rows };
  }
  return l;
}
