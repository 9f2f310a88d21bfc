import { parentPort, workerData } from 'node:worker_threads';
import { openPdf } from '../pdf/index.ts';
import type { PdfDoc } from '../pdf/types.ts';
import type { OcrEngine } from './engine-types.ts';
import { quickRecognizePage } from './quick-read.ts';
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

function createEngine(): Promise<OcrEngine> {
  return init.engine === 'tesseract-cli' ? createTesseractCliEngine() : createTesseractJsEngine();
}

async function start(): Promise<void> {
  try {
    doc = openPdf(init.pdf instanceof SharedArrayBuffer ? new Uint8Array(init.pdf) : init.pdf);
    engine = await createEngine();
    send({ type: 'ready' });
  } catch (err) {
    send({ type: 'init-failed', error: (err as Error).message });
  }
}

async function ocr(page: number): Promise<void> {
  const t0 = performance.now();
  const pdf = doc!;
  let size: { width: number; height: number };
  try {
    const text = pdf.pageText(page);
    size = { width: text.width, height: text.height };
  } catch (err) {
    send({ type: 'failed', page, error: (err as Error).message || String(err) });
    return;
  }
  try {
    // One engine for the whole run: measured, a tesseract.js engine's memory stays flat over pages,
    // while each new engine leaves 20–50 MB behind, so engines are only replaced after a failure.
    engine ??= await createEngine();
    // The squeezed reading was measured with tesseract.js; the tesseract program reads as before.
    const narrowing = engine.name === 'tesseract-js' ? init.narrowing : 1;
    const render = (dpi: number, rotate: 0 | 180) => pdf.renderPng(page, dpi, { rotate });
    const result = init.quick
      ? await quickRecognizePage(engine, render, init.dpi, narrowing)
      : { ...(await recognizePage(engine, render, init.dpi, narrowing, init.asIndex ?? false)), complete: true };
    const text = toPageText(page, size, result.lines, result.dpi, result.rotation);
    send({ type: 'done', page, text: result.complete ? text : { ...text, partial: true }, ms: performance.now() - t0 });
  } catch (err) {
    // The engine may be left in a bad state: the next page gets a fresh one.
    await dropEngine().catch(() => {});
    send({ type: 'failed', page, error: (err as Error).message || String(err) });
  }
}

async function dropEngine(): Promise<void> {
  const old = engine;
  engine = null;
  await old?.close();
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
