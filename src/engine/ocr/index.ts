import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { PdfSource } from '../pdf/types.ts';
import type { OcrProgress, PageText } from '../types.ts';
import { startTsWorker } from '../util/worker.ts';
import { completePage } from './middle-band.ts';
import { FIRST_READ_NARROWING } from './recognize-page.ts';
import { findTesseractCli } from './tesseract-cli-engine.ts';
import type { FromWorker, OcrEngineName, OcrWorkerInit, ToWorker } from './worker-protocol.ts';

export { findTesseractCli } from './tesseract-cli-engine.ts';

/**
 * Render resolution for OCR. 200 dpi read as many words right as 300 dpi on our measurements
 * (generated scans at 7–11.5 pt, the real scanned opinion pages) for 10–20% less CPU per page;
 * see bench/ocr.ts.
 */
export const DEFAULT_OCR_DPI = 200;

export interface OcrOptions {
  /** Worker threads, each rendering and recognising one page at a time. Default: all cores. */
  workers?: number;
  /** auto = tesseract.js; `tesseract-cli` = the native program, when it is on PATH (docs/adr/0010). */
  engine?: 'auto' | OcrEngineName;
  /** Render resolution. Default DEFAULT_OCR_DPI (200). */
  dpi?: number;
  /**
   * Horizontal squeeze of a dense page's first reading with tesseract.js (1 = none). Default
   * FIRST_READ_NARROWING (0.9); see recognize-page.ts.
   */
  narrowing?: number;
  /**
   * Read only what the destinations need from dense pages (quick-read.ts): they come back with
   * `partial` set and are read in full by a later call without it.
   */
  quick?: boolean;
  /**
   * The pages are known index pages (set by hand, or found by the index stage): read with their leaders
   * and rules taken out in every segmentation mode (recognize-page.ts), whatever a first reading looks like.
   */
  asIndex?: boolean;
  /**
   * Partial readings (`partial`, from a call with `quick`) of pages among those to read. Of those that
   * carry their bands only the middle band is read (middle-band.ts), and the page is returned
   * complete: its partial reading's lines with the middle's merged in. Those without bands (stored
   * before bands were kept) are read in full.
   */
  partial?: PageText[];
  onProgress?: (p: OcrProgress & { page: number; text?: PageText }) => void;
  signal?: AbortSignal;
  /** A page still not read after this long is reported as failed and its worker replaced. Default 180 s. */
  pageTimeoutMs?: number;
}

export interface OcrResult {
  /** One PageText (source 'ocr') per page read, in the order the pages were given. */
  pages: PageText[];
  /** Pages whose OCR failed, with the reason; the other pages are still returned. */
  failed: Array<{ page: number; error: string }>;
}

/** Which engine `auto` means on this machine. */
export function resolveOcrEngine(engine: OcrOptions['engine'] = 'auto'): OcrEngineName {
  if (engine === 'tesseract-cli') {
    if (!findTesseractCli()) throw new Error('the tesseract program with English data is not on PATH');
    return engine;
  }
  // `auto` is tesseract.js, on every machine: the program gives no character boxes, which the reading of a
  // contents page's leaders needs, and read scanned contents worse (docs/adr/0010)
  return 'tesseract-js';
}

const WORKER = new URL('./ocr.worker.ts', import.meta.url);
/** Replacements for workers that stop without a page in hand (a crash while reading a page always gets one). */
const MAX_RESTARTS = 3;
const PAGE_TIMEOUT_MS = 180_000;

interface Slot {
  worker: Worker;
  page: number | null;
  gone: boolean;
  timer?: ReturnType<typeof setTimeout>;
  /** Why the worker is being stopped, when we stop it. */
  stopReason?: string;
}

/**
 * OCR the given pages of a PDF in worker threads (each opens the PDF once: from one copy of the bytes
 * shared by all, or from the file when `source` is one), taking pages in the
 * order given so that callers can put likely index pages first. Word boxes are in PDF points,
 * top-left origin. A page that fails is listed in `failed`; an abort rejects with the signal's reason.
 * Workers are always stopped before this returns.
 */
