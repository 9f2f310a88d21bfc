// Worker thread for every piece of PDF work the server does (the event loop never parses a PDF):
// 'read' extracts text, OCRs pages without text, keeps the text and the detected index on disk;
// with `quick`, dense scanned pages are read only where destinations are found (ocr/quick-read.ts);
// 'text-layer' then reads the rest of those pages (their middle bands: ocr/middle-band.ts), saving
// as it goes, and 'relayer' writes the linked output again from review.json (the same links) with
// the full text layer;
// 'link' builds the linked output from what was read before (no reading or OCR again);
// 'regenerate' and 'package' write the reviewed PDF and the court package (review-tasks.ts).
import { readFileSync, statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { validateMaster } from '../../engine/link.ts';
import { openPdf } from '../../engine/pdf/index.ts';
import { ocrPages } from '../../engine/ocr/index.ts';
import type { PdfDoc } from '../../engine/pdf/types.ts';
import { readForLinks } from '../../engine/text/read-for-links.ts';
import { EngineError, type EngineErrorCode, type PageText, type ReviewJson } from '../../engine/types.ts';
import { startTsWorker } from '../../engine/util/worker.ts';
import { prepareMaster } from '../../engine/write/write-master.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';
import type { LinkPlan } from './link-plan.worker.ts';
import { loadFullReadings, loadOcrPages, loadPages, saveDetection, saveFullReadings, savePages } from './page-store.ts';
import type { LinkOutcome, PdfTask, PdfTaskMessage, ReadOutcome, RelayerOutcome, TextLayerOutcome, VolumesOutcome } from './pdf-task-types.ts';
import { openRecords, recordOcrPages } from './record-docs.ts';
import { refuseWholeSave, saveOptions } from './whole-save-check.ts';
import { packageForCourt, regenerate } from './review-tasks.ts';
import { fixForCourt, preflightFile } from '../../engine/court-rules/fix.ts';
import type { PreflightReport } from '../../engine/court-rules/preflight.ts';
import { profile as courtProfile } from '../../engine/court-rules/profiles/index.ts';
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
    refuseWholeSave(doc, t);
    const { read: result, detection } = await readForLinks(source, doc, {
      ...(t.ocrWorkers ? { ocrWorkers: t.ocrWorkers } : {}),
      ...(t.indexPages ? { indexPages: t.indexPages } : {}),
      ...(t.quick ? { quick: true } : {}),
      onProgress: (e) => post({ type: 'progress', ...e }),
    });
    const partial = result.pages.filter((p) => p.partial).map((p) => p.page);
    await savePages(result.pages, t.pagesPath, t.ocrPagesPath);
    await saveDetection(t.detectionPath, t.indexPages, detection);
    return {
      pageCount: doc.pageCount,
      needsOcr: result.needsOcr.length,
      ocrFailed: result.ocrFailed,
      detection,
      partialPages: partial,
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
    refuseWholeSave(doc, t);
    const { review, reason, ocrRead, recordOcrRead } = await planLinks(t, doc.pageCount);
    // a paired brief: its records are appended after it in order, its links point there
    recordDoc = openRecords(t.records);
    prepareMaster(doc, recordDoc, review, { brief: ocrRead, record: recordOcrRead });
    doc.dropCaches();
    // written into the file (an update of the upload: see PdfDoc.saveToFile), then read back from it
    const t0 = performance.now();
    const saved = doc.saveToFile(t.outputPath, saveOptions(t));
    const written = { bytes: saved.size, ms: Math.round(performance.now() - t0), incremental: saved.incremental, ...(saved.whole ? { whole: saved.whole } : {}) };
    recordDoc?.close();
    recordDoc = null;
    doc.close();
    review.validation = validateMaster({ path: t.outputPath }, review);
    await writeFileAtomic(t.reviewPath, JSON.stringify(review, null, 2));
    return { review, ...(reason ? { reason } : {}), written };
  } finally {
    recordDoc?.close();
    doc.close();
  }
}

/** How often the pages completed so far are saved (a process killed meanwhile loses no more). */
const SAVE_EVERY_MS = 5_000;

