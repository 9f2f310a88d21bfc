#!/usr/bin/env node
// `npm start`: runs the server from its TypeScript source, and its worker threads from a bundle of theirs.
// The server builds the web app first when the build is missing or older than its sources.
import { register } from 'tsx/esm/api';
import { prepareServerWorkers } from './engine-bundle.js';

// the worker threads run bundled (bin/engine-bundle.js); the server itself from its sources
const workers = await prepareServerWorkers();
if (workers) process.env.BRIEFLINK_WORKER_BUNDLE = workers;
register();
await import('../src/server/main.ts');
