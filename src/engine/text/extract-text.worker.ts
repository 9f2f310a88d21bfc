import { parentPort, workerData } from 'node:worker_threads';
import { openPdf } from '../pdf/index.ts';
import { claimChunks, type ChunkResult, type ExtractJob } from './chunks.ts';

// Worker: opens the document itself and analyses chunks of pages claimed from the shared counter
// until none are left, posting each chunk's result as it is done.
const job = (workerData as { data: ExtractJob }).data;
const port = parentPort!;
try {
  const doc = openPdf(job.bytes);
  try {
    claimChunks(job, (first, last) => {
      const result: ChunkResult = { first, pages: [], needsOcr: [] };
      for (let p = first; p <= last; p++) {
        const a = doc.analysePage(p);
        result.pages.push(a.text);
        if (a.needsOcr) result.needsOcr.push(p);
      }
      port.postMessage({ type: 'chunk', result });
    });
  } finally {
    doc.close();
  }
  port.postMessage({ type: 'done' });
} catch (err) {
  port.postMessage({ type: 'error', message: (err as Error).message, code: (err as { code?: string }).code });
}