async function textLayer(t: Extract<PdfTask, { op: 'text-layer' }>): Promise<TextLayerOutcome> {
  const source = { path: t.sourcePath };
  const doc = openPdf(source);
  const pageCount = doc.pageCount;
  try {
    post({ type: 'progress', phase: 'text', done: 0, total: pageCount }); // sets the time limit
    doc.checkLimits(t.limits);
  } finally {
    doc.close();
  }
  // the partial readings: of those with their bands kept, only the middle band is read
  const partialPages = loadOcrPages(t.ocrPagesPath).filter((p) => p.partial);
  const partial = partialPages.map((p) => p.page);
  const read = new Map<number, PageText>(loadFullReadings(t.full).map((p) => [p.page, p]));
  const todo = partial.filter((p) => !read.has(p));
  const total = partial.length;
  post({ type: 'progress', phase: 'ocr', done: total - todo.length, total });
  let saved = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const pages = [...read.values()];
    // (a save that failed does not stop the next one; the last one's failure fails the task)
    saving = saving.catch(() => undefined).then(() => saveFullReadings(t.full, pages));
    return saving;
  };
  const result = todo.length
    ? await ocrPages(source, todo, {
        ...(t.ocrWorkers ? { workers: t.ocrWorkers } : {}),
        partial: partialPages,
        onProgress: (p) => {
          if (p.text) read.set(p.page, p.text);
          if (Date.now() - saved >= SAVE_EVERY_MS) {
            saved = Date.now();
            save().catch(() => undefined);
          }
          post({ type: 'progress', phase: 'ocr', done: total - todo.length + p.done, total, etaMs: p.etaMs, avgMsPerPage: p.avgMsPerPage });
        },
      })
    : { pages: [], failed: [] };
  await save();
  return { done: total, total, failed: result.failed };
}

async function relayer(t: Extract<PdfTask, { op: 'relayer' }>): Promise<RelayerOutcome> {
  const doc = openPdf({ path: t.sourcePath });
  let recordDoc: PdfDoc | null = null;
  try {
    post({ type: 'progress', phase: 'text', done: 0, total: doc.pageCount });
    doc.checkLimits(t.limits);
    refuseWholeSave(doc, t);
    const pages = loadPages(doc.pageCount, t.pagesPath, t.ocrPagesPath, t.full);
    if (!pages) throw new Error('the text of this document is not stored; process it again');
    // the links as they were built: the review written with them, not a new resolution
    const review = JSON.parse(readFileSync(t.reviewPath, 'utf8')) as ReviewJson;
    // a paired brief's master carries its records after it, as when the links were built
    const records = t.records ?? [];
    if (review.record && !records.length) throw new Error('the trial record these links point into is gone; build the links again');
    if (review.record && records.length) {
      recordDoc = openRecords(records);
      if (recordDoc!.pageCount !== review.record.pages || records.map((r) => r.name).join(' + ') !== review.record.file) {
        throw new Error('the trial record changed since these links were built; build the links again');
      }
    }
    const recordPages = recordDoc ? recordOcrPages(records) : null;
    prepareMaster(doc, recordDoc, review, { brief: pages.filter((p) => p.source === 'ocr'), record: recordPages });
    doc.dropCaches();
    doc.saveToFile(t.outputPath, saveOptions(t));
    recordDoc?.close();
    recordDoc = null;
    doc.close();
    const validation = validateMaster({ path: t.outputPath }, review);
    return { validationOk: validation.success };
  } finally {
    recordDoc?.close();
    doc.close();
  }
}

function preflightTask(t: Extract<PdfTask, { op: 'preflight' }>): PreflightReport {
  return preflightFile({ path: t.path }, statSync(t.path).size, courtProfile(t.profile), { name: t.name, indexEntries: t.indexEntries });
}

async function volumesTask(t: Extract<PdfTask, { op: 'volumes' }>): Promise<VolumesOutcome> {
  const out = fixForCourt(new Uint8Array(readFileSync(t.path)), courtProfile(t.profile), { name: t.name, indexEntries: t.indexEntries });
  const volumes: VolumesOutcome['volumes'] = [];
  for (const [i, v] of out.volumes.entries()) {
    const path = `${t.outPrefix}-${i + 1}.pdf`;
    await writeFileAtomic(path, v.bytes);
    volumes.push({ path, pages: v.report.file.pages, bytes: v.bytes.length, firstPage: v.firstPage });
  }
  return { volumes, reports: out.volumes.map((v) => v.report) };
}

async function run(): Promise<void> {
  try {
    if (task.op === 'read') post({ type: 'result', result: await read(task) });
    else if (task.op === 'text-layer') post({ type: 'result', result: await textLayer(task) });
    else if (task.op === 'relayer') post({ type: 'result', result: await relayer(task) });
    else if (task.op === 'regenerate') post({ type: 'result', result: await regenerate(task) });
    else if (task.op === 'package') post({ type: 'result', result: await packageForCourt(task) });
    else if (task.op === 'preflight') post({ type: 'result', result: preflightTask(task) });
    else if (task.op === 'volumes') post({ type: 'result', result: await volumesTask(task) });
    else post({ type: 'result', result: await link(task) });
  } catch (err) {
    const e = err as Error;
    post({ type: 'error', code: err instanceof EngineError ? err.code : 'internal', message: e.message ?? String(err) });
  }
}

await run();
