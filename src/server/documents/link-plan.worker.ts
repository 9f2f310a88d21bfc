// Thread of a 'link' task (pdf-task.worker.ts) that plans the links: the text read before (or read
// again when it is missing), the index detected in it, the destinations resolved; it posts the review
// and the pages read by OCR, and ends, giving back the memory the text of every page took.
import { parentPort, workerData } from 'node:worker_threads';
import { detectIndex } from '../../engine/index/detect-index.ts';
import { layoutPages } from '../../engine/page-model/page-layout.ts';
import { openPdf } from '../../engine/pdf/index.ts';
import { printedPageLabels } from '../../engine/page-model/printed-labels.ts';
import { resolveDestinations } from '../../engine/resolve/resolve-destinations.ts';
import { extractAllText } from '../../engine/text/extract-text.ts';
import { EngineError, type PageText, type ReviewJson } from '../../engine/types.ts';
import { buildReview } from '../../engine/write/review.ts';
import { addReferences, bookOfAuthorities, briefBodyEnd, type RecordPart } from '../../engine/pipeline.ts';
import { briefAuthorities } from '../../engine/authorities/review-authorities.ts';
import { toaAuthorities } from '../../engine/authorities/toa-rows.ts';
import { recordIdentity } from '../../engine/refs/record-cover.ts';
import { type FullReadings, loadDetection, loadOcrPages, loadPages } from './page-store.ts';
import type { PdfTask } from './pdf-task-types.ts';

export interface LinkPlan {
  review: ReviewJson;
  reason?: string;
  /** The pages read by OCR: the only text the output needs (their invisible text layer). */
  ocrRead: PageText[];
  /** The same for the trial record a paired brief's links point into. */
  recordOcrRead: PageText[] | null;
}

const { task: t, pageCount } = (workerData as { data: { task: Extract<PdfTask, { op: 'link' }>; pageCount: number } }).data;

/** A document's pages as stored when it was read; the text layer read again only when the store is incomplete. */
async function storedPages(
  sourcePath: string,
  pagesPath: string,
  ocrPagesPath: string,
  limits?: Extract<PdfTask, { op: 'link' }>['limits'],
  full?: FullReadings,
): Promise<{ pages: PageText[]; fromStore: boolean; count: number }> {
  const source = { path: sourcePath };
  const doc = openPdf(source);
  try {
    if (limits) doc.checkLimits(limits);
    const stored = loadPages(doc.pageCount, pagesPath, ocrPagesPath, full);
    if (stored) return { pages: stored, fromStore: true, count: doc.pageCount };
    const pages = (await extractAllText(source, {}, doc)).pages;
    for (const p of loadOcrPages(ocrPagesPath, full)) if (p.page >= 1 && p.page <= pages.length) pages[p.page - 1] = p;
    return { pages, fromStore: false, count: doc.pageCount };
  } finally {
    doc.close();
  }
}

async function plan(): Promise<LinkPlan> {
  let pages = loadPages(pageCount, t.pagesPath, t.ocrPagesPath, t.full);
  const fromStore = pages !== null; // the detection stored with these pages still holds
  if (!pages) pages = (await storedPages(t.sourcePath, t.pagesPath, t.ocrPagesPath, undefined, t.full)).pages;
  // a paired brief: its links point into its record documents, appended after it in the output in
  // order; read as one record, each document's pages numbered on from the one before
  const parts: RecordPart[] = [];
  const recordPages: PageText[] = [];
  let recordCount = 0;
  for (const r of t.records ?? []) {
    const read = await storedPages(r.sourcePath, r.pagesPath, r.ocrPagesPath, t.limits, r.full);
    const offset = recordCount;
    for (const p of read.pages) recordPages.push(offset ? { ...p, page: p.page + offset } : p);
    recordCount += read.count;
    // how the brief cites it: as set on the record, else as its cover reads (record-cover.ts)
    const cover = r.citeAs ? null : recordIdentity(read.pages.slice(0, 2));
    const volume = r.volume ?? (cover?.volume ? Number(cover.volume) : null);
    parts.push({ name: r.name, citeAs: r.citeAs ?? cover?.citeAs ?? '', ...(volume ? { volume: String(volume) } : {}), pages: read.count });
  }
  const record = parts.length ? { pages: recordPages, count: recordCount } : null;
  const detection =
    (fromStore ? loadDetection(t.detectionPath, t.indexPages) : null) ??
    detectIndex(pages, t.indexPages ? { indexPages: t.indexPages } : undefined);
  const destinations = detection.items.length
    ? resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: record?.pages ?? null })
    : [];
  // the number printed on each page, as the CLI's review.json gives it (DESIGN §5): the linked PDF's
  // page labels follow it, and the case's diagnostics show it page by page
  const printedPages = {
    source: printedPageLabels(layoutPages(pages)),
    ...(record ? { record: printedPageLabels(layoutPages(record.pages)) } : {}),
  };
  const review = buildReview({
    briefName: t.briefName,
    briefPages: pageCount,
    ...(record ? { recordName: parts.map((p) => p.name).join(' + '), recordPages: record.count } : {}),
    detection,
    destinations,
    printedPages,
  });
  // the references of the brief's body to its records (DESIGN §8), and the records listed in order
  if (parts.length) addReferences(review, pages, record?.pages ?? null, detection.pages, parts, false);
  // the authorities it cites, when its case asks (DESIGN §8): a Book of Authorities among its records first
  if (t.authorities) {
    review.authorities = briefAuthorities(pages, detection.pages, parts.map((p) => p.citeAs).filter(Boolean), t.authorities.links,
      bookOfAuthorities(parts, record?.pages ?? null, pages.length), briefBodyEnd(review.links, pages, detection.pages));
    // the rows of its Table of Authorities, to the first page citing each or to the authority, as the case says
    review.authorities.push(...toaAuthorities(pages, detection.pages, review.authorities, t.authorities.toaTarget));
  }
  return {
    review,
    ...(detection.reason ? { reason: detection.reason } : {}),
    ocrRead: pages.filter((p) => p.source === 'ocr'),
    recordOcrRead: record ? record.pages.filter((p) => p.source === 'ocr') : null,
  };
}

try {
  parentPort!.postMessage({ type: 'plan', plan: await plan() });
} catch (err) {
  parentPort!.postMessage({ type: 'error', code: err instanceof EngineError ? err.code : 'internal', message: (err as Error).message ?? String(err) });
}
