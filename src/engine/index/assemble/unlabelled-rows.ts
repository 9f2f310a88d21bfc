import type { ParsedRow } from '../parse-row.ts';
import { unpagedEntry } from '../unpaged-entries.ts';
import { type AssemblyState, type RowPlace, countAccepted, nextLine, readByOcr } from './state.ts';
import { lostLabel } from './lost-labels.ts';
import { openLabelled, openUnlabelled, openUnpaged } from './open-entries.ts';

/**
 * Unlabelled rows under an index heading that continue no entry: an entry with its page number (`ARGUMENT
 * ..... 5`, or one whose label OCR lost), an entry that prints none (`CERTIFICATE OF SERVICE`), a line that
 * introduces the list, or the first line of an entry whose page number is on the next line.
 */

/** Where the entries of the list's first level start, once there are any. */
function rootX(s: AssemblyState): number | undefined {
  return s.out.items.length > 0 ? Math.min(...s.out.items.map((d) => d.labelX)) : undefined;
}

/** An unlabelled row that brings a page number: an entry (the next of its level when OCR lost its label). */
export function pagedUnlabelledRow(s: AssemblyState, pr: ParsedRow, page: number): boolean {
  if (!(s.headed && pr.pageRef !== undefined && pr.desc.length > 0)) return false;
  const lost = readByOcr(pr) ? lostLabel(s, pr) : null;
  if (lost) {
    const desc = lost.misread ? pr.desc.slice(1) : pr.desc;
    openLabelled(s, { ...pr, labels: [lost.reading], labelX: lost.labelX, desc, descX: desc[0]!.bbox[0] }, lost);
    if (!lost.misread) s.current!.inferred = true;
    countAccepted(s, page);
    return true;
  }
  openUnlabelled(s, pr);
  return true;
}

/** An unlabelled row with no page number: an unpaged entry, a line introducing the list, or a title's first line. */
export function unpagedRow(s: AssemblyState, pr: ParsedRow, at: RowPlace): boolean {
  if (!(s.headed && pr.pageRef === undefined)) return false;
  // `Argument:` over its entries, `CERTIFICATE OF SERVICE` after CONCLUSION: an entry with no page number.
  if (s.out.toc && unpagedEntry(at.rows, at.k, s.pageWidth, rootX(s))) {
    openUnpaged(s, pr);
    return true;
  }
  // A label OCR misread as a mark in the label column (`(The majority …` for `C. The majority …`), the page
  // number on a wrapped line below: the next label of the level, the entry waiting for its page number.
  const lost = readByOcr(pr) ? lostLabel(s, pr) : null;
  if (lost?.misread) {
    const desc = pr.desc.slice(1);
    openLabelled(s, { ...pr, labels: [lost.reading], labelX: lost.labelX, desc, descX: desc[0]!.bbox[0] }, lost);
    countAccepted(s, at.page);
    return true;
  }
  // A line ending in a colon introduces the list (`This Judgment is organised as follows:`).
  if (/:\s*$/.test(pr.row.text)) {
    s.pending = [];
    return true;
  }
  // Perhaps the first line of an unlabelled entry whose page number is on the next line.
  // (read by OCR, whose boxes are as tall as the ink, a row on the page's next line follows on however wide the gap)
  const last = s.pending[s.pending.length - 1];
  const onNextLine = last !== undefined && readByOcr(pr) && nextLine(s, last.row.bbox[1], pr.row.bbox[1], [last.row.bbox[3], pr.row.bbox[3]]);
  if (last && last.row.page === at.page && !onNextLine && pr.row.bbox[1] - last.row.bbox[3] > Math.max(last.row.size, pr.row.size)) s.pending = [];
  s.pending.push(pr);
  return true;
}
