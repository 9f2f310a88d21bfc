import { detectIndex } from '../index/detect-index.ts';
import { layoutPages, type PageLayout } from '../page-model/page-layout.ts';
import { withRedactions } from '../page-model/redactions.ts';
import { refNumber } from '../resolve/printed-pages.ts';
import { resolveDestinations } from '../resolve/resolve-destinations.ts';
import { ocrPages } from '../ocr/index.ts';
import type { PdfDoc, PdfSource } from '../pdf/types.ts';
import type { Destination, IndexDetection, PageText } from '../types.ts';
import { readDocument, type ReadProgress, type ReadResult } from './read-document.ts';

export interface ReadForLinksOptions {
  /** 'off': pages without a text layer stay unread (default 'auto'). */
  ocr?: 'auto' | 'off';
  /** Index pages set by hand: read in full and OCR'd first. */
  indexPages?: number[];
  ocrWorkers?: number;
  /** Read dense scanned pages only where destinations are found (ocr/quick-read.ts). */
  quick?: boolean;
  onProgress?: (e: ReadProgress) => void;
  /** What reads pages by OCR (default ocrPages). */
  reader?: typeof ocrPages;
}

/**
 * What link building needs of a document: every page's text (OCR where there is no usable text
 * layer; with `quick`, dense scanned pages read only in their top and footer bands) and its index.
 * The quick reading is completed where the index needs it: index pages set by hand, and pages read in
 * part whose top band is headed like an index or a Table of Authorities (with the page after each), are
 * read in full before anything is detected on them; an index that runs on to a page read in part (its rows dense,
 * under no heading) has that page read in full and is detected again, until its pages and the page
 * after it are whole; with no index found while pages were read in part, everything is read in full and
 * the index detected again, as without the quick reading. Then: a redacted filing's black boxes on its
 * index pages read as `[redacted]`; a scan carrying another program's OCR has its index pages read by
 * ours, kept when better; and the pages where a destination nothing confirms was read in part are read
 * in full (confirmDestinations), the index detected again from what was read.
 */
