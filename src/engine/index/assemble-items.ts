import { groupHeadings } from './group-headings.ts';
import type { ParsedRow } from './parse-row.ts';
import { withoutVolume } from './volume-column.ts';
import { type Assembly, type AssemblyState, type RowPlace, linePitch, newAssemblyState } from './assemble/state.ts';
import { groupHeadingRow, indexHeadingRow, listNamedAsEntry, sourceNoteRow, tableHeaderRow } from './assemble/heading-rows.ts';
import { citationAsText, labelEndingATitle, numberInWrappedLine, numberOpeningATitle, pageNumberInColumn } from './assemble/reread-rows.ts';
import { datedRowWithLostLabel, labelledRow } from './assemble/labelled-rows.ts';
import { blackedOutFirstLine, redactedEntryRow } from './assemble/redacted-rows.ts';
import { wrappedLineRow } from './assemble/wrapped-titles.ts';
import { pagedUnlabelledRow, unpagedRow } from './assemble/unlabelled-rows.ts';

/**
 * Turns the parsed rows of the index pages into items, in order. A row opens an item when its label
 * continues the list (1→2, A→B, 5→5A, or a first sub-label under an entry: I → A → 1); a row without
 * a label, or whose label does not continue the list, right under an item is a wrapped continuation.
 * Each row goes through the steps of `addPage` in turn, the first that takes it ending its reading; the
 * steps live in `assemble/`, one kind of row each.
 */
export class ItemAssembler {
  private s: AssemblyState;

  /** explicit: the pages were given as the index, so unlabelled entries count without a heading. */
  constructor(opts: { explicit?: boolean } = {}) {
    this.s = newAssemblyState(opts.explicit ?? false);
  }

  get out(): Assembly {
    return this.s.out;
  }

  /** Snapshot for trying a page and reverting when it does not continue the index. */
  snapshot(): () => void {
    const s = this.s;
    const stack = s.stack.map((l) => ({ ...l }));
    const readings = s.stack.map((l) => l.slot.readings);
    const items = s.out.items.length;
    const current = s.current;
    const cur = current ? { words: current.words.length, bbox: current.bbox, bottom: current.bottom, lastTop: current.lastTop, pageRef: current.pageRef } : null;
    const { headerType, headingType, toc, hierarchical } = s.out;
    const stopped = s.stopped;
    const headed = s.headed;
    const redactedRun = s.redactedRun;
    return () => {
      s.redactedRun = redactedRun;
      s.stack = stack;
      stack.forEach((l, i) => (l.slot.readings = readings[i]!));
      s.out.items.length = items;
      s.current = current;
      if (current && cur) Object.assign(current, { bbox: cur.bbox, bottom: cur.bottom, lastTop: cur.lastTop, pageRef: cur.pageRef }, { words: current.words.slice(0, cur.words) });
      Object.assign(s.out, { headerType, headingType, toc, hierarchical });
      s.stopped = stopped;
      s.headed = headed;
      s.pending = [];
    };
  }

  addPage(page: number, rows: ParsedRow[], pageHeight: number, pageWidth = 612): void {
    const s = this.s;
    s.pitch = linePitch(rows);
    s.pageWidth = pageWidth || 612;
    const at: RowPlace = { page, rows, k: 0, first: true, crossPage: false, prevBottomFrac: s.current ? s.current.bottom / (pageHeight || 792) : 0 };
    const groups = groupHeadings(rows);
    // Rows above the heading that opens the index (a caption on the same page) are not items.
    const opening = s.out.items.length === 0 ? rows.findIndex((r) => r.heading !== null && r.heading !== 'stop') : -1;
    for (const [k, row] of rows.entries()) {
      if (s.stopped) return;
      if (k < opening) continue;
      at.k = k;
      let pr = listNamedAsEntry(s, withoutVolume(row, s.volumeEnd));
      if (groupHeadingRow(s, pr, groups) || indexHeadingRow(s, pr, at) || tableHeaderRow(s, pr, at) || sourceNoteRow(s, pr)) continue;
      pr = pageNumberInColumn(s, citationAsText(pr), page);
      at.crossPage = at.first && s.current !== null && s.current.page !== page;
      at.first = false;
      pr = numberOpeningATitle(s, labelEndingATitle(s, pr, at));
      if (labelledRow(s, pr, at) || redactedEntryRow(s, pr, at) || blackedOutFirstLine(s, pr) || datedRowWithLostLabel(s, pr, page)) continue;
      pr = numberInWrappedLine(s, pr, page);
      if (wrappedLineRow(s, pr, at)) continue;
      // a label that continues no level, on a row that continues no entry: nothing
      if (pr.labels.length > 0) continue;
      if (pagedUnlabelledRow(s, pr, page) || unpagedRow(s, pr, at)) continue;
      s.current = s.current && s.current.page === page ? s.current : null;
    }
  }
}
