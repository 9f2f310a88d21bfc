import type { PageText } from '../types.ts';
import type { PackedPages } from './pack.ts';

/** Work shared between threads: pages 1..pageCount in chunks, claimed through an atomic counter. */
export interface ExtractJob {
  bytes: Uint8Array;
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
