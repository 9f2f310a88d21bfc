import { Worker, type WorkerOptions } from 'node:worker_threads';

const TS_WORKER = new URL('./ts-worker.js', import.meta.url);

/**
 * Start a worker thread running a TypeScript module. `entry` is the module's URL
 * (new URL('./x.worker.ts', import.meta.url)); `data` reaches it as workerData.data.
 */
export function startTsWorker(entry: URL, data?: unknown, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  return new Worker(TS_WORKER, { ...options, workerData: { entry: entry.href, data } });
}
