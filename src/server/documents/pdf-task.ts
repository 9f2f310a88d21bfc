// Runs one PDF task on a worker thread and resolves with its result; progress arrives as it happens.
// Each task has limits, so that no document holds a processing slot for long: the worker's memory
// (resourceLimits), what one page and the whole document may decode to (checked before any page is
// read), and a time limit that grows with the page count up to a cap, checked against the pace of the
// pages read so far. A task over them fails with a reason the user reads, and can be retried.
import { statSync } from 'node:fs';
import type { PreflightReport } from '../../engine/court-rules/preflight.ts';
import type { PageLimits } from '../../engine/pdf/index.ts';
import { INCREMENTAL_SAVE_FROM_BYTES, TOO_COSTLY_PREFIX, TOO_LARGE_PREFIX, type WholeSaveReason } from '../../engine/pdf/index.ts';
import { startTsWorker } from '../../engine/util/worker.ts';
import { isOutOfSpace, OUT_OF_SPACE_TASK } from '../errors.ts';
import type {
  LinkOutcome,
  PackageOutcome,
  PdfTask,
  PdfTaskMessage,
  ReadOutcome,
  RegenerateOutcome,
  RelayerOutcome,
  TaskProgress,
  TextLayerOutcome,
  VolumesOutcome,
} from './pdf-task-types.ts';

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

export interface TaskLimits {
  /** Heap of the worker thread, in MB. */
  memoryMb: number;
  /** The time limit is `baseSeconds` (default a minute) plus this much a page, at most `maxSeconds`. */
  secondsPerPage: number;
  baseSeconds?: number;
  maxSeconds?: number;
  /** MB of drawing instructions the whole document may decode to (limits.ts). */
  drawingBudgetMb?: number;
  /** Outputs of files from this size (MB) on are written as incremental updates (PDF_INCREMENTAL_FROM_MB). */
  incrementalFromMb?: number;
}

export function taskLimits(config: {
  pdfMemoryMb: number;
  pdfSecondsPerPage: number;
  pdfMaxSeconds?: number;
  pdfDrawingBudgetMb?: number;
  pdfIncrementalFromMb?: number;
}): TaskLimits {
  return {
    memoryMb: config.pdfMemoryMb,
    secondsPerPage: config.pdfSecondsPerPage,
    maxSeconds: config.pdfMaxSeconds ?? DEFAULT_MAX_SECONDS,
    drawingBudgetMb: config.pdfDrawingBudgetMb ?? DEFAULT_DRAWING_BUDGET_MB,
    ...(config.pdfIncrementalFromMb !== undefined ? { incrementalFromMb: config.pdfIncrementalFromMb } : {}),
  };
}

/** The size (bytes) from which a task's outputs are written as incremental updates. */
export function incrementalFrom(limits: Pick<TaskLimits, 'incrementalFromMb'>): number {
  return limits.incrementalFromMb === undefined ? INCREMENTAL_SAVE_FROM_BYTES : limits.incrementalFromMb * 1048576;
}

const DEFAULT_MAX_SECONDS = 21_600;
/**
 * MuPDF parses drawing instructions at about 19 MB a second on this project's benchmark machine (one
 * 30 MB stream drawn by every page of a 2,000-page file took 1.6 s a page): 2 GB is under two minutes a
 * reading, where an ordinary 3,000-page record draws a few hundred MB.
 */
const DEFAULT_DRAWING_BUDGET_MB = 2048;

/**
 * The limits a task's PDF is checked against before any page is read: content 1/64 of its memory a
 * page, images 1/8, and the drawing budget of the whole document.
 */
export function pageLimits(memoryMb: number, drawingBudgetMb?: number): PageLimits {
  return {
    contentBytes: (memoryMb * 1048576) / 64,
    imageBytes: (memoryMb * 1048576) / 8,
    ...(drawingBudgetMb ? { documentContentBytes: drawingBudgetMb * 1048576 } : {}),
  };
}

/** Pages a task must have read before its pace so far is taken to foretell the rest. */
const PACE_FROM_PAGES = 5;
/** Nor before this much of its time has passed: the first pages pay for opening the file. */
const PACE_FROM_MS = 20_000;

/**
 * The time limit of a task that has `pages` pages, and the refusal of one whose pace so far (`done`
 * of `total` pages of a phase read in `elapsedMs`) says it cannot end within it; null while it can.
 */
export function paceRefusal(limitMs: number, elapsedMs: number, done: number, total: number): string | null {
  if (done < PACE_FROM_PAGES || elapsedMs < PACE_FROM_MS || done >= total) return null;
  const projected = (elapsedMs / done) * total;
  if (projected <= limitMs) return null;
  const s = (ms: number) => `${Math.round(ms / 1000).toLocaleString('en-US')} s`;
  return `this PDF would take longer than allowed: its first ${done} of ${total} pages took ${s(elapsedMs)}, about ${(elapsedMs / done / 1000).toFixed(1)} s a page, so all of them would take about ${s(projected)} (the limit is ${s(limitMs)})`;
}

