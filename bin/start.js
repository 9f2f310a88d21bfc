#!/usr/bin/env node
// `npm start`: runs the server from its TypeScript source. The server builds the web app first
// when the build is missing or older than its sources.
import { register } from 'tsx/esm/api';

register();
await import('../src/server/main.ts');
