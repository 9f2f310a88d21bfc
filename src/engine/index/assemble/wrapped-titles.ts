import type { ParsedRow } from '../parse-row.ts';
import { unionBox, type Token } from '../../page-model/rows.ts';
import { type AssemblyState, type Draft, type RowPlace, nextLine, readByOcr, refRightOf } from './state.ts';

/**
 * Joining wrapped titles: a row right under the entry being read, in its columns, is more of its title
 * (and may bring its page number); the words that stand in the table's date column go to its date.
 */

/** Whether a row continues the current entry; `anyX`: a row that starts further right (a leader after blacked-out text) may. */
export function canContinue(s: AssemblyState, pr: ParsedRow, crossPage: boolean, prevBottomFrac: number, anyX = false): boolean {
  const c = s.current;
  if (!c || pr.row.words.length === 0) return false;
  const x = pr.row.bbox[0];
  if (x < c.labelX - 3 || (!anyX && x > Math.max(c.descX, c.labelX) + 40)) return false;
  // A capitalised row out in the label column under a description in mixed case (`LEGISLATION`)
  // is a group heading, not the rest of the description.
  const letters = pr.row.text.replace(/[^A-Za-z]/g, '');
  const own = c.words.join('').replace(/[^A-Za-z]/g, '');
  if (x < c.descX - 8 && letters.length >= 3 && letters === letters.toUpperCase() && own !== own.toUpperCase()) return false;
  // (a contents entry still waiting for its page number wraps at its label's column too: hanging rows)
  const wrapX = s.out.toc && c.pageRef === undefined && c.path.length > 0 ? c.labelX : c.descX;
  if (crossPage) return prevBottomFrac > 0.7 && x >= wrapX - 3 && pr.labels.length === 0;
  if ((c.lastPage ?? c.page) !== pr.row.page) return false;
  const gap = pr.row.bbox[1] - c.bottom;
  // A contents entry still waiting for its page number takes the unlabelled row that brings it, even
  // across double spacing (`… CONSOLIDATED` / `OPPOSITION.12`).
  const finishes = s.out.toc && c.pageRef === undefined && pr.pageRef !== undefined && pr.labels.length === 0;
  if (gap <= (finishes ? 1.5 : 1.0) * Math.max(c.size, pr.row.size)) return true;
  // (read by OCR, whose boxes are as tall as the ink, not the line: on the page's next line)
  if (finishes && readByOcr(pr) && nextLine(s, c.lastTop, pr.row.bbox[1], [c.bottom, pr.row.bbox[3]])) return true;
  if (wrapsOnNextLine(s, c, pr)) return true;
  // A description wrapped in its own column on a double-spaced page (a transcript's index): on the page's
  // next line, under the description's first word, the label out in a column of its own. (OCR boxes words
  // by their ink, far shorter than the line spacing, so the gap alone says too little.)
  return readByOcr(pr) && Math.abs(x - c.descX) <= 6 && c.labelX < c.descX - 10 && nextLine(s, c.lastTop, pr.row.bbox[1], [c.bottom, pr.row.bbox[3]]);
}

/**
 * A contents entry wrapped over double-spaced lines (a question presented run over three or four lines,
 * `B. As a matter of first impression, was …` / `constitutional right to …` / `… statements? ..... 1`):
 * while the entry still waits for its page number, an unlabelled row on the page's next line that starts
 * no further right than the entry's text is more of its title, however wide the spacing.
 */
export function wrapsOnNextLine(s: AssemblyState, c: Draft, pr: ParsedRow): boolean {
  if (!s.out.toc || c.pageRef !== undefined || pr.labels.length > 0 || c.path.length === 0) return false;
  const x = pr.row.bbox[0];
  return x >= c.labelX - 3 && x <= c.descX + 6 && nextLine(s, c.lastTop, pr.row.bbox[1], [c.bottom, pr.row.bbox[3]]);
}

/** The table's date column: the header's, else where the entry's own date cell stands, before its description. */
export function dateColumnOf(s: AssemblyState, c: Draft | null): [number, number] | null {
  return s.dateColumn ?? (c?.dateCol ? [c.dateCol[0] - 4, c.descX - 4] : null);
}

/** Puts a row's words into the description, or the date when they stand in the date column. */
export function placeWords(s: AssemblyState, c: Draft, words: Token[], skip: ReadonlySet<Token> | null): void {
  const col = dateColumnOf(s, c);
  const first = c.words.length === 0;
  for (const t of words) {
    if (skip?.has(t)) continue;
    if (col && t.bbox[0] >= col[0] && t.bbox[0] < col[1]) c.dateWords.push(t.text);
    else {
      // The description starts at its first word (a date column before it is not part of it).
      if (first && c.words.length === 0) c.descX = t.bbox[0];
      c.words.push(t.text);
    }
  }
}

/** Joins a row to the entry being read: its words, and its page number when the entry has none yet. */
export function extend(s: AssemblyState, pr: ParsedRow): void {
  const c = s.current!;
  placeWords(s, c, pr.row.words, new Set(pr.refTokens ?? []));
  if (pr.pageRef !== undefined && !c.pageRef) {
    c.pageRef = pr.pageRef;
    Object.assign(c, refRightOf(pr));
  }
  // The link box stays on the item's own page; a part wrapped onto the next page is text only.
  if (pr.row.page === c.page) c.bbox = unionBox(c.bbox, pr.row.bbox);
  c.bottom = pr.row.bbox[3];
  c.lastTop = pr.row.bbox[1];
  c.lastPage = pr.row.page;
}

/**
 * A row that continues the entry being read is joined to it. Under an index heading, though, a row with a page
 * number after an entry that has its page number is a new unlabelled entry, and an unlabelled entry ends with
 * its page number. (A page number set apart by a wide gap serves as well as a leader: many tables of contents
 * draw none.)
 */
export function wrappedLineRow(s: AssemblyState, pr: ParsedRow, at: RowPlace): boolean {
  const continues = canContinue(s, pr, at.crossPage, at.prevBottomFrac);
  const entryLike = pr.labels.length === 0 && pr.pageRef !== undefined && s.current?.pageRef !== undefined;
  const finished = s.current?.path.length === 0 && s.current.pageRef !== undefined;
  if (!continues || (s.headed && (entryLike || finished))) return false;
  extend(s, pr);
  return true;
}
