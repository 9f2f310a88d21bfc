import type { ParsedRow } from './parse-row.ts';

/**
 * Contents rows that print no page number but are entries all the same (appellate briefs): a group row over
 * labelled entries (`Statement:`, `Argument:`), and rows in capitals for parts the brief has without numbering
 * its page in the contents (`STATEMENT OF RELATED CASES`, `CERTIFICATE OF SERVICE`, `STATUTORY ADDENDUM`).
 * They link to the page of their heading.
 *
 * A row like that is told from the first line of a title wrapped onto the line that brings its page number:
 * the next row's first word would have fitted on it (a wrapped line breaks only when the next word does not
 * fit), or the next row is indented under it (the group's own entries).
 */

const OPEN_END = /^(?:of|for|the|and|to|in|a|an|on|by|with|from|or|at|as|that|under|whether|into|upon|its|their|not)$/i;

/** A title-like row: a few words ending in a colon, or words in capitals. */
function titleLike(pr: ParsedRow): boolean {
  const text = pr.row.text.trim();
  const words = text.split(/\s+/);
  if (words.length > 10) return false;
  if (/^[A-Z][^:]*:$/.test(text)) return words.length <= 6;
  const letters = text.replace(/[^A-Za-z]/g, '');
  return letters.length >= 4 && letters === letters.toUpperCase() && /^[A-Z]/.test(text);
}

/**
 * Whether row k of the page is an entry of its own without a page number. What follows it must show it ends
 * there: the foot of the page, a sibling entry with its page number at its indentation, the labelled entries
 * of its group indented under it, or another such row. (`ORAL ARGUMENT OF` over `ROBERT A. LONG, ESQ.` over
 * `For Court-appointed amicus curiae ..... 3` is one entry in three lines.) `rootX`: where the entries of the
 * list's first level start (undefined before any).
 */
export function unpagedEntry(rows: ParsedRow[], k: number, pageWidth: number, rootX: number | undefined): boolean {
  const pr = rows[k]!;
  if (pr.labels.length > 0 || pr.pageRef !== undefined || pr.desc.length === 0 || pr.heading !== null || pr.header) return false;
  if (!titleLike(pr)) return false;
  // (a title ends in no article or preposition: `STATEMENT OF THE ISSUES PRESENTED FOR` runs on below)
  if (OPEN_END.test(pr.row.words[pr.row.words.length - 1]!.text)) return false;
  const x = pr.row.bbox[0];
  if (rootX !== undefined && x > rootX + 4) return false;
  const next = rows[k + 1];
  if (!next || next.heading !== null) return true;
  const nx = next.row.bbox[0];
  // (a group's entries indented under it: labelled, or, under a row ending in a colon, with their page numbers)
  if (nx > x + 4 && (next.labels.length > 0 || (next.pageRef !== undefined && /:$/.test(pr.row.text.trim())))) return true;
  // (the next row's first word would have fitted on this one: it is no wrapped line of this row's title)
  const first = next.row.words[0];
  const fits = !first || pr.row.bbox[2] + 0.3 * pr.row.size + (first.bbox[2] - first.bbox[0]) < wrapRightOf(rows, pr, pageWidth) - pr.row.size;
  if (!fits) return false;
  if (Math.abs(nx - x) <= 6 && next.pageRef !== undefined) return true;
  return Math.abs(nx - x) <= 6 && unpagedEntry(rows, k + 1, pageWidth, rootX);
}

/**
 * Where the page's wrapped title lines end: the widest other row in the row's column that has no page number
 * and no leader (a column header out at the right, `Page`, is none), or where the leaders end less a page
 * column if that is further; 0 when there is nothing to tell.
 */
export function wrapRightOf(rows: ParsedRow[], except: ParsedRow, pageWidth: number): number {
  let right = 0;
  let leaders = 0;
  for (const r of rows) {
    if (r.row.leader && r.pageRef !== undefined) leaders = Math.max(leaders, r.row.bbox[2]);
    if (r === except || r.pageRef !== undefined || r.row.leader || r.heading !== null || r.header || r.row.bbox[0] > pageWidth / 2) continue;
    // (only lines set where this row's own wrapped lines would be: not a title centred over the page)
    if (r.row.bbox[0] < except.row.bbox[0] - 4 || r.row.bbox[0] > except.row.bbox[0] + 40) continue;
    right = Math.max(right, r.row.bbox[2]);
  }
  // (or where the entries' leaders end, less room for a page column: short titles of their own say nothing of the width)
  return Math.max(right, leaders > 0 ? leaders - 4 * except.row.size : 0);
}
