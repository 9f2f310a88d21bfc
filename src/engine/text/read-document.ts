import { ocrPages } from '../ocr/index.ts';
import type { PdfDoc, PdfSource } from '../pdf/types.ts';
import type { PageText } from '../types.ts';
import { extractAllText } from './extract-text.ts';

/** Pages in the first part of a document, where an index usually stands: OCR'd first. */
export const LIKELY_INDEX_PAGES = 15;

export interface ReadProgress {
  /** 'index': pages read in full where the index needs them, after the first reading (read-for-links.ts). */
  phase: 'text' | 'ocr' | 'index';
  done: number;
  total: number;
  etaMs?: number;
  avgMsPerPage?: number;
}

export interface ReadOptions {
  ocr?: 'auto' | 'off';
  ocrWorkers?: number;
  /** Only OCR these pages (of those that need it); default: all pages that need it. */
  ocrOnly?: (page: number) => boolean;
  /** Pages to OCR before the others (e.g. explicit index pages). */
  ocrFirst?: number[];
  onProgress?: (e: ReadProgress) => void;
  /** Read only what the destinations need from dense scanned pages (ocr/quick-read.ts): those come back `partial`. */
  quick?: boolean;
  /** What reads pages by OCR (default ocrPages; a caller may put a cache of earlier readings in front of it). */
  reader?: typeof ocrPages;
}

export interface ReadResult {
  pages: PageText[];
  needsOcr: number[];
  ocrFailed: Array<{ page: number; error: string }>;
}

/** OCR order: the given pages first, then the likely index pages, then the rest, each ascending. */
export function ocrOrder(pages: number[], first: number[] = []): number[] {
  const want = new Set(pages);
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (p: number) => {
    if (want.has(p) && !seen.has(p)) {
      seen.add(p);
      out.push(p);
    }
  };
  first.forEach(add);
  [...pages].sort((a, b) => a - b).forEach((p) => p <= LIKELY_INDEX_PAGES && add(p));
  [...pages].sort((a, b) => a - b).forEach(add);
  return out;
}

/**
 * Every page's text: the text layer, then OCR for the pages without a usable one (unless OCR is
 * off). A page whose OCR fails keeps its text-layer result and is reported in ocrFailed.
 */
export async function readDocument(source: PdfSource, doc: PdfDoc, opts: ReadOptions = {}): Promise<ReadResult> {
  const { pages, needsOcr } = await extractAllText(source, {
    onProgress: (done, total) => opts.onProgress?.({ phase: 'text', done, total }),
  }, doc);
  const ocrFailed: ReadResult['ocrFailed'] = [];
  const todo = ocrOrder(needsOcr.filter((p) => opts.ocrOnly?.(p) ?? true), opts.ocrFirst);
  if (opts.ocr !== 'off' && todo.length > 0) {
    try {
      const res = await (opts.reader ?? ocrPages)(source, todo, {
        ...(opts.ocrWorkers ? { workers: opts.ocrWorkers } : {}),
        ...(opts.quick ? { quick: true } : {}),
        onProgress: (p) =>
          opts.onProgress?.({ phase: 'ocr', done: p.done, total: p.total, etaMs: p.etaMs, avgMsPerPage: p.avgMsPerPage }),
      });
      for (const pt of res.pages) pages[pt.page - 1] = pt;
      ocrFailed.push(...res.failed);
    } catch (err) {
      // OCR as a whole unavailable (no engine, no language data): every page is reported, the run goes on
      const error = `OCR unavailable: ${(err as Error).message}`;
      ocrFailed.push(...todo.map((page) => ({ page, error })));
    }
  }
  return { pages, needsOcr, ocrFailed };
}
