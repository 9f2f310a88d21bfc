// Runs one PDF task on a worker thread and resolves with its result; progress arrives as it happens.
import { startTsWorker } from '../../engine/util/worker.ts';
import type { LinkOutcome, PackageOutcome, PdfTask, PdfTaskMessage, ReadOutcome, RegenerateOutcome, TaskProgress } from './pdf-task-types.ts';

const WORKER = new URL('./pdf-task.worker.ts', import.meta.url);

/** A failure inside the worker; `code` is the engine's (password-protected, damaged, not-pdf, …) or 'internal'. */
export class PdfTaskError extends Error {
  override name = 'PdfTaskError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type ResultOf<T extends PdfTask> = T extends { op: 'read' }
  ? ReadOutcome
  : T extends { op: 'regenerate' }
    ? RegenerateOutcome
    : T extends { op: 'package' }
      ? PackageOutcome
      : LinkOutcome;

export function runPdfTask<T extends PdfTask>(task: T, onProgress?: (p: TaskProgress) => void): Promise<ResultOf<T>> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(WORKER, task);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: PdfTaskMessage) => {
      if (m.type === 'progress') {
        const { type: _t, ...p } = m;
        onProgress?.(p);
      } else if (m.type === 'result') settle(() => resolve(m.result as ResultOf<T>));
      else settle(() => reject(new PdfTaskError(m.code, m.message)));
    });
    worker.on('error', (err) => settle(() => reject(new PdfTaskError('internal', err.message))));
    worker.on('exit', (code) => settle(() => reject(new PdfTaskError('internal', `PDF worker stopped (exit code ${code})`))));
  });
}

/** The reason a user reads when a PDF cannot be processed. */
export function failureText(err: unknown): string {
  if (err instanceof PdfTaskError) {
    if (err.code === 'password-protected') return 'This PDF is password-protected. Remove the password and upload it again.';
    if (err.code === 'damaged') return 'This PDF is damaged and cannot be read. Export it again from its source and reupload it.';
    if (err.code === 'not-pdf') return 'This file is not a PDF.';
    if (err.code === 'bad-index-pages') return `The index pages set by hand are not in this document: ${err.message}`;
    return `Processing failed: ${err.message}`;
  }
  return `Processing failed: ${(err as Error)?.message ?? String(err)}`;
}
