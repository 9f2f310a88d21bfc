import { parentPort, workerData } from 'node:worker_threads';
import { openPdf } from '../pdf/index.ts';
import { analyseChunk, claimChunks, type ExtractJob, type PackedChunk } from './chunks.ts';
import { packPages } from './pack.ts';

// Worker: opens the document itself and analyses chunks of pages claimed from the shared counter
// until none are left, posting each chunk's result as it is done. Its job comes with it, or, for a
// thread started before the document was open (prestartTextWorkers), in the first message it gets.
const port = parentPort!;

function run(job: ExtractJob): void {
  try {
    const doc = openPdf(job.source);
    try {
      claimChunks(job, (first, last) => {
        const { pages, needsOcr } = analyseChunk(doc, first, last);
        const result: PackedChunk = { first, packed: packPages(pages), needsOcr };
        port.postMessage({ type: 'chunk', result }, [result.packed.nums.buffer as ArrayBuffer, result.packed.counts.buffer as ArrayBuffer]);
      });
    } finally {
      doc.close();
    }
    port.postMessage({ type: 'done' });
  } catch (err) {
    port.postMessage({ type: 'error', message: (err as Error).message, code: (err as { code?: string }).code });
  }
}

const given = (workerData as { data: ExtractJob | null }).data;
if (given) run(given);
else port.once('message', (m: { job: ExtractJob }) => run(m.job));
