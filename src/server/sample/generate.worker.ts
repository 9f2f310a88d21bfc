// Worker thread that generates the sample case's documents (about 1,700 pages written with pdf-lib: tens
// of seconds of CPU), so the server's event loop keeps answering meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { generateSampleDocuments, type SampleSize } from './generate.ts';

const { size } = (workerData as { data: { size: SampleSize } }).data;
try {
  const docs = await generateSampleDocuments(size);
  parentPort!.postMessage({ ok: true, docs }, docs.map((d) => d.bytes.buffer as ArrayBuffer));
} catch (err) {
  parentPort!.postMessage({ ok: false, error: (err as Error).stack ?? String(err) });
}
