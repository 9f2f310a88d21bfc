import type { ParsedRow } from '../parse-row.ts';
import { type AssemblyState, type RowPlace, countAccepted, readByOcr } from './state.ts';
import { isBlockBreak } from './heading-rows.ts';
import { datedRowLostLabel } from './lost-labels.ts';
import { openLabelled } from './open-entries.ts';
import { placeLabel } from './place-label.ts';
import { canContinue } from './wrapped-titles.ts';

/** Rows that open a labelled entry: their label continues the list, or OCR lost it where the list says what it was. */

/** A row whose label (`3.`, `Tab 7`, `B.`) continues the list opens an entry at its level. */
export function labelledRow(s: AssemblyState, pr: ParsedRow, at: RowPlace): boolean {
  if (pr.labels.length === 0 || pr.bare) return false;
  s.out.labelled.set(at.page, (s.out.labelled.get(at.page) ?? 0) + 1);
  const placed = placeLabel(s, pr, canContinue(s, pr, at.crossPage, at.prevBottomFrac), at.k > 0 && isBlockBreak(at.rows[at.k - 1]!));
  if (!placed) return false;
  openLabelled(s, pr, placed);
  countAccepted(s, at.page);
  return true;
}

/**
 * A row of a dated table that starts in the date column, its label cell empty: OCR lost its label (a lone `9`
 * beside a speck). A wrapped title line never carries a date of its own.
 */
export function datedRowWithLostLabel(s: AssemblyState, pr: ParsedRow, page: number): boolean {
  if (pr.labels.length > 0 || !readByOcr(pr)) return false;
  const lost = datedRowLostLabel(s, pr);
  if (!lost) return false;
  openLabelled(s, { ...pr, labels: [lost.reading], labelX: lost.labelX }, lost);
  countAccepted(s, page);
  return true;
}
