// Entry point for worker threads whose code is TypeScript: registers the tsx loader inside the
// worker (loader hooks are not inherited by workers on Node 20), then runs the real module.
// Usage: new Worker(TS_WORKER, { workerData: { entry: <file URL of the .ts module>, ... } })
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
