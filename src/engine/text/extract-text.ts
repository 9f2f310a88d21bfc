import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { openPdf } from '../pdf/index.ts';
import type { PdfDoc, PdfSource } from '../pdf/types.ts';
import type { PageText } from '../types.ts';
import { startTsWorker } from '../util/worker.ts';
import { analyseChunk, claimChunks, type ChunkResult, type ExtractJob, type PackedChunk } from './chunks.ts';
import { unpackPages } from './pack.ts';

export interface ExtractOptions {
  /** Threads in all (this one included). Default: available parallelism, 1 for small documents. */
  threads?: number;
  /** Documents with fewer pages are read on this thread only. */
  minPagesForWorkers?: number;
  onProgress?: (done: number, total: number) => void;
  /** Whether this thread reads pages too while workers run (default true; false leaves it all to them). */
  readHere?: boolean;
}

export interface ExtractResult {
  /** Every page, in order, from the text layer. */
  pages: PageText[];
  /** 1-based pages without a usable text layer. */
  needsOcr: number[];
}

const CHUNK_SIZE = 20;
const MIN_PAGES_FOR_WORKERS = 120;
/**
 * Above this size each extra thread's own copy of the bytes costs more memory than it saves time. A
 * document opened from a file has no such copy: each thread reads from disk what its pages need.
 */
const MAX_BYTES_FOR_WORKERS = 100 * 1024 * 1024;

const WORKER = new URL('./extract-text.worker.ts', import.meta.url);

/** Threads started before a document was open, waiting for their job (prestartTextWorkers). */
const waiting: Array<{ worker: Worker; exited: boolean }> = [];

/**
 * Start the threads that read a big document's pages before the document is open, so that they are ready
 * when its pages are: a thread takes about a tenth of a second to start, during which the thread that opened
 * the document reads alone (the CLI, which reads one document, starts them first). The next reading takes
 * them, or lets them go when it needs none; unused, they do not keep the process alive.
 */
export function prestartTextWorkers(count = os.availableParallelism() - 1): void {
  while (waiting.length < count) {
    const entry = { worker: startTsWorker(WORKER, null), exited: false };
    entry.worker.unref();
    // (a thread that failed to start is not taken: another is started in its place)
    entry.worker.on('error', () => undefined);
    entry.worker.once('exit', () => (entry.exited = true));
    waiting.push(entry);
  }
}

/** How many threads started by prestartTextWorkers wait for a job. */
export function waitingTextWorkers(): number {
  return waiting.length;
}

/** A waiting thread given `job`, or a new thread started with it. */
function textWorker(job: ExtractJob): Worker {
  for (let entry = waiting.shift(); entry; entry = waiting.shift()) {
    if (entry.exited) continue;
    entry.worker.ref();
    entry.worker.postMessage({ job });
    return entry.worker;
  }
  return startTsWorker(WORKER, job);
}

/**
 * Text layer of every page, with the pages that need OCR. Big documents are split across worker
 * threads, each opening the document itself (from the file when `source` is one); this thread takes
 * chunks too, from the same counter. `doc`, when given, is used on this thread instead of opening
 * the source again.
 */
export async function extractAllText(source: PdfSource, opts: ExtractOptions = {}, doc?: PdfDoc): Promise<ExtractResult> {
  const own = doc ?? openPdf(source);
  try {
    const pageCount = own.pageCount;
    const minPages = opts.minPagesForWorkers ?? MIN_PAGES_FOR_WORKERS;
    const threads = pageCount < minPages || (source instanceof Uint8Array && source.byteLength > MAX_BYTES_FOR_WORKERS)
      ? 1
      : Math.max(1, opts.threads ?? os.availableParallelism());
    // one copy of the bytes shared by all threads (each still opens its own document from it)
    let shared = source;
    if (threads > 1 && source instanceof Uint8Array && !(source.buffer instanceof SharedArrayBuffer)) {
      shared = new Uint8Array(new SharedArrayBuffer(source.byteLength));
      shared.set(source);
    }
    const job: ExtractJob = {
      source: shared,
      pageCount,
      chunkSize: CHUNK_SIZE,
      counter: new Int32Array(new SharedArrayBuffer(4)),
    };
    const pages: Array<PageText | undefined> = new Array(pageCount);
    const needsOcr = new Set<number>();
    let done = 0;
    const take = (r: ChunkResult) => {
      r.pages.forEach((pt, i) => (pages[r.first - 1 + i] = pt));
      r.needsOcr.forEach((p) => needsOcr.add(p));
      done += r.pages.length;
      opts.onProgress?.(done, pageCount);
    };
    const readHere = (first: number, last: number) => take(analyseChunk(own, first, last));

    const workers: Worker[] = [];
    const finished: Array<Promise<void>> = [];
    for (let i = 1; i < threads; i++) {
      const w = textWorker(job);
      workers.push(w);
      // a worker that fails leaves its pages unread; they are read here afterwards
      finished.push(
        new Promise<void>((resolve) => {
          w.on('message', (m: { type: string; result?: PackedChunk }) => {
            if (m.type === 'chunk') {
              const { first, packed, needsOcr: ocr } = m.result!;
              take({ first, pages: unpackPages(packed), needsOcr: ocr });
            } else {
              resolve();
            }
          });
          w.on('error', () => resolve());
          w.on('exit', () => resolve());
        }),
      );
    }
    // threads started for this reading and not needed (a small document) are let go
    for (const entry of waiting.splice(0)) void entry.worker.terminate();
    try {
      if (opts.readHere !== false || threads === 1) claimChunks(job, readHere);
      await Promise.all(finished);
    } finally {
      await Promise.all(workers.map((w) => w.terminate()));
    }
    for (let p = 1; p <= pageCount; p++) if (!pages[p - 1]) readHere(p, p);
    return { pages: pages as PageText[], needsOcr: [...needsOcr].sort((a, b) => a - b) };
  } finally {
    if (!doc) own.close();
  }
}
