// The bundled engine CLI on the thread bin/engine-bundle.js starts for it: its exit status goes back to the
// process's main thread, which ends with it.
import { parentPort, workerData } from 'node:worker_threads';

const { main } = await import(workerData.cli);
parentPort.postMessage(await main(process.argv.slice(2)));