/** A task's time limit: a minute (baseSeconds) plus secondsPerPage a page, never over maxSeconds. */
export function timeLimitMs(limits: Pick<TaskLimits, 'baseSeconds' | 'secondsPerPage' | 'maxSeconds'>, pages: number): number {
  const grown = (limits.baseSeconds ?? 60) + pages * limits.secondsPerPage;
  return Math.min(grown, limits.maxSeconds ?? DEFAULT_MAX_SECONDS) * 1000;
}

/**
 * Memory a PDF needs for each byte of its file when its output is written whole. The file is read from
 * disk as MuPDF needs it, but a full save builds the output in MuPDF's own memory, in a buffer that grows
 * in steps, each copying it: what that takes swings with where the output's size falls between the
 * steps, from 722 MB for a 494 MB output to 1,236 MB for a 498 MB one (bench/memory.ts, and MuPDF's save
 * alone). Up to two and a half times the file, then. So is counted every byte of a trial record appended
 * to a brief: grafted, it is held in MuPDF's memory whichever way the output is written (a 100 MB record
 * appended to the 500 MB benchmark brief and written as an update took 156 MB over the two documents
 * opened, 1.6 times; written whole, the pair took 1,180 MB).
 */
export const MEMORY_PER_FILE_BYTE = 2.5;
/**
 * The same when the output is an incremental update of the file (the way files from
 * INCREMENTAL_SAVE_FROM_BYTES on are written, docs/adr/0005): the file is copied into the output a few
 * megabytes at a time and only the changed objects pass through memory, so what is left is reading its
 * pages. On the 500 MB benchmark brief the read took 374 MB over the process's start and the link job,
 * writing included, 398 MB (bench/memory.ts): about 0.8 of the file, counted as the whole file.
 */
export const UPDATE_MEMORY_PER_FILE_BYTE = 1;
/** MuPDF runs in WebAssembly, whose memory cannot grow past 2 GB in its build. */
export const LIBRARY_MEMORY_MB = 2048;

const WHOLE_BECAUSE: Partial<Record<WholeSaveReason, string>> = {
  encrypted: 'it is encrypted',
  'active content': 'active content is taken out of it',
  repaired: 'it was damaged and repaired when opened',
  'cross-reference not readable': 'its cross-reference table could not be read',
};

/**
 * Why a file of `fileBytes` (with `appendedBytes` of a trial record appended to its output) cannot be
 * processed within `memoryMb`, or null when it can: told before the file is opened, rather than after
 * minutes of work when its output is written. `whole` says why the output is written whole (null: as an
 * incremental update); left out, it is told from the size alone (a big file may be an update), and the
 * PDF worker asks again once it has opened the file and knows (encrypted, active content).
 */
export function memoryRefusal(
  fileBytes: number,
  memoryMb: number,
  opts: { appendedBytes?: number; whole?: WholeSaveReason | null; incrementalFrom?: number } = {},
): string | null {
  const appended = opts.appendedBytes ?? 0;
  const whole = opts.whole === undefined ? (fileBytes < (opts.incrementalFrom ?? INCREMENTAL_SAVE_FROM_BYTES) ? 'small file' : null) : opts.whole;
  const perByte = whole ? MEMORY_PER_FILE_BYTE : UPDATE_MEMORY_PER_FILE_BYTE;
  const needMb = Math.round((fileBytes / 1048576) * perByte + (appended / 1048576) * MEMORY_PER_FILE_BYTE);
  const limitMb = Math.min(memoryMb, LIBRARY_MEMORY_MB);
  if (needMb <= limitMb) return null;
  const fileMb = Math.max(1, Math.round((fileBytes + appended) / 1048576));
  const n = (v: number) => v.toLocaleString('en-US');
  const because = whole ? WHOLE_BECAUSE[whole] : undefined;
  return (
    `${TOO_LARGE_PREFIX}: a file of ${n(fileMb)} MB needs about ${n(needMb)} MB to be processed and written with its links` +
    `${because ? `, written whole as ${because}` : ''} (the limit is ${n(limitMb)} MB${limitMb < memoryMb ? ', the most the PDF library can use' : ''})`
  );
}

type Input<Op extends PdfTask['op']> = Omit<Extract<PdfTask, { op: Op }>, 'limits' | 'memoryMb' | 'incrementalFrom'>;

type Outcome = ReadOutcome | LinkOutcome | RegenerateOutcome | PackageOutcome | TextLayerOutcome | RelayerOutcome | PreflightReport | VolumesOutcome;

/** Stops a task early (its worker terminated); it then rejects with code 'stopped'. */
export interface TaskControl {
  signal?: AbortSignal;
}

