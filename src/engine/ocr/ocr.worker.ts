import { parentPort, workerData } from 'node:worker_threads';
import { openPdf } from '../pdf/index.ts';
import type { PdfDoc } from '../pdf/types.ts';
import type { ReadBands } from '../types.ts';
import type { OcrEngine } from './engine-types.ts';
import { readMiddleBand } from './middle-band.ts';
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

async function ocr(page: number, bands?: ReadBands): Promise<void> {
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
    // grayscale pixels as a PGM: the engines read it as they read a PNG, with nothing to compress and decompress
    const render = (dpi: number, rotate: 0 | 180) => pdf.renderGray(page, dpi, { rotate });
    if (bands && !init.quick) {
      // a partial page: only its middle band, unless it has to be read in full after all
      const px = (pt: number) => Math.round((pt * init.dpi) / 72);
      const band = { top: px(bands.topEnd), bottom: px(bands.footStart) };
      const lines = await readMiddleBand(engine, (dpi) => render(dpi, 0), init.dpi, narrowing, band);
      if (lines) {
        send({ type: 'done', page, text: toPageText(page, size, lines, init.dpi), ms: performance.now() - t0, middle: true });
        return;
      }
    }
    const result = init.quick
      ? await quickRecognizePage(engine, render, init.dpi, narrowing)
      : { ...(await recognizePage(engine, render, init.dpi, narrowing, init.asIndex ?? false)), complete: true };
    const text = toPageText(page, size, result.lines, result.dpi, result.rotation);
    // where the bands of a page read in part end, in points as its boxes (the middle band is read later)
    const pt = (px: number) => Math.round(((px * 72) / result.dpi) * 100) / 100;
    const partial = result.complete ? {} : { partial: true as const, ...(result.bands ? { bands: { topEnd: pt(result.bands.topEnd), footStart: pt(result.bands.footStart) } } : {}) };
    send({ type: 'done', page, text: { ...text, ...partial }, ms: performance.now() - t0 });
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
  if (m.type === 'page') void ocr(m.page, m.bands);
  else void close();
});
await start();
