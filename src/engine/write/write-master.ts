import type { PdfDoc } from '../pdf/types.ts';
import type { PageText, ReviewJson } from '../types.ts';
import { outlineLevel, outlineTitle } from './outline-title.ts';
import { addOcrTextLayers } from './text-layer.ts';

/** The text read from each document's pages: pages read by OCR get an invisible text layer. */
export interface ReadText {
  brief?: readonly PageText[] | null;
  record?: readonly PageText[] | null;
}

/**
 * Master.linked.pdf: the brief with the record appended (when given), one internal link per item
 * that has a destination, over its row on the index page, and one bookmark per such item in index
 * order (table-of-contents sections nested as in the index). Existing annotations, links and the
 * text layer are kept, except an internal link over an item's row (left by an earlier run or drawn
 * by hand), which is replaced. Active content (scripts, launch and form actions, links to files,
 * embedded files) is removed from every output and listed in `review.removedActiveContent`. Pages
 * read by OCR (in `text`) get an invisible text layer over the words read, so the output is searchable.
 * `brief` and `review` are changed in place.
 */
export function writeMaster(brief: PdfDoc, record: PdfDoc | null, review: ReviewJson, text: ReadText = {}): Uint8Array {
  prepareMaster(brief, record, review, text);
  return brief.save();
}

/** Everything writeMaster does to `brief` but saving it: save it after (`save()` or `saveToFile()`). */
export function prepareMaster(brief: PdfDoc, record: PdfDoc | null, review: ReviewJson, text: ReadText = {}): void {
  let recordStart = 0;
  if (record) {
    const start = brief.append(record);
    if (review.record && start !== review.record.offset + 1) {
      throw new Error(`record appended at page ${start}, expected ${review.record.offset + 1}`);
    }
    recordStart = start;
  }
  if (text.brief) addOcrTextLayers(brief, text.brief);
  if (text.record && recordStart) addOcrTextLayers(brief, text.record, recordStart - 1);
  const items = new Map(review.index.items.map((it) => [it.ordinal, it]));
  const outline: Array<{ title: string; page: number; level: number }> = [];
  for (const link of review.links) {
    if (link.masterPage === null) continue;
    // a link left over the same row (an earlier run, or drawn by hand) would make two links for one item;
    // such links often cover the space down to the next row rather than the text itself
    brief.deleteLinksAt(link.srcPage, link.bbox);
    brief.deleteLinksAt(link.srcPage, rowBand(link, review.links));
    brief.addLink(link.srcPage, link.bbox, link.masterPage);
    const item = items.get(link.item);
    if (item) outline.push({ title: outlineTitle(item), page: link.masterPage, level: outlineLevel(item) });
  }
  for (const ref of review.references ?? []) {
    if ((ref.kind !== 'record' && !ref.internal) || ref.targetPage === null) continue;
    for (const span of ref.spans) brief.addLink(span.page, span.bbox, ref.targetPage);
  }
  for (const a of review.authorities ?? []) {
    // a Book of Authorities of the case first, else the public address
    if (a.targetPage !== null) for (const span of a.spans) brief.addLink(span.page, span.bbox, a.targetPage);
    else if (a.url !== null) for (const span of a.spans) brief.addUriLink(span.page, span.bbox, a.url);
  }
  brief.setOutline([...outline, ...recordBookmarks(review)]);
  // Page labels follow the printed numbers, so a viewer shows `p. 12` where the paper says 12.
  if (review.source.printedPages) {
    setPrintedLabels(brief, [...review.source.printedPages, ...(review.record ? review.record.printedPages ?? new Array<null>(review.record.pages).fill(null) : [])]);
  }
  const removed = brief.removeActiveContent();
  if (removed.length) review.removedActiveContent = removed;
  else delete review.removedActiveContent;
}

/** One bookmark per record document named for the brief's citations (`AB Vol. 2 – appeal-book-2.pdf`), at its first page. */
export function recordBookmarks(review: Pick<ReviewJson, 'records'>): Array<{ title: string; page: number; level: number }> {
  return (review.records ?? [])
    .filter((r) => r.citeAs)
    .map((r) => ({ title: `${r.citeAs}${r.volume ? ` Vol. ${r.volume}` : ''} – ${r.file}`, page: r.offset + 1, level: 0 }));
}

/**
 * The PDF's page labels from the number printed on each page (null where none), when at least half the
 * pages show one: a document mostly unnumbered keeps its own labels.
 */
export function setPrintedLabels(doc: PdfDoc, printed: Array<string | null>): Array<string | null> | null {
  if (printed.length === 0 || printed.filter((l) => l !== null).length < 0.5 * printed.length) return null;
  doc.setPageLabels(printed);
  return printed;
}

/** An item's row and the space below it down to the next item's row on the same page. */
function rowBand(link: ReviewJson['links'][number], all: ReviewJson['links']): ReviewJson['links'][number]['bbox'] {
  const [x0, y0, x1, y1] = link.bbox;
  let next = Infinity;
  for (const o of all) if (o.srcPage === link.srcPage && o.bbox[1] >= y1 - 1 && o.bbox[1] < next) next = o.bbox[1];
  return [x0, y0, x1, next === Infinity ? y1 : Math.max(y1, next)];
}