export function runPdfTask(task: Input<'read'>, limits: TaskLimits, onProgress?: (p: TaskProgress) => void, control?: TaskControl): Promise<ReadOutcome>;
export function runPdfTask(task: Input<'link'>, limits: TaskLimits, onProgress?: (p: TaskProgress) => void, control?: TaskControl): Promise<LinkOutcome>;
export function runPdfTask(task: Input<'text-layer'>, limits: TaskLimits, onProgress?: (p: TaskProgress) => void, control?: TaskControl): Promise<TextLayerOutcome>;
export function runPdfTask(task: Input<'relayer'>, limits: TaskLimits): Promise<RelayerOutcome>;
export function runPdfTask(task: Input<'regenerate'>, limits: TaskLimits): Promise<RegenerateOutcome>;
export function runPdfTask(task: Input<'package'>, limits: TaskLimits): Promise<PackageOutcome>;
export function runPdfTask(task: Input<'preflight'>, limits: TaskLimits): Promise<PreflightReport>;
export function runPdfTask(task: Input<'volumes'>, limits: TaskLimits): Promise<VolumesOutcome>;
export function runPdfTask(
  task: Input<'read'> | Input<'link'> | Input<'regenerate'> | Input<'package'> | Input<'text-layer'> | Input<'relayer'> | Input<'preflight'> | Input<'volumes'>,
  limits: TaskLimits,
  onProgress?: (p: TaskProgress) => void,
  control?: TaskControl,
): Promise<Outcome> {
  if ('sourcePath' in task) {
    let size = 0;
    let appended = 0;
    try {
      size = statSync(task.sourcePath).size;
      // a paired brief's output carries its record documents too
      if ('records' in task && task.records) for (const r of task.records) appended += statSync(r.sourcePath).size;
    } catch {
      // a missing file fails in the worker, with the reason it gives
    }
    const refusal = memoryRefusal(size, limits.memoryMb, { appendedBytes: appended, incrementalFrom: incrementalFrom(limits) });
    if (refusal) return Promise.reject(new PdfTaskError('too-large', refusal));
  }
  return new Promise((resolve, reject) => {
    const common = { memoryMb: limits.memoryMb, incrementalFrom: incrementalFrom(limits) };
    const worker = startTsWorker(WORKER, { ...task, limits: pageLimits(limits.memoryMb, limits.drawingBudgetMb), ...common }, {
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(16, limits.memoryMb / 32)) },
    });
    let settled = false;
    let pages = 0;
    const started = Date.now();
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    let timer: NodeJS.Timeout;
    let limitMs = 0;
    const arm = () => {
      clearTimeout(timer);
      limitMs = timeLimitMs(limits, pages);
      timer = setTimeout(() => {
        const s = Math.round((Date.now() - started) / 1000);
        settle(() => reject(new PdfTaskError('too-slow', `this PDF took longer than allowed: ${s} s${pages ? ` for ${pages} pages` : ''} (the limit is ${Math.round(limitMs / 1000)} s)`)));
      }, Math.max(0, started + limitMs - Date.now()));
    };
    arm();
    const signal = control?.signal;
    if (signal) {
      const stop = () => settle(() => reject(new PdfTaskError('stopped', 'the task was stopped')));
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    }
    worker.on('message', (m: PdfTaskMessage) => {
      if (m.type === 'progress') {
        const { type: _t, ...p } = m;
        if (p.phase === 'text' && p.total !== pages) {
          pages = p.total;
          arm();
        }
        // work measured as it goes: a document that cannot end in time is refused now, not at its limit
        const slow = paceRefusal(limitMs, Date.now() - started, p.done, p.total);
        if (slow) {
          settle(() => reject(new PdfTaskError('too-slow', slow)));
          return;
        }
        onProgress?.(p);
      } else if (m.type === 'result') settle(() => resolve(m.result as Outcome));
      else settle(() => reject(new PdfTaskError(m.code, m.message)));
    });
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new PdfTaskError('too-large', `${TOO_LARGE_PREFIX}: its processing used more than ${limits.memoryMb} MB`)
            : new PdfTaskError('internal', err.message),
        ),
      ),
    );
    worker.on('exit', (code) => settle(() => reject(new PdfTaskError('internal', `PDF worker stopped (exit code ${code})`))));
  });
}

/** The reason a user reads when a PDF cannot be processed. */
export function failureText(err: unknown): string {
  // a full disk or quota, however the error came (a worker thread passes on only its text)
  if (isOutOfSpace(err)) return OUT_OF_SPACE_TASK;
  if (err instanceof PdfTaskError) {
    if (err.code === 'password-protected') return 'This PDF is password-protected. Remove the password and upload it again.';
    if (err.code === 'damaged') return 'This PDF is damaged and cannot be read. Export it again from its source and reupload it.';
    if (err.code === 'not-pdf') return 'This file is not a PDF.';
    if (err.code === 'bad-index-pages') return `The index pages set by hand are not in this document: ${err.message}`;
    if (err.code === 'too-large' || err.code === 'too-slow') {
      const settings = err.message.startsWith(TOO_COSTLY_PREFIX)
        ? 'PDF_DRAWING_BUDGET_MB'
        : err.code === 'too-slow'
          ? 'PDF_SECONDS_PER_PAGE, PDF_MAX_SECONDS'
          : 'PDF_MEMORY_MB';
      return `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}. Retry once the limits are raised (${settings}), or split the PDF and upload its parts.`;
    }
    return `Processing failed: ${err.message}`;
  }
  return `Processing failed: ${(err as Error)?.message ?? String(err)}`;
}
