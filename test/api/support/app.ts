// The real app on a real database for API tests: fresh database, migrations, the real job queue,
// and a logger whose output the test can read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../../src/server/app.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../../../src/server/db/client.ts';
import { startQueue, type JobQueue } from '../../../src/server/jobs/queue.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { Storage } from '../../../src/server/storage/files.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  storage: Storage;
  queue: JobQueue;
  /** Everything the app logged so far (pino JSON lines). */
  logs(): string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webRoot?: string;
  rateLimits?: AppDeps['rateLimits'];
  /** Share a database with another TestApp instead of creating one. */
  databaseUrl?: string;
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brieflink-api-'));
  const testDb: TestDatabase | null = opts.databaseUrl ? null : await createTestDatabase();
  const url = opts.databaseUrl ?? testDb!.url;
  // Open sign-up unless a test says otherwise: most tests need several accounts and are not about who
  // may have one (test/api/accounts.test.ts is, and sets REGISTRATION itself).
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', DATABASE_URL: url, REGISTRATION: 'open', ...opts.env });
  let captured = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      captured += chunk.toString('utf8');
      done();
    },
  });
  const logger = createLogger(config.logLevel, sink);
  const database = openDatabase(url, 5);
  await migrateDatabase(database);
  const storage = new Storage(config.storageDir);
  const queue = await startQueue(url, { db: database.db, storage, config, log: logger }, false);
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    logger,
    queueState: () => queue.state(),
    jobs: queue,
    webRoot: opts.webRoot,
    rateLimits: opts.rateLimits,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    storage,
    queue,
    logs: () => captured,
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
      await testDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie's `name=value` from a response, for the next request. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((k) => k.name === 'brieflink_session');
  if (!c) throw new Error('no session cookie in the response');
  return `brieflink_session=${c.value}`;
}

let counter = 0;
export function newAccount(domain = 'example.com') {
  counter += 1;
  return {
    email: `user${counter}.${Date.now()}@${domain}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    password: `S3cret-pass-${counter}-${Math.random().toString(36).slice(2)}`,
  };
}

export async function signUp(app: FastifyInstance, domain?: string): Promise<{ cookie: string; account: ReturnType<typeof newAccount>; id: string }> {
  const account = newAccount(domain);
  const res = await app.inject({ method: 'POST', url: '/api/auth/local/register', payload: account });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), account, id: res.json().id };
}
