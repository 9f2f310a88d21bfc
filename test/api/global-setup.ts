// One PostgreSQL server for the whole API test run: the machine's (DATABASE_URL) when set, otherwise
// an embedded one in a temporary directory on a free port. Each test file creates its own database.
import type { TestProject } from 'vitest/node';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded } from '../../src/server/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose user may CREATE DATABASE. */
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const external = process.env.DATABASE_URL?.trim();
  if (external) {
    project.provide('adminDatabaseUrl', external);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-api-pg-'));
  chmodSync(dir, 0o755); // run as root, the server runs as "postgres", which must enter it
  const server = await startEmbedded(dir, { log: () => undefined });
  project.provide('adminDatabaseUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
