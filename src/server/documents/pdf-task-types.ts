// Messages between the server and its PDF worker thread (see pdf-task.worker.ts).
import type { PageLimits } from '../../engine/pdf/index.ts';
import type { IndexDetection, ReviewJson } from '../../engine/types.ts';

export type PdfTask =
  | {
      op: 'read';
      limits: PageLimits;
      sourcePath: string;
      pagesPath: string;
      ocrPagesPath: string;
      detectionPath: string;
      indexPages?: number[];
      ocrWorkers?: number;
    }
  | {
      op: 'link';
      limits: PageLimits;
      sourcePath: string;
      pagesPath: string;
      ocrPagesPath: string;
      detectionPath: string;
      indexPages?: number[];
      briefName: string;
      outputPath: string;
      reviewPath: string;
    };

export interface ReadOutcome {
  pageCount: number;
  /** Pages without a usable text layer. */
  needsOcr: number;
  ocrFailed: Array<{ page: number; error: string }>;
  detection: IndexDetection;
}

export interface LinkOutcome {
  review: ReviewJson;
  reason?: string;
}

export interface TaskProgress {
  phase: 'text' | 'ocr';
  done: number;
  total: number;
  etaMs?: number;
  avgMsPerPage?: number;
}

export type PdfTaskMessage =
  | ({ type: 'progress' } & TaskProgress)
  | { type: 'result'; result: unknown }
  | { type: 'error'; code: string; message: string };
