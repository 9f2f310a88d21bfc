import type { ParsedRow } from '../parse-row.ts';
import { REDACTED } from '../../page-model/redactions.ts';
import { type AssemblyState, type RowPlace, readByOcr } from './state.ts';
import { openUnlabelled } from './open-entries.ts';
import { canContinue, extend } from './wrapped-titles.ts';

/**
 * Rows of a redacted filing's index, their titles under black boxes (read as `[redacted]` where the page's
 * drawing was read: page-model/redactions.ts).
 */

/**
 * A row that is only a leader and a page number: the title before it is blacked out. It finishes the entry
 * above when that entry still waits for its number; else it is an entry of its own whose heading cannot be
 * read. (Read by OCR, only where a black box was seen: a speck before a line number is no redacted heading.)
 */
export function redactedEntryRow(s: AssemblyState, pr: ParsedRow, at: RowPlace): boolean {
  if (!(s.headed && pr.labels.length === 0 && pr.row.leader && pr.pageRef !== undefined && pr.desc.every((t) => t.text === REDACTED) &&
      (pr.desc.length > 0 || !readByOcr(pr)))) return false;
  const c = s.current;
  if (c && c.pageRef === undefined && canContinue(s, pr, at.crossPage, at.prevBottomFrac, true)) {
    if (pr.desc.length === 0 && pr.row.bbox[0] > c.descX + 40) c.words.push(REDACTED);
    extend(s, pr);
  } else {
    openUnlabelled(s, { ...pr, desc: [{ text: '[redacted heading]', bbox: pr.row.bbox, confidence: 100, breakBefore: false }] });
    s.redactedRun++;
  }
  return true;
}

/**
 * A line that is all black boxes under an entry that has its page number: the first line of the next entry,
 * blacked out whole (its page number is on the line below).
 */
export function blackedOutFirstLine(s: AssemblyState, pr: ParsedRow): boolean {
  if (!(s.headed && pr.labels.length === 0 && pr.pageRef === undefined && pr.desc.length > 0 && pr.desc.every((t) => t.text === REDACTED) &&
      s.current?.pageRef !== undefined)) return false;
  s.pending.push(pr);
  return true;
}
