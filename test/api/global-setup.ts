// One PostgreSQL server for the whole API test run: the machine's (DATABASE_URL) when set, otherwise
// an embedded one in a temporary directory on a free port. Each test file creates its own database.
import type { TestProject } from 'vitest/node';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbedded } from '../../src/server/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose user may CREATE DATABASE. */
    adminDatabaseUrl: string;
  }
}

/** The named database may not exist yet on a fresh server: create it through the `postgres` database. */
async function ensureDatabaseExists(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (err) {
    await probe.end().catch(() => undefined);
    if ((err as { code?: string }).code !== '3D000') throw err;
  }
  const name = new URL(url).pathname.slice(1);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.href });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const external = process.env.DATABASE_URL?.trim();
  if (external) {
    await ensureDatabaseExists(external);
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
