import type { PageText, ReadBands } from '../types.ts';

export type OcrEngineName = 'tesseract-js' | 'tesseract-cli';

/** workerData.data of an OCR worker. */
export interface OcrWorkerInit {
  /** The PDF: its bytes shared by all workers, or its file, which each worker reads from disk. */
  pdf: SharedArrayBuffer | { path: string };
  engine: OcrEngineName;
  dpi: number;
  /** Horizontal squeeze of a dense page's first reading (tesseract.js only); 1 = none. */
  narrowing: number;
  /** Read only what the destinations need from dense pages (quick-read.ts); such pages come back `partial`. */
  quick?: boolean;
  /** The pages are index pages: read the way index pages are, whatever a first reading looks like. */
  asIndex?: boolean;
}

/**
 * Main thread -> worker. A page given with `bands` (a partial page's, in points) is read only between
 * them, its middle band (middle-band.ts).
 */
export type ToWorker = { type: 'page'; page: number; bands?: ReadBands } | { type: 'close' };

/** Worker -> main thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-failed'; error: string }
  /**
   * `middle`: `text` holds only the words of the middle band the page was given with, to merge with
   * its partial reading (completePage); without it `text` is the whole page (read in full when its
   * middle band could not be read alone).
   */
  | { type: 'done'; page: number; text: PageText; ms: number; middle?: true }
  | { type: 'failed'; page: number; error: string }
  | { type: 'closed' };
