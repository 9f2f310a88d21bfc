#!/usr/bin/env node
// The `brieflink` command: runs the engine CLI from its TypeScript source (no build step needed).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/engine/cli.ts');
process.exitCode = await main(process.argv.slice(2));
