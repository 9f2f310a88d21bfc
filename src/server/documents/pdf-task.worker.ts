// Worker thread for every piece of PDF work the server does (the event loop never parses a PDF):
// 'read' extracts text, OCRs pages without text, keeps the text and the detected index on disk;
// 'link' builds the linked output from what was read before (no reading or OCR again);
// 'regenerate' and 'package' write the reviewed PDF and the court package (review-tasks.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { validateMaster } from '../../engine/link.ts';
import { detectIndex } from '../../engine/index/detect-index.ts';
import { openPdf } from '../../engine/pdf/index.ts';
import type { PdfDoc } from '../../engine/pdf/types.ts';
import { readDocument } from '../../engine/text/read-document.ts';
import { EngineError, type EngineErrorCode } from '../../engine/types.ts';
import { startTsWorker } from '../../engine/util/worker.ts';
import { prepareMaster } from '../../engine/write/write-master.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';
import type { LinkPlan } from './link-plan.worker.ts';
import { saveDetection, savePages } from './page-store.ts';
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
 * The links to write and the pages read by OCR (their invisible text layer), planned on a thread of
 * their own (link-plan.worker.ts): the text of every page is read there, and its memory goes back with
 * that thread, before MuPDF writes the output here.
 */
function planLinks(t: Extract<PdfTask, { op: 'link' }>, pageCount: number): Promise<LinkPlan> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(new URL('./link-plan.worker.ts', import.meta.url), { task: t, pageCount });
    let plan: LinkPlan | null = null;
    worker.on('message', (m: { type: 'plan'; plan: LinkPlan } | { type: 'error'; code: string; message: string }) => {
      if (m.type === 'plan') plan = m.plan;
      else reject(m.code === 'internal' ? new Error(m.message) : new EngineError(m.code as EngineErrorCode, m.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (plan ? resolve(plan) : reject(new Error(`link planning stopped (exit code ${code})`))));
  });
}

async function link(t: Extract<PdfTask, { op: 'link' }>): Promise<LinkOutcome> {
  const source = { path: t.sourcePath };
  const doc = openPdf(source);
  let recordDoc: PdfDoc | null = null;
  try {
    // The page count sets the task's time limit (pdf-task.ts).
    post({ type: 'progress', phase: 'text', done: 0, total: doc.pageCount });
    doc.checkLimits(t.limits);
    const { review, reason, ocrRead, recordOcrRead } = await planLinks(t, doc.pageCount);
    // a paired brief: the record is appended after it, its links point there
    if (t.record) recordDoc = openPdf({ path: t.record.sourcePath });
    prepareMaster(doc, recordDoc, review, { brief: ocrRead, record: recordOcrRead });
    doc.dropCaches();
    // written from MuPDF's buffer into the file, then read back from it: no copy of the output here
    doc.saveToFile(t.outputPath);
    recordDoc?.close();
    recordDoc = null;
    doc.close();
    review.validation = validateMaster({ path: t.outputPath }, review);
    await writeFileAtomic(t.reviewPath, JSON.stringify(review, null, 2));
    return { review, ...(reason ? { reason } : {}) };
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