export async function readForLinks(source: PdfSource, doc: PdfDoc, opts: ReadForLinksOptions = {}): Promise<{ read: ReadResult; detection: IndexDetection }> {
  const read = await readDocument(source, doc, {
    ocr: opts.ocr ?? 'auto',
    ...(opts.ocrWorkers ? { ocrWorkers: opts.ocrWorkers } : {}),
    ...(opts.indexPages ? { ocrFirst: opts.indexPages } : {}),
    ...(opts.quick ? { quick: true } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(opts.reader ? { reader: opts.reader } : {}),
  });
  const readInFull = async (pages: number[], asIndex = false) => {
    // said as it goes: these readings come after the first reading's 100%
    opts.onProgress?.({ phase: 'index', done: 0, total: pages.length });
    const full = await (opts.reader ?? ocrPages)(source, pages, {
      ...(opts.ocrWorkers ? { workers: opts.ocrWorkers } : {}),
      ...(asIndex ? { asIndex } : {}),
      ...(opts.onProgress ? { onProgress: (p) => opts.onProgress!({ phase: 'index', done: p.done, total: p.total, etaMs: p.etaMs, avgMsPerPage: p.avgMsPerPage }) } : {}),
    });
    // a new array: what was learned of the pages before (layoutPages keeps it per array) is read again
    read.pages = [...read.pages];
    for (const p of full.pages) read.pages[p.page - 1] = p;
  };
  const isPartial = (page: number) => read.pages[page - 1]?.partial === true;
  const handSet = (opts.indexPages ?? []).filter(isPartial);
  if (handSet.length) await readInFull(handSet, true);
  // what the index is must not hang on how much of a page was read: a page read in part whose top
  // band is headed like an index or a Table of Authorities, and the page after it, are read in full
  // first (a dense Table of Authorities read in its bands alone looks like rows with page numbers)
  const listPages = listHeaded(read.pages).flatMap((p) => [p, p + 1]).filter((p, i, all) => isPartial(p) && all.indexOf(p) === i && !handSet.includes(p));
  if (listPages.length) await readInFull(listPages, true);
  const detect = () => detectIndex(read.pages, opts.indexPages ? { indexPages: opts.indexPages } : undefined);
  let detection = detect();
  // (and an index page itself read in part: its top band read like the index running on)
  for (;;) {
    const next = Math.max(0, ...detection.pages) + 1;
    const ofIndex = detection.pages.filter(isPartial);
    const todo = detection.pages.length > 0 ? [...ofIndex, ...(isPartial(next) ? [next] : [])] : [];
    if (todo.length === 0) break;
    if (ofIndex.length) await readInFull(ofIndex, true);
    if (todo.length > ofIndex.length) await readInFull([next]);
    if (todo.every(isPartial)) break; // their full reading failed
    detection = detect();
  }
  if (detection.items.length === 0 && read.pages.some((p) => p.partial)) {
    await readInFull(read.pages.filter((p) => p.partial).map((p) => p.page));
    detection = detect();
  }
  // a redacted filing: the black boxes on its index pages read as `[redacted]` where they stand
  const redacted = detection.pages.filter((p) => read.pages[p - 1]?.source === 'text-layer')
    .map((p) => ({ p, boxes: doc.darkBoxes(p) })).filter((r) => r.boxes.length > 0);
  if (redacted.length > 0) {
    read.pages = [...read.pages];
    for (const { p, boxes } of redacted) read.pages[p - 1] = withRedactions(read.pages[p - 1]!, boxes);
    detection = detect();
  }
  // a scan whose text layer another program's OCR made: its index pages (and the page after them, where
  // the index may run on) read again by ours, and that reading kept when it makes an index at least as good
  // (its page numbers run on where the other's were misread; on a tie ours, read with the page's leaders and
  // rules taken out)
  const tried = new Set<number>();
  while (opts.ocr !== 'off' && detection.pages.length > 0) {
    const foreign = (p: number) => read.pages[p - 1]?.scan === true && read.pages[p - 1]?.source === 'text-layer' && !tried.has(p);
    const scans = [...detection.pages, Math.max(...detection.pages) + 1].filter(foreign);
    if (scans.length === 0) break;
    scans.forEach((p) => tried.add(p));
    const ours = await (opts.reader ?? ocrPages)(source, scans, { ...(opts.ocrWorkers ? { workers: opts.ocrWorkers } : {}), asIndex: true });
    if (ours.pages.length === 0) break;
    const pages = [...read.pages];
    for (const p of ours.pages) pages[p.page - 1] = { ...p, scan: true };
    const other = detectIndex(pages, opts.indexPages ? { indexPages: opts.indexPages } : undefined);
    if (indexQuality(other) < indexQuality(detection)) break;
    read.pages = pages;
    detection = other;
  }
  if (detection.items.length > 0 && read.pages.some((p) => p.partial)) {
    const before = read.pages;
    await confirmDestinations(read, detection, readInFull);
    // pages read in full show more of what every page carries (a scan's line numbers down the margin)
    if (read.pages !== before) detection = detect();
  }
  return { read, detection };
}

/** A heading of a list of a document's parts or of its authorities: `TABLE OF CONTENTS`, `INDEX`, `TABLE OF AUTHORITIES`. */
const LIST_HEADING = /^\s*(?:(?:table|index)\s+of\s+(?:contents|authorities|cases|exhibits|tabs)|index(?:\s+to\s+\w+)?|contents|authorities(?:\s+cited)?|(?:table\s+of\s+)?exhibits)\s*(?:\(?cont(?:inue)?'?d\.?\)?)?\s*:?\s*$/i;
/** Lines from the top of a page among which such a heading stands (under a court file number and a title of proceeding). */
const HEADING_LINES = 8;

/** Pages read in part whose top band carries a list's heading. */
function listHeaded(pages: readonly PageText[]): number[] {
  return pages.filter((p) => p.partial && p.lines.slice(0, HEADING_LINES).some((l) => LIST_HEADING.test(l.text))).map((p) => p.page);
}

/**
 * How good an index reads: its entries whose page number is read and runs on from the one before (a
 * contents list's numbers mostly go up; misread ones, `7` for 72, `2%` for 22, break the run).
 */
function indexQuality(d: IndexDetection): number {
  let n = 0;
  let last = 0;
  for (const it of d.items) {
    const ref = refNumber(it.pageRef);
    if (ref === null) continue;
    if (ref >= last) n++;
    last = ref;
  }
  return n;
}

/** Two page numbers of as many digits that differ in one of them (`201`, `291`): one misread for the other. */
function oneDigitApart(a: number, b: number): boolean {
  const [x, y] = [String(a), String(b)];
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) diff++;
  return diff === 1;
}

/** Pages either side of an unconfirmed destination read in full when the page itself shows no heading. */
const AROUND = 3;
/** The most pages read in full between the neighbours of an entry for which no page was found. */
const MAX_GAP = 12;

/**
 * Destinations that nothing on their page confirms (no divider, marker or cover page, no heading: only a
 * printed page number) are checked where the quick reading left the page in part: a contents entry's
 * heading can stand anywhere on its page, and the printed numbers of a contents list can be stale (an
 * England and Wales judgment's, from an earlier draft). First the pages chosen are read in full; then,
 * for entries still unconfirmed, the pages around them, where the heading may stand instead.
 */
async function confirmDestinations(read: ReadResult, detection: IndexDetection, readInFull: (pages: number[]) => Promise<void>): Promise<void> {
  for (const around of [0, AROUND]) {
    const dests = resolveDestinations({ items: detection.items, indexPages: detection.pages, source: read.pages, record: null });
    const todo = new Set<number>();
    const add = (from: number, to: number) => {
      for (let p = from; p <= to; p++) if (read.pages[p - 1]?.partial) todo.add(p);
    };
    let laid: PageLayout[] | null = null;
    const layouts = () => (laid ??= layoutPages(read.pages));
    const placed = (o: Destination) => o.targetPage !== null && o.target === 'source' && !o.outOfOrder;
    dests.forEach((d, i) => {
      if (d.targetPage === null || d.outOfOrder) {
        // no page found in order (its number unread or not printed, or misread: `201` for 291, the one page
        // printed so out of order): its heading stands between its neighbours' pages
        // (before the first entry found, after the index; after the last one, the end of the document)
        const before = dests.slice(0, i).reverse().find(placed)?.targetPage ?? Math.max(0, ...detection.pages) + 1;
        const after = dests.slice(i + 1).find(placed)?.targetPage ?? read.pages.length;
        if (around === 0 && after >= before && after - before <= MAX_GAP) add(before, after);
        // (a wider gap: the pages there printed with a number one digit away from the entry's, `291` for `201`)
        const ref = refNumber(detection.items[i]?.pageRef);
        if (around === 0 && d.outOfOrder && ref !== null) {
          for (let p = before + 1; p < after; p++) if (layouts()[p - 1]?.printed.some((n) => oneDigitApart(n, ref))) add(p, p);
        }
        if (d.targetPage === null) return;
      }
      if (d.target !== 'source') return;
      if (d.evidence?.some((k) => k === 'divider' || k === 'marker' || k === 'cover' || k === 'heading')) return;
      add(d.targetPage - around, d.targetPage + around);
    });
    if (todo.size === 0) return;
    await readInFull([...todo].sort((a, b) => a - b));
  }
}
