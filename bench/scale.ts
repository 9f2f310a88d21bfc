/**
 * Scale-out benchmark (`npm run bench:scale`): throughput of the job workers with one and with two
 * `ROLE=worker` processes (`node bin/start.js`) beside one `ROLE=api` process, on one PostgreSQL and
 * one shared STORAGE_DIR, on the same input: small generated briefs, some of their pages scanned (read
 * by OCR), so the work is CPU-bound. Uploads every brief through the API process at once and times
 * from the first upload to the last document done. Prints pages per second, briefs per minute, the
 * briefs each worker ran (documents.process_worker) and the CPU each worker process used (utime +
 * stime from /proc/<pid>/stat, its worker threads included) as cores over the run.
 *
 * PostgreSQL: SCALE_DATABASE_URL or DATABASE_URL (a server whose user may create databases; a fresh
 * database per run, dropped after), else an embedded one in a temporary directory.
 *
 *   npx tsx bench/scale.ts [--briefs 10] [--tabs 5] [--body-pages 2] [--scanned 4] [--workers 1,2]
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, hostname, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, startEmbedded, type EmbeddedServer } from '../src/server/db/embedded.ts';
import { smallBrief, type SmallBrief } from '../test/api/support/small-briefs.ts';
import { Client, finished, startServer, waitFor, type ServerProcess } from '../test/faults/support/server.ts';

const { values } = parseArgs({
  options: {
    briefs: { type: 'string', default: '10' },
    tabs: { type: 'string', default: '5' },
    'body-pages': { type: 'string', default: '2' },
    scanned: { type: 'string', default: '4' },
    workers: { type: 'string', default: '1,2' },
  },
});
const BRIEFS = Number(values.briefs);
const TABS = Number(values.tabs);
const BODY = Number(values['body-pages']);
const SCANNED = Number(values.scanned);
const WORKER_COUNTS = values.workers.split(',').map(Number);
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU seconds a process used so far (all its threads). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime, stime (fields 14, 15)
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function adminQuery(url: string, query: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

interface RunResult {
  workers: number;
  seconds: number;
  pages: number;
  byWorker: { id: string; briefs: number; cpuS: number }[];
}

async function run(adminUrl: string, workerCount: number, input: SmallBrief[], dir: string): Promise<RunResult> {
  const dbName = `brieflink_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const storageDir = join(dir, `files-${workerCount}`);
  mkdirSync(storageDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = (role: string, name: string) => ({
    ROLE: role,
    DATABASE_URL: url.href,
    DATA_DIR: join(dir, `${name}-${workerCount}`),
    STORAGE_DIR: storageDir,
    PORT: String(role === 'api' ? port : 0),
    REGISTRATION: 'open',
    LOG_LEVEL: 'warn',
  });
  const processes: ServerProcess[] = [];
  const sql = new pg.Client({ connectionString: url.href });
  try {
    const api = startServer(env('api', 'api'));
    processes.push(api);
    await waitFor('api start', async () => (await fetch(`${base}/api/ready`)).ok, 120_000, api.output);
    const workers = Array.from({ length: workerCount }, (_, i) => startServer({ ...env('worker', `worker-${i + 1}`), LOG_LEVEL: 'info' }));
    processes.push(...workers);
    for (const w of workers) await waitFor('worker start', async () => w.output().includes('worker started'), 120_000, w.output);
    await sql.connect();

    const client = await Client.signUp(base);
    const caseId = await client.createCase(`BENCH-${workerCount}`);
    const cpuBefore = workers.map((w) => cpuSeconds(w.child.pid!));
    const t0 = performance.now();
    const ids = await Promise.all(input.map((b) => client.uploadOk(caseId, b.bytes, `${b.name}.pdf`)));
    await waitFor('every brief done', async () => {
      const docs = await Promise.all(ids.map((id) => client.document(id)));
      return docs.every(finished);
    }, 3_600_000, () => workers.map((w) => w.output()).join('\n'));
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = workers.map((w) => cpuSeconds(w.child.pid!));
    const failed = (await sql.query("select count(*)::int as n from documents where status <> 'completed'")).rows[0].n as number;
    if (failed) throw new Error(`${failed} briefs did not complete`);
    const counts = (await sql.query<{ w: string; n: number }>('select process_worker as w, count(*)::int as n from documents group by 1')).rows;
    return {
      workers: workerCount,
      seconds,
      pages: input.reduce((n, b) => n + b.pages, 0),
      byWorker: workers.map((w, i) => {
        const id = `${hostname()}:${w.child.pid}`;
        return { id, briefs: counts.find((c) => c.w === id)?.n ?? 0, cpuS: cpuAfter[i]! - cpuBefore[i]! };
      }),
    };
  } finally {
    await sql.end().catch(() => undefined);
    await Promise.all(processes.map((p) => p.stop()));
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-bench-scale-'));
  chmodSync(dir, 0o755); // run as root, the embedded PostgreSQL runs as "postgres", which must enter it
  let embedded: EmbeddedServer | null = null;
  try {
    let adminUrl = process.env.SCALE_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
    if (!adminUrl) {
      embedded = await startEmbedded(join(dir, 'pg'), { log: () => undefined });
      adminUrl = embedded.url;
    }
    const input = await Promise.all(Array.from({ length: BRIEFS }, (_, i) => smallBrief(`bench-scale-${i + 1}`, TABS, BODY, SCANNED)));
    const pages = input.reduce((n, b) => n + b.pages, 0);
    const scanned = input.reduce((n, b) => n + b.scannedPages, 0);
    console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
    console.log(`database: ${embedded ? 'embedded PostgreSQL' : 'external PostgreSQL'}; OCR threads per worker: ${process.env.OCR_WORKERS ?? `${availableParallelism()} (cores)`}`);
    console.log(`input: ${BRIEFS} briefs × ${input[0]!.pages} pages (${TABS} tabs), ${pages} pages in all, ${scanned} of them scanned (OCR)`);
    const results: RunResult[] = [];
    for (const n of WORKER_COUNTS) {
      console.log(`load before ${n} worker(s): ${load()}`);
      const r = await run(adminUrl, n, input, dir);
      results.push(r);
      console.log(
        `${n} worker process(es): ${r.seconds.toFixed(1)} s, ${(r.pages / r.seconds).toFixed(2)} pages/s, ` +
          `${((BRIEFS / r.seconds) * 60).toFixed(1)} briefs/min`,
      );
      for (const w of r.byWorker) {
        console.log(`  worker ${w.id}: ${w.briefs} briefs, ${w.cpuS.toFixed(1)} CPU s, ${(w.cpuS / r.seconds).toFixed(2)} cores`);
      }
      // CPU time depends far less on other load than wall time: what the work costs, whatever the machine is doing.
      const cpu = r.byWorker.reduce((n, w) => n + w.cpuS, 0);
      console.log(`  work: ${(cpu / BRIEFS).toFixed(1)} CPU s per brief, ${(r.pages / cpu).toFixed(2)} pages per CPU second`);
    }
    if (results.length > 1) {
      const [one, ...rest] = results;
      for (const r of rest) console.log(`speed-up ${r.workers} vs ${one!.workers} worker(s): ${(one!.seconds / r.seconds).toFixed(2)}×`);
    }
    console.log(`load after: ${load()} (other processes on the machine share its cores: wall times and cores used depend on them)`);
  } finally {
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
