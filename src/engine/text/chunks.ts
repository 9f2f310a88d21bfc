import type { PdfDoc, PdfSource } from '../pdf/types.ts';
import type { PageText } from '../types.ts';
import type { PackedPages } from './pack.ts';

/** Work shared between threads: pages 1..pageCount in chunks, claimed through an atomic counter. */
export interface ExtractJob {
  /** The document each worker opens: bytes over a SharedArrayBuffer, or a file each reads from disk. */
  source: PdfSource;
  pageCount: number;
  chunkSize: number;
  /** Int32Array over a SharedArrayBuffer; [0] is the next chunk index to hand out. */
  counter: Int32Array;
}

export interface ChunkResult {
  first: number;
  pages: PageText[];
  needsOcr: number[];
}

/** A chunk as a worker posts it: pages packed (see pack.ts). */
export interface PackedChunk {
  first: number;
  packed: PackedPages;
  needsOcr: number[];
}

/** Claim chunks until none are left, calling `work(firstPage, lastPage)` for each (1-based, inclusive). */
export function claimChunks(job: ExtractJob, work: (first: number, last: number) => void): void {
  const chunks = Math.ceil(job.pageCount / job.chunkSize);
  for (;;) {
    const i = Atomics.add(job.counter, 0, 1);
    if (i >= chunks) return;
    const first = i * job.chunkSize + 1;
    work(first, Math.min(job.pageCount, first + job.chunkSize - 1));
  }
}

/**
 * Read pages first..last. A page MuPDF cannot read (a broken content stream in a repaired file)
 * comes back empty with source 'none' and is listed for OCR, instead of failing the document.
 * What the library decoded for the chunk (fonts, the images of scanned or illustrated pages) is let
 * go after it when the document is read from its file: kept, it grew a thread's memory by up to the
 * library's cache size (256 MB) on big files.
 */
export function analyseChunk(doc: PdfDoc, first: number, last: number): ChunkResult {
  const r: ChunkResult = { first, pages: [], needsOcr: [] };
  for (let p = first; p <= last; p++) {
    try {
      const a = doc.analysePage(p);
      r.pages.push(a.text);
      if (a.needsOcr) r.needsOcr.push(p);
    } catch {
      r.pages.push({ page: p, width: 612, height: 792, lines: [], source: 'none', confidence: 0 });
      r.needsOcr.push(p);
    }
  }
  doc.dropCaches();
  return r;
}
