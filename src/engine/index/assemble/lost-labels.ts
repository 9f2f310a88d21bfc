import type { Label } from '../labels.ts';
import type { ParsedRow } from '../parse-row.ts';
import { type AssemblyState, nextLabel } from './state.ts';
import { dateColumnOf } from './wrapped-titles.ts';

/** Labels OCR lost: a row whose label column is empty where its level's next label should stand. */

/**
 * A label OCR lost (`LEGAL STANDARD ..... 3` between `III.` and the `A.` under the next heading, its text
 * where the text of that level's rows starts, its label column empty): the next label of that level.
 */
export function lostLabel(s: AssemblyState, pr: ParsedRow): { depth: number; reading: Label; labelX: number; misread: boolean } | null {
  // or misread as a mark or two in the label column (`vy.` for `V.`): the text starts after it
  const misread = pr.desc.length >= 2 && /^[^\s]{1,3}$/.test(pr.desc[0]!.text) && !/^\d+$/.test(pr.desc[0]!.text) && pr.desc[1]!.breakBefore === true;
  const x = misread ? pr.desc[1]!.bbox[0] : pr.row.bbox[0];
  for (let d = s.stack.length - 1; d >= 0; d--) {
    const level = s.stack[d]!;
    if (level.descX === undefined || Math.abs(x - level.descX) > 6 || level.x > x - 10) continue;
    if (misread && Math.abs(pr.desc[0]!.bbox[0] - level.x) > 6) return null;
    const next = nextLabel(level.slot.readings[0]!);
    return next ? { depth: d, reading: next, labelX: level.x, misread } : null;
  }
  return null;
}

/**
 * The label OCR lost on a row of a table with a date column (`Tab No. | Date | Nature of Document`):
 * the row starts with a date cell in that column and has a description after it, and the table's
 * labels stand left of the column: the next label of that level.
 */
export function datedRowLostLabel(s: AssemblyState, pr: ParsedRow): { depth: number; reading: Label; labelX: number; misread: false } | null {
  if (!pr.dateCol || pr.desc.length === 0 || Math.abs(pr.row.bbox[0] - pr.dateCol[0]) > 1) return null;
  const c = s.current;
  const col = dateColumnOf(s, c);
  if (!col || pr.dateCol[0] < col[0] || pr.dateCol[0] >= col[1]) return null;
  const d = s.stack.length - 1;
  const level = s.stack[d];
  if (!level || level.x > col[0] - 10 || (c !== null && c.dateWords.length === 0 && c.date === undefined)) return null;
  const next = nextLabel(level.slot.readings[0]!);
  return next ? { depth: d, reading: next, labelX: level.x, misread: false } : null;
}
