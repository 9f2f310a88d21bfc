#!/usr/bin/env node
// The `brieflink` command: runs the engine CLI, bundled by bin/engine-bundle.js (rebuilt when its
// sources changed) and run on a thread of its own, or from its TypeScript sources when no bundle can be built.
import { runEngineCli } from './engine-bundle.js';

process.exitCode = await runEngineCli(process.argv.slice(2));
