// `npm start`: config → DATA_DIR lock → database (embedded or DATABASE_URL) → migrations → job queue
// → web build when stale → serve → listen. SIGTERM/SIGINT shut everything down in reverse order.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { migrateDatabase, openDatabase, withStartupLock } from './db/client.ts';
import { startEmbedded, type EmbeddedServer } from './db/embedded.ts';
import { WORKER_ID } from './documents/processing-state.ts';
import { startQueue, type JobQueue } from './jobs/queue.ts';
import { lockDataDir, type DataDirLock } from './lifecycle/data-dir-lock.ts';
import { createLogger } from './logger.ts';
import { Storage } from './storage/files.ts';
import { ensureWebBuild } from './web/build.ts';

const started = performance.now();
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const webRoot = join(repoRoot, 'dist/web');

function fail(message: string): never {
  process.stderr.write(`brieflink: ${message}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}

const log = createLogger(config.logLevel);
if (config.registration === 'open') {
  log.warn('REGISTRATION=open: anyone who can reach this server can create an account and see every case');
}
if (!config.oidc && config.allowedEmailDomains.length) {
  log.warn('ALLOWED_EMAIL_DOMAINS with local accounts: addresses are not verified, so anyone may sign up with one of those domains');
}
let lock: DataDirLock;
try {
  lock = lockDataDir(config.dataDir);
} catch (err) {
  fail((err as Error).message);
}

const cleanups: (() => Promise<void>)[] = [];
/** The embedded PostgreSQL, stopped last on shutdown, and also when the shutdown runs out of time. */
let embeddedDb: EmbeddedServer | null = null;
async function runCleanups(): Promise<void> {
  for (const step of cleanups.reverse()) {
    await step().catch((err: unknown) => log.error({ err }, 'shutdown step failed'));
  }
  cleanups.length = 0;
  lock.release();
}

async function start(): Promise<void> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded: EmbeddedServer = await startEmbedded(config.dataDir, {
      port: config.embeddedPgPort,
      log: (m) => log.info(m),
    });
    embeddedDb = embedded;
    cleanups.push(async () => {
      await embedded.stop();
      embeddedDb = null;
    });
    databaseUrl = embedded.url;
    log.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  // What the server writes from here on (stored files, the engine's outputs, in every worker thread)
  // only its own user may read: files 0600, folders 0700. (After the embedded PostgreSQL started: run
  // as root, its user must still be able to enter DATA_DIR.)
  process.umask(0o077);
  const database = openDatabase(databaseUrl);
  cleanups.push(() => database.close());
  await migrateDatabase(database);

  const storage = new Storage(config.storageDir);
  const queue: JobQueue = await startQueue(
    databaseUrl,
    { db: database.db, storage, config, log: log.child({ component: 'jobs' }) },
    config.role !== 'api',
    (fn) => withStartupLock(database, fn),
  );
  cleanups.push(() => queue.stop());

  if (config.role === 'worker') {
    log.info({ ms: Math.round(performance.now() - started), worker: WORKER_ID }, 'worker started');
    return;
  }
  if (process.env.BRIEFLINK_SKIP_WEB_BUILD !== '1') {
    const t = performance.now();
    const result = await ensureWebBuild(repoRoot, webRoot, (m) => log.info(m));
    if (result === 'built') log.info({ ms: Math.round(performance.now() - t) }, 'web app built');
  }
  const app = await buildApp({ config, db: database.db, storage, logger: log, queueState: () => queue.state(), webRoot, jobs: queue });
  cleanups.push(() => app.close());
  // A deep queue of connections not yet accepted (the kernel caps it at net.core.somaxconn): in a flood
  // of new connections, a health check's is not dropped before the limits can answer it.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  log.info(
    { ms: Math.round(performance.now() - started), sinceProcessStartMs: Math.round(process.uptime() * 1000), port: config.port },
    'Brieflink started',
  );
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  // Past the time allowed (a job that does not stop), the process ends anyway: never leaving the
  // embedded PostgreSQL running behind it.
  let forced = false;
  const force = setTimeout(() => {
    forced = true;
    log.error('shutdown took too long; stopping the database and exiting');
    void (embeddedDb?.stopNow() ?? Promise.resolve())
      .catch((err: unknown) => log.error({ err }, 'the embedded PostgreSQL did not stop'))
      .finally(() => {
        lock.release();
        log.flush();
        process.exit(1);
      });
  }, config.shutdownMs ?? 30_000);
  force.unref();
  await runCleanups();
  // (once past its time, the forced exit ends the process, with 1: the cleanups may finish meanwhile, the
  // database stopped under them)
  if (forced) return;
  log.info('stopped');
  log.flush();
  process.exit(0);
}
// A database that goes away must not end the process: what failed is retried once it is back (the
// reaper, the queue's own loops) and requests answer 503 meanwhile. Anything else still ends it, so
// that the supervisor (deploy/brieflink.service) starts it afresh.
process.on('unhandledRejection', (err) => {
  if (isDatabaseUnavailable(err)) {
    log.error({ err }, 'database unavailable');
    return;
  }
  log.fatal({ err }, 'unhandled rejection');
  log.flush();
  process.exit(1);
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await start();
} catch (err) {
  log.fatal({ err }, 'start-up failed');
  log.flush();
  await runCleanups();
  fail(err instanceof Error ? err.message : String(err));
}
