import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { openPdf } from '../pdf/index.ts';
import type { PdfDoc } from '../pdf/types.ts';
import { EngineError, type EngineErrorCode, type PageText } from '../types.ts';
import { startTsWorker } from '../util/worker.ts';
import { claimChunks, type ChunkResult, type ExtractJob, type PackedChunk } from './chunks.ts';
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
 * Text layer of every page, with the pages that need OCR. Big documents are split across worker
 * threads, each opening the bytes itself; this thread takes chunks too, from the same counter.
 * `doc`, when given, is used on this thread instead of opening the bytes again.
 */
export async function extractAllText(bytes: Uint8Array, opts: ExtractOptions = {}, doc?: PdfDoc): Promise<ExtractResult> {
  const own = doc ?? openPdf(bytes);
  try {
    const pageCount = own.pageCount;
    const minPages = opts.minPagesForWorkers ?? MIN_PAGES_FOR_WORKERS;
    const threads = pageCount < minPages ? 1 : Math.max(1, opts.threads ?? os.availableParallelism());
    const job: ExtractJob = {
      bytes,
      pageCount,
      chunkSize: CHUNK_SIZE,
      counter: new Int32Array(new SharedArrayBuffer(4)),
    };
    const pages: PageText[] = new Array(pageCount);
    const needsOcr: number[] = [];
    let done = 0;
    const take = (r: ChunkResult) => {
      r.pages.forEach((pt, i) => (pages[r.first - 1 + i] = pt));
      needsOcr.push(...r.needsOcr);
      done += r.pages.length;
      opts.onProgress?.(done, pageCount);
    };

    const workers: Worker[] = [];
    const finished: Array<Promise<void>> = [];
    for (let i = 1; i < threads; i++) {
      const w = startTsWorker(new URL('./extract-text.worker.ts', import.meta.url), job);
      workers.push(w);
      finished.push(
        new Promise<void>((resolve, reject) => {
          w.on('message', (m: { type: string; result?: PackedChunk; message?: string; code?: EngineErrorCode }) => {
            if (m.type === 'chunk') {
              const { first, packed, needsOcr: ocr } = m.result!;
              take({ first, pages: unpackPages(packed), needsOcr: ocr });
            }
            else if (m.type === 'done') resolve();
            else reject(new EngineError(m.code ?? 'io', m.message ?? 'text extraction failed'));
          });
          w.on('error', reject);
          w.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`text worker exited with ${code}`))));
        }),
      );
    }
    try {
      if (opts.readHere !== false || threads === 1) claimChunks(job, (first, last) => {
        const r: ChunkResult = { first, pages: [], needsOcr: [] };
        for (let p = first; p <= last; p++) {
          const a = own.analysePage(p);
          r.pages.push(a.text);
          if (a.needsOcr) r.needsOcr.push(p);
        }
        take(r);
      });
      await Promise.all(finished);
    } finally {
      await Promise.all(workers.map((w) => w.terminate()));
    }
    needsOcr.sort((a, b) => a - b);
    return { pages, needsOcr };
  } finally {
    if (!doc) own.close();
  }
}
