import { parseRow, type ParsedRow } from '../parse-row.ts';
import { ORNAMENT } from '../parse-row/leading-marks.ts';
import { volumeColumnEnd } from '../volume-column.ts';
import { rowCells } from '../../page-model/rows.ts';
import { type AssemblyState, type RowPlace, readByOcr } from './state.ts';

/**
 * Rows that head the index or a block of it rather than name an entry: group headings over their tabs, the
 * index's own heading (or a table of authorities, which ends it), the table's header row, a source note.
 */

/** The text Word prints in a contents entry whose heading it cannot find, in place of its page number. */
const FIELD_ERROR = /\bError!\s+(?:Bookmark not defined|Reference source not found)\.?\s*$/i;

/**
 * `A. STATEMENTS OF CASE` over tabs 1-5: a group heading, not an item. (Nor Word's `Error! Bookmark not
 * defined.` where an entry's page number should be: Word found no heading for it, so it has no page to link,
 * and it is no part of the entry below it.) Either ends the entry above.
 */
export function groupHeadingRow(s: AssemblyState, pr: ParsedRow, groups: ReadonlySet<ParsedRow>): boolean {
  if (!groups.has(pr) && !FIELD_ERROR.test(pr.row.text)) return false;
  s.current = null;
  s.pending = [];
  return true;
}

/**
 * A row naming a list that ends in a page number set apart, among the entries of a contents list already
 * under way (`LIST OF EXHIBITS        45`, `INDEX OF EXHIBITS 45` typed with no leader): the contents lists
 * the document's own list, an entry like the others, not a heading of this index. The row read as an entry.
 */
export function listNamedAsEntry(s: AssemblyState, pr: ParsedRow): ParsedRow {
  if (!pr.heading || !s.headed || !s.out.toc || s.out.items.length === 0) return pr;
  const last = pr.row.words[pr.row.words.length - 1];
  if (pr.row.words.length < 2 || !last?.breakBefore || !/^(?:\d{1,4}|[ivxlc]{1,6})$/.test(last.text)) return pr;
  const entry = parseRow(pr.row, { ocr: readByOcr(pr), entry: true });
  return entry.pageRef !== undefined && entry.desc.length > 0 ? entry : pr;
}

/**
 * A heading naming an index (`INDEX`, `TABLE OF CONTENTS`): from here unlabelled rows with page numbers are
 * entries too, and the index's type is noted. A table of authorities ends the index.
 */
export function indexHeadingRow(s: AssemblyState, pr: ParsedRow, at: RowPlace): boolean {
  if (!pr.heading) return false;
  if (pr.heading === 'stop') {
    s.stopped = true;
    return true;
  }
  s.headed = true;
  if (pr.heading === 'toc') s.out.toc = true;
  else if (pr.heading !== 'index') s.out.headingType ??= pr.heading;
  if (!at.first) s.current = null;
  s.pending = [];
  return true;
}

/** A table's header row (`Tab No. | Date | Nature of Document`): the items' type, the date and volume columns. */
export function tableHeaderRow(s: AssemblyState, pr: ParsedRow, at: RowPlace): boolean {
  if (!pr.header) return false;
  const w = pr.row.words[0]?.text.toLowerCase() ?? '';
  if (/^tab/.test(w)) s.out.headerType ??= 'tab';
  else if (/^exhibit/.test(w)) s.out.headerType ??= 'exhibit';
  else if (/^schedule/.test(w)) s.out.headerType ??= 'schedule';
  else if (/^appendix/.test(w)) s.out.headerType ??= 'appendix';
  const cells = rowCells(pr.row);
  const dateCell = cells.findIndex((c) => /^dated?$/i.test(c.map((t) => t.text).join(' ')));
  if (dateCell >= 0) s.dateColumn = [cells[dateCell]![0]!.bbox[0] - 6, (cells[dateCell + 1]?.[0]?.bbox[0] ?? Infinity) - 6];
  s.volumeEnd = volumeColumnEnd(cells) ?? s.volumeEnd;
  // A header repeated at the top of the next page does not end an entry wrapped over the page break.
  if (!at.first) s.current = null;
  return true;
}

/**
 * `Source: JudicialWatch.org PDF` under an exhibit's description: a note on where it came from, no part of
 * its title (nor an entry).
 */
export function sourceNoteRow(s: AssemblyState, pr: ParsedRow): boolean {
  return pr.labels.length === 0 && /^(?:sources?|retrieved from|available at):/i.test(pr.row.text.trim()) && s.current !== null;
}

/** A row that closes a block of an index: a separator (`---oOo---`) or a heading in capitals, with no label or page. */
export function isBlockBreak(pr: ParsedRow): boolean {
  if (pr.labels.length > 0 || pr.pageRef !== undefined || pr.heading !== null) return false;
  const t = pr.row.text;
  return /^[-–—=_*~oO\s]{5,}$/.test(t) || (t.length >= 5 && t.split(' ').every((w) => ORNAMENT.test(w))) || (/[A-Z]{3}/.test(t) && !/[a-z]/.test(t));
}
