// `npm run sample [-- --small] [-- --rebuild]`: creates the sample case SAMPLE-001 (sample-case.ts) in
// the database `npm start` uses (same settings: DATA_DIR, DATABASE_URL, STORAGE_DIR) and builds its
// three masters' links with the job queue's own workers, then prints what was built and how long it
// took. `--rebuild` builds the links of an existing sample again (the overview's rebuild). With the
// server running on the same DATA_DIR the directory is locked: use 'Create the sample case' on the
// Hyperlinks page (/links) instead, or point DATABASE_URL at a shared PostgreSQL.
import { ConfigError, loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase, withStartupLock } from '../db/client.ts';
import { startEmbedded } from '../db/embedded.ts';
import { queueLinking, queueProcessing, type JobSender } from '../documents/processing-state.ts';
import { deterministicStatus } from '../hyperlinks/overview.ts';
import { startQueue } from '../jobs/queue.ts';
import { lockDataDir } from '../lifecycle/data-dir-lock.ts';
import { createLogger } from '../logger.ts';
import { Storage } from '../storage/files.ts';
import { createSampleCase, findSampleCase, isComplete, waitUntilSettled } from './sample-case.ts';

const size = process.argv.includes('--small') ? 'small' : 'full';
const rebuild = process.argv.includes('--rebuild');
const out = (s: string) => process.stdout.write(`${s}\n`);

let config;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`brieflink sample: ${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}
let lock;
try {
  lock = lockDataDir(config.dataDir);
} catch (err) {
  process.stderr.write(`brieflink sample: ${(err as Error).message}\nWith the server running, create the sample case on the Hyperlinks page (/links) instead.\n`);
  process.exit(1);
}
const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
const started = performance.now();
const stops: Array<() => Promise<void>> = [];
try {
  let url = config.databaseUrl;
  if (!url) {
    const embedded = await startEmbedded(config.dataDir, { port: config.embeddedPgPort, log: () => undefined });
    stops.push(() => embedded.stop());
    url = embedded.url;
  }
  const database = openDatabase(url);
  stops.push(() => database.close());
  await migrateDatabase(database);
  const storage = new Storage(config.storageDir);
  const queue = await startQueue(url, { db: database.db, storage, config, log }, true, (fn) => withStartupLock(database, fn));
  stops.push(() => queue.stop());
  const send: JobSender = (kind, data) => queue.send(kind, data);
  const existed = isComplete(await findSampleCase(database.db));
  const sample = await createSampleCase({ db: database.db, storage, send }, null, size);
  const docs = Object.values(sample.docs);
  // a document left failed or never built by an earlier run is built again, every one with --rebuild
  for (const d of docs) {
    if (d.indexStatus === 'error') await queueProcessing(database.db, send, d.id);
    if (d.aiProcessingStatus === 'none' || d.aiProcessingStatus === 'failed' || (rebuild && existed)) await queueLinking(database.db, send, d.id);
  }
  out(existed
    ? `Sample case SAMPLE-001 exists${rebuild ? '; building its links again…' : ''}`
    : `Sample case SAMPLE-001 (${size}): ${docs.length} documents generated; processing them and building their links…`);
  await waitUntilSettled(database.db, docs.map((d) => d.id), 30 * 60_000);
  const status = await deterministicStatus(database.db);
  for (const k of ['supp13', 'doc63', 'tr5'] as const) {
    const m = status[k];
    out(`  ${k}: ${m.title ?? '(missing)'}, ${m.pageCount ?? '?'} pages, ${m.built}/${m.total} links built${m.error ? ` (${m.error})` : ''}`);
  }
  out(`${status.status === 'ready' ? 'Ready' : `Not ready (${status.status})`}: ${status.totalLinks} links in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = status.status === 'ready' ? 0 : 2;
} catch (err) {
  process.stderr.write(`brieflink sample: ${(err as Error).stack ?? String(err)}\n`);
  process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  lock.release();
}
process.exit();
