// Worker thread for every piece of PDF work the server does (the event loop never parses a PDF):
// 'read' extracts text, OCRs pages without text, keeps the text and the detected index on disk;
// 'link' builds the linked output from what was read before (no reading or OCR again);
// 'regenerate' and 'package' write the reviewed PDF and the court package (review-tasks.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { detectIndex } from '../../engine/index/detect-index.ts';
import { validateMaster } from '../../engine/link.ts';
import { openPdf, type PdfDoc, type PdfSource } from '../../engine/pdf/index.ts';
import { resolveDestinations } from '../../engine/resolve/resolve-destinations.ts';
import { extractAllText } from '../../engine/text/extract-text.ts';
import { readDocument } from '../../engine/text/read-document.ts';
import { EngineError } from '../../engine/types.ts';
import { buildReview } from '../../engine/write/review.ts';
import { prepareMaster } from '../../engine/write/write-master.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';
import { loadDetection, loadOcrPages, loadPages, saveDetection, savePages } from './page-store.ts';
import type { PdfTask, PdfTaskMessage, ReadOutcome, LinkOutcome } from './pdf-task-types.ts';
import { packageForCourt, regenerate } from './review-tasks.ts';
import { lowerThreadPriority } from './thread-priority.ts';

const task = (workerData as { data: PdfTask }).data;
lowerThreadPriority();
const post = (m: PdfTaskMessage) => parentPort!.postMessage(m);

// The uploaded file is opened from disk, never read whole: MuPDF reads the parts it needs, and
// the text and OCR threads open the file themselves (a 500 MB upload is not held in memory).
async function read(t: Extract<PdfTask, { op: 'read' }>): Promise<ReadOutcome> {
  const source = { path: t.sourcePath };
  const doc = openPdf(source);
  try {
    post({ type: 'progress', phase: 'text', done: 0, total: doc.pageCount });
    doc.checkLimits(t.limits);
    const result = await readDocument(source, doc, {
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

/**
 * The links to write, from the text read before (or read again when it is missing), and the pages
 * read by OCR (the only ones the output needs from here: their invisible text layer). The text of
 * every page is let go with this function's scope, before the output is written.
 */
async function planLinks(t: Extract<PdfTask, { op: 'link' }>, doc: PdfDoc, source: PdfSource) {
  let pages = loadPages(doc.pageCount, t.pagesPath, t.ocrPagesPath);
  const fromStore = pages !== null; // the detection stored with these pages still holds
  if (!pages) {
    pages = (await extractAllText(source, {}, doc)).pages;
    for (const p of loadOcrPages(t.ocrPagesPath)) if (p.page >= 1 && p.page <= pages.length) pages[p.page - 1] = p;
  }
  const detection =
    (fromStore ? loadDetection(t.detectionPath, t.indexPages) : null) ??
    detectIndex(pages, t.indexPages ? { indexPages: t.indexPages } : undefined);
  const destinations = detection.items.length
    ? resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: null })
    : [];
  const review = buildReview({ briefName: t.briefName, briefPages: doc.pageCount, detection, destinations });
  return { review, reason: detection.reason, ocrRead: pages.filter((p) => p.source === 'ocr') };
}

/**
 * A full garbage collection of this thread's heap. MuPDF writes a big file in its own memory, which
 * the heap limit does not see; what the heap no longer uses is given back first.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function link(t: Extract<PdfTask, { op: 'link' }>): Promise<LinkOutcome> {
  const source = { path: t.sourcePath };
  const doc = openPdf(source);
  try {
    // The page count sets the task's time limit (pdf-task.ts).
    post({ type: 'progress', phase: 'text', done: 0, total: doc.pageCount });
    doc.checkLimits(t.limits);
    const { review, reason, ocrRead } = await planLinks(t, doc, source);
    prepareMaster(doc, null, review, { brief: ocrRead });
    doc.dropCaches();
    collectGarbage();
    // written from MuPDF's buffer into the file, then read back from it: no copy of the output here
    doc.saveToFile(t.outputPath);
    doc.close();
    review.validation = validateMaster({ path: t.outputPath }, review);
    await writeFileAtomic(t.reviewPath, JSON.stringify(review, null, 2));
    return { review, ...(reason ? { reason } : {}) };
  } finally {
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
