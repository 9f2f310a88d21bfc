// One line per stored page of a document, read on a worker thread (page-summary.worker.ts).
import { startTsWorker } from '../../engine/util/worker.ts';

export interface PageSummaryTask {
  pageCount: number | null;
  binPath: string;
  ocrPath: string;
}

export interface PageSummary {
  page: number;
  source: 'text-layer' | 'ocr' | 'none';
  confidence: number;
  lines: number;
  firstLine: string | null;
}

const WORKER = new URL('./page-summary.worker.ts', import.meta.url);
const TIME_LIMIT_MS = 60_000;
const MEMORY_MB = 512;

/** For each document, its stored pages (every page when complete, else the OCR'd ones); [] when none are stored. */
export function pageSummaries(tasks: PageSummaryTask[]): Promise<PageSummary[][]> {
  if (tasks.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(WORKER, tasks, { resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new Error('reading the stored pages took too long'))), TIME_LIMIT_MS);
    worker.on('message', (m: PageSummary[][]) => settle(() => resolve(m)));
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the page reader stopped (${code})`))));
  });
}
