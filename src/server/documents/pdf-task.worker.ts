// Worker thread for every piece of PDF work the server does (the event loop never parses a PDF):
// 'read' extracts text, OCRs pages without text, keeps the text and the detected index on disk;
// 'link' builds the linked output from what was read before (no reading or OCR again);
// 'regenerate' and 'package' write the reviewed PDF and the court package (review-tasks.ts).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { detectIndex } from '../../engine/index/detect-index.ts';
import { layoutPages } from '../../engine/index/page-layout.ts';
import { validateMaster } from '../../engine/link.ts';
import { openPdf } from '../../engine/pdf/index.ts';
import type { PdfDoc } from '../../engine/pdf/types.ts';
import { printedPageLabels } from '../../engine/resolve/printed-pages.ts';
import { resolveDestinations } from '../../engine/resolve/resolve-destinations.ts';
import { extractAllText } from '../../engine/text/extract-text.ts';
import { readDocument } from '../../engine/text/read-document.ts';
import { EngineError, type PageText } from '../../engine/types.ts';
import { buildReview } from '../../engine/write/review.ts';
import { writeMaster } from '../../engine/write/write-master.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';
import { loadDetection, loadOcrPages, loadPages, saveDetection, savePages } from './page-store.ts';
import type { PdfTask, PdfTaskMessage, ReadOutcome, LinkOutcome } from './pdf-task-types.ts';
import { packageForCourt, regenerate } from './review-tasks.ts';
import { lowerThreadPriority } from './thread-priority.ts';

const task = (workerData as { data: PdfTask }).data;
lowerThreadPriority();
const post = (m: PdfTaskMessage) => parentPort!.postMessage(m);

function readBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

async function read(t: Extract<PdfTask, { op: 'read' }>): Promise<ReadOutcome> {
  const bytes = readBytes(t.sourcePath);
  const doc = openPdf(bytes);
  try {
    post({ type: 'progress', phase: 'text', done: 0, total: doc.pageCount });
    doc.checkLimits(t.limits);
    const result = await readDocument(bytes, doc, {
      ocr: 'auto',
      ...(t.ocrWorkers ? { ocrWorkers: t.ocrWorkers } : {}),
      ...(t.indexPages ? { ocrFirst: t.indexPages } : {}),
      onProgress: (e) => post({ type: 'progress', ...e }),
    });
    await savePages(result.pages, t.pagesPath, t.ocrPagesPath);
    const detection = detectIndex(result.pages, t.indexPages ? { indexPages: t.indexPages } : undefined);
    await saveDetection(t.detectionPath, t.indexPages, detection);
    return {
      pageCount: doc.pageCount,
      needsOcr: result.needsOcr.length,
      ocrFailed: result.ocrFailed,
      detection,
    };
  } finally {
    doc.close();
  }
}

/** A document's pages as stored when it was read; the text layer read again only when the store is incomplete. */
async function storedPages(bytes: Uint8Array, doc: PdfDoc, pagesPath: string, ocrPagesPath: string): Promise<{ pages: PageText[]; fromStore: boolean }> {
  const stored = loadPages(doc.pageCount, pagesPath, ocrPagesPath);
  if (stored) return { pages: stored, fromStore: true };
  const pages = (await extractAllText(bytes, {}, doc)).pages;
  for (const p of loadOcrPages(ocrPagesPath)) if (p.page >= 1 && p.page <= pages.length) pages[p.page - 1] = p;
  return { pages, fromStore: false };
}

async function link(t: Extract<PdfTask, { op: 'link' }>): Promise<LinkOutcome> {
  const bytes = readBytes(t.sourcePath);
  const doc = openPdf(bytes);
  let recordDoc: PdfDoc | null = null;
  try {
    // The page count sets the task's time limit (pdf-task.ts).
    post({ type: 'progress', phase: 'text', done: 0, total: doc.pageCount });
    doc.checkLimits(t.limits);
    // the detection stored with the pages still holds when they came from the store
    const { pages, fromStore } = await storedPages(bytes, doc, t.pagesPath, t.ocrPagesPath);
    let recordPages: PageText[] | null = null;
    if (t.record) {
      const recordBytes = readBytes(t.record.sourcePath);
      recordDoc = openPdf(recordBytes);
      recordDoc.checkLimits(t.limits);
      recordPages = (await storedPages(recordBytes, recordDoc, t.record.pagesPath, t.record.ocrPagesPath)).pages;
    }
    const detection =
      (fromStore ? loadDetection(t.detectionPath, t.indexPages) : null) ??
      detectIndex(pages, t.indexPages ? { indexPages: t.indexPages } : undefined);
    const destinations = detection.items.length
      ? resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: recordPages })
      : [];
    // the number printed on each page, as the CLI's review.json gives it (DESIGN §5): the linked PDF's
    // page labels follow it, and the case's diagnostics show it page by page
    const printedPages = {
      source: printedPageLabels(layoutPages(pages)),
      ...(recordPages ? { record: printedPageLabels(layoutPages(recordPages)) } : {}),
    };
    const review = buildReview({
      briefName: t.briefName,
      briefPages: doc.pageCount,
      ...(t.record && recordDoc ? { recordName: t.record.name, recordPages: recordDoc.pageCount } : {}),
      detection,
      destinations,
      printedPages,
    });
    const pdf = writeMaster(doc, recordDoc, review, { brief: pages, record: recordPages });
    review.validation = validateMaster(pdf, review);
    await writeFileAtomic(t.outputPath, pdf);
    await writeFileAtomic(t.reviewPath, JSON.stringify(review, null, 2));
    return { review, ...(detection.reason ? { reason: detection.reason } : {}) };
  } finally {
    recordDoc?.close();
    doc.close();
  }
}

async function run(): Promise<void> {
  try {
    if (task.op === 'read') post({ type: 'result', result: await read(task) });
    else if (task.op === 'regenerate') post({ type: 'result', result: await regenerate(task) });
    else if (task.op === 'package') post({ type: 'result', result: await packageForCourt(task) });
    else post({ type: 'result', result: await link(task) });
  } catch (err) {
    const e = err as Error;
    post({ type: 'error', code: err instanceof EngineError ? err.code : 'internal', message: e.message ?? String(err) });
  }
}

await run();
