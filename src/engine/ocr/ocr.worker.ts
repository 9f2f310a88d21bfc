import { parentPort, workerData } from 'node:worker_threads';
import { openPdf } from '../pdf/index.ts';
import type { PdfDoc } from '../pdf/types.ts';
import type { OcrEngine } from './engine-types.ts';
import { recognizePage } from './recognize-page.ts';
import { createTesseractCliEngine } from './tesseract-cli-engine.ts';
import { createTesseractJsEngine } from './tesseract-js-engine.ts';
import { toPageText } from './to-page-text.ts';
import type { FromWorker, OcrWorkerInit, ToWorker } from './worker-protocol.ts';

// One OCR worker: opens the PDF once, renders each page it is given and OCRs it.
const init = (workerData as { data: OcrWorkerInit }).data;
const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);

let doc: PdfDoc | null = null;
let engine: OcrEngine | null = null;

async function start(): Promise<void> {
  try {
    doc = openPdf(new Uint8Array(init.pdf));
    engine = init.engine === 'tesseract-cli' ? await createTesseractCliEngine() : await createTesseractJsEngine();
    send({ type: 'ready' });
  } catch (err) {
    send({ type: 'init-failed', error: (err as Error).message });
  }
}

async function ocr(page: number): Promise<void> {
  const t0 = performance.now();
  try {
    const pdf = doc!;
    const size = pdf.pageText(page);
    const result = await recognizePage(engine!, (dpi) => pdf.renderPng(page, dpi), init.dpi);
    const text = toPageText(page, { width: size.width, height: size.height }, result.lines, result.dpi);
    send({ type: 'done', page, text, ms: performance.now() - t0 });
  } catch (err) {
    send({ type: 'failed', page, error: (err as Error).message || String(err) });
  }
}

async function close(): Promise<void> {
  try {
    await engine?.close();
  } finally {
    doc?.close();
    send({ type: 'closed' });
    port.close();
  }
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'page') void ocr(m.page);
  else void close();
});
await start();
