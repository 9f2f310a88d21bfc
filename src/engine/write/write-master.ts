import type { PdfDoc } from '../pdf/types.ts';
import type { ReviewJson } from '../types.ts';
import { outlineLevel, outlineTitle } from './outline-title.ts';

/**
 * Master.linked.pdf: the brief with the record appended (when given), one internal link per item
 * that has a destination, over its row on the index page, and one bookmark per such item in index
 * order (table-of-contents sections nested as in the index). Existing annotations, links and the
 * text layer are kept, except an internal link over an item's row (left by an earlier run or drawn
 * by hand), which is replaced. Active content (scripts, launch and form actions, links to files,
 * embedded files) is removed from every output and listed in `review.removedActiveContent`. `brief`
 * and `review` are changed in place.
 */
export function writeMaster(brief: PdfDoc, record: PdfDoc | null, review: ReviewJson): Uint8Array {
  if (record) {
    const start = brief.append(record);
    if (review.record && start !== review.record.offset + 1) {
      throw new Error(`record appended at page ${start}, expected ${review.record.offset + 1}`);
    }
  }
  const items = new Map(review.index.items.map((it) => [it.ordinal, it]));
  const outline: Array<{ title: string; page: number; level: number }> = [];
  for (const link of review.links) {
    if (link.masterPage === null) continue;
    // a link left over the same row (an earlier run, or drawn by hand) would make two links for one item
    brief.deleteLinksAt(link.srcPage, link.bbox);
    brief.addLink(link.srcPage, link.bbox, link.masterPage);
    const item = items.get(link.item);
    if (item) outline.push({ title: outlineTitle(item), page: link.masterPage, level: outlineLevel(item) });
  }
  brief.setOutline(outline);
  const removed = brief.removeActiveContent();
  if (removed.length) review.removedActiveContent = removed;
  else delete review.removedActiveContent;
  return brief.save();
}
