// Thread of a 'link' task (pdf-task.worker.ts) that plans the links: the text read before (or read
// again when it is missing), the index detected in it, the destinations resolved; it posts the review
// and the pages read by OCR, and ends, giving back the memory the text of every page took.
import { parentPort, workerData } from 'node:worker_threads';
import { detectIndex } from '../../engine/index/detect-index.ts';
import { openPdf } from '../../engine/pdf/index.ts';
import { resolveDestinations } from '../../engine/resolve/resolve-destinations.ts';
import { extractAllText } from '../../engine/text/extract-text.ts';
import { EngineError, type PageText, type ReviewJson } from '../../engine/types.ts';
import { buildReview } from '../../engine/write/review.ts';
import { loadDetection, loadOcrPages, loadPages } from './page-store.ts';
import type { PdfTask } from './pdf-task-types.ts';

export interface LinkPlan {
  review: ReviewJson;
  reason?: string;
  /** The pages read by OCR: the only text the output needs (their invisible text layer). */
  ocrRead: PageText[];
}

const { task: t, pageCount } = (workerData as { data: { task: Extract<PdfTask, { op: 'link' }>; pageCount: number } }).data;

async function plan(): Promise<LinkPlan> {
  let pages = loadPages(pageCount, t.pagesPath, t.ocrPagesPath);
  const fromStore = pages !== null; // the detection stored with these pages still holds
  if (!pages) {
    const source = { path: t.sourcePath };
    const doc = openPdf(source);
    try {
      pages = (await extractAllText(source, {}, doc)).pages;
    } finally {
      doc.close();
    }
    for (const p of loadOcrPages(t.ocrPagesPath)) if (p.page >= 1 && p.page <= pages.length) pages[p.page - 1] = p;
  }
  const detection =
    (fromStore ? loadDetection(t.detectionPath, t.indexPages) : null) ??
    detectIndex(pages, t.indexPages ? { indexPages: t.indexPages } : undefined);
  const destinations = detection.items.length
    ? resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: null })
    : [];
  const review = buildReview({ briefName: t.briefName, briefPages: pageCount, detection, destinations });
  return { review, ...(detection.reason ? { reason: detection.reason } : {}), ocrRead: pages.filter((p) => p.source === 'ocr') };
}

try {
  parentPort!.postMessage({ type: 'plan', plan: await plan() });
} catch (err) {
  parentPort!.postMessage({ type: 'error', code: err instanceof EngineError ? err.code : 'internal', message: (err as Error).message ?? String(err) });
}
