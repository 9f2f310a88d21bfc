import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const TS_WORKER = new URL('./ts-worker.js', import.meta.url);

/** Defined (as true) only in the bundled engine that bin/engine-bundle.js builds. */
declare const BRIEFLINK_BUNDLE: boolean | undefined;

/**
 * Start a worker thread running a TypeScript module. `entry` is the module's URL
 * (new URL('./x.worker.ts', import.meta.url)); `data` reaches it as workerData.data.
 * In the bundled engine every worker entry is a sibling `x.worker.mjs` of the running bundle and
 * runs as it is; the server, from its sources, starts the bundled copies of its workers when it has
 * them; otherwise the worker loads the TypeScript through tsx.
 */
export function startTsWorker(entry: URL, data?: unknown, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  if (typeof BRIEFLINK_BUNDLE !== 'undefined' && BRIEFLINK_BUNDLE) {
    return new Worker(new URL(entry.href.replace(/\.ts$/, '.mjs')), { ...options, workerData: { data } });
  }
  const bundled = workerBundleFile(entry);
  if (bundled) return new Worker(bundled, { ...options, workerData: { data } });
  return new Worker(TS_WORKER, { ...options, workerData: { entry: entry.href, data } });
}

/**
 * The bundled copy of a worker entry when the server runs with its workers bundled (bin/start.js sets
 * BRIEFLINK_WORKER_BUNDLE to their folder): `x.worker.ts` runs as `<folder>/x.worker.mjs`.
 */
function workerBundleFile(entry: URL): URL | null {
  const dir = process.env.BRIEFLINK_WORKER_BUNDLE;
  if (!dir || entry.protocol !== 'file:') return null;
  const file = join(dir, basename(fileURLToPath(entry)).replace(/\.ts$/, '.mjs'));
  return existsSync(file) ? pathToFileURL(file) : null;
}