export async function ocrPages(source: PdfSource, pages: number[], opts: OcrOptions = {}): Promise<OcrResult> {
  const order = [...new Set(pages)];
  const signal = opts.signal;
  signal?.throwIfAborted();
  if (order.length === 0) return { pages: [], failed: [] };

  let pdf: OcrWorkerInit['pdf'];
  if (source instanceof Uint8Array) {
    pdf = new SharedArrayBuffer(source.byteLength);
    new Uint8Array(pdf).set(source);
  } else {
    pdf = { path: source.path };
  }
  const init: OcrWorkerInit = {
    pdf,
    engine: resolveOcrEngine(opts.engine),
    dpi: opts.dpi ?? DEFAULT_OCR_DPI,
    narrowing: opts.narrowing ?? FIRST_READ_NARROWING,
    ...(opts.quick ? { quick: true } : {}),
    ...(opts.asIndex ? { asIndex: true } : {}),
  };
  const workerCount = Math.max(1, Math.min(opts.workers ?? availableParallelism(), order.length));
  const pageTimeoutMs = opts.pageTimeoutMs ?? PAGE_TIMEOUT_MS;

  // partial pages whose middle band alone is read (a page turned 180° is never left partial)
  const partial = new Map((opts.partial ?? []).filter((p) => p.partial && p.bands && !p.rotation && !opts.quick).map((p) => [p.page, p]));
  const texts = new Map<number, PageText>();
  const failed: OcrResult['failed'] = [];
  const slots = new Set<Slot>();
  let onAbort: (() => void) | null = null;

  try {
    await new Promise<void>((resolve, reject) => {
      let t0 = 0; // when the first worker was ready: startup is not page time
      let next = 0;
      let done = 0;
      let restarts = 0;
      let settled = false;

      const settle = (err?: unknown) => {
        if (settled) return;
        settled = true;
        if (err === undefined) resolve();
        else reject(err);
      };

      const finished = (page: number, text?: PageText) => {
        done += 1;
        const avgMsPerPage = (performance.now() - t0) / done;
        opts.onProgress?.({ done, total: order.length, avgMsPerPage, etaMs: avgMsPerPage * (order.length - done), page, ...(text ? { text } : {}) });
        if (done === order.length) settle();
      };

      const feed = (slot: Slot) => {
        clearTimeout(slot.timer);
        if (settled || slot.stopReason || next >= order.length) {
          slot.page = null;
          return;
        }
        const page = order[next++]!;
        slot.page = page;
        const bands = partial.get(page)?.bands;
        slot.worker.postMessage({ type: 'page', page, ...(bands ? { bands } : {}) } satisfies ToWorker);
        slot.timer = setTimeout(() => {
          slot.stopReason = `OCR of page ${page} took longer than ${Math.round(pageTimeoutMs / 1000)} s`;
          void slot.worker.terminate();
        }, pageTimeoutMs);
      };

      const lost = (slot: Slot, error: string) => {
        if (slot.gone) return;
        slot.gone = true;
        clearTimeout(slot.timer);
        slots.delete(slot);
        if (settled) return;
        const reason = slot.stopReason ?? error;
        const hadPage = slot.page !== null;
        if (slot.page !== null) {
          failed.push({ page: slot.page, error: reason });
          finished(slot.page);
        }
        if (settled || next >= order.length) return;
        if (hadPage || restarts < MAX_RESTARTS) {
          if (!hadPage) restarts += 1;
          spawn();
        } else if (slots.size === 0) {
          // No worker left to read the rest: report them rather than fail the whole document.
          while (next < order.length) {
            const page = order[next++]!;
            failed.push({ page, error: reason });
            finished(page);
          }
        }
      };

      const spawn = () => {
        const slot: Slot = { worker: startTsWorker(WORKER, init), page: null, gone: false };
        slots.add(slot);
        slot.worker.on('message', (m: FromWorker) => {
          if (m.type === 'ready') {
            if (t0 === 0) t0 = performance.now();
            feed(slot);
          }
          else if (m.type === 'init-failed') settle(new Error(`OCR could not start: ${m.error}`));
          else if (m.type === 'done' || m.type === 'failed') {
            let text: PageText | undefined;
            if (m.type === 'done') {
              const known = partial.get(m.page);
              text = m.middle && known ? completePage(known, m.text) : m.text;
              texts.set(m.page, text);
            } else failed.push({ page: m.page, error: m.error });
            slot.page = null;
            finished(m.page, text);
            feed(slot);
          }
        });
        slot.worker.on('error', (err) => lost(slot, err.message));
        slot.worker.on('exit', (code) => lost(slot, `OCR worker stopped (exit code ${code})`));
      };

      if (signal) {
        onAbort = () => settle(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
      }
      for (let i = 0; i < workerCount; i++) spawn();
    });
  } finally {
    if (signal && onAbort) signal.removeEventListener('abort', onAbort);
    await Promise.all([...slots].map((s) => stopWorker(s)));
  }

  return { pages: order.flatMap((p) => texts.get(p) ?? []), failed };
}

/** Ask a worker to release its engine and document, and terminate it if it does not within 3 s. */
async function stopWorker(slot: Slot): Promise<void> {
  slot.gone = true;
  clearTimeout(slot.timer);
  const { worker } = slot;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ type: 'close' });
  const timer = setTimeout(() => void worker.terminate(), 3000);
  await exited;
  clearTimeout(timer);
}
