#!/usr/bin/env node
// The `brieflink` command: runs the engine CLI, bundled by bin/engine-bundle.js (rebuilt when its
// sources changed), or from its TypeScript sources when no bundle can be built.
import { loadEngineCli } from './engine-bundle.js';

const { main } = await loadEngineCli();
process.exitCode = await main(process.argv.slice(2));
