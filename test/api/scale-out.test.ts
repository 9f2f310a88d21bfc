// The README's scale-out setup, for real: one `ROLE=api` process and two `ROLE=worker` processes
// (`node bin/start.js` each) on one external PostgreSQL and one shared STORAGE_DIR. Ten briefs uploaded
// through the API process are spread over both workers; the worker running the scanned brief is killed
// with SIGKILL mid-job and the other worker finishes it; every document ends done with its index items,
// each document's result stored exactly once; and the API process's event stream relays the progress
// of the job running in a worker process (PostgreSQL NOTIFY).
//
// Needs an external PostgreSQL server (the processes share it): SCALE_DATABASE_URL or DATABASE_URL,
// whose user may create databases. CI runs the API tests with DATABASE_URL set (.ci/run).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { Client, finished, startServer, waitFor, type ServerProcess } from '../faults/support/server.ts';
import { smallBrief, type SmallBrief } from './support/small-briefs.ts';

const adminUrl = process.env.SCALE_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
if (!adminUrl) {
  process.stdout.write(
    '[scale-out] skipped: no external PostgreSQL configured (set SCALE_DATABASE_URL or DATABASE_URL to a server whose user may create databases)\n',
  );
}

/** Ten small briefs (12 pages, 5 tabs): the first with its last 6 pages scanned (its job, OCR, is the one killed). */
const briefs = () => Promise.all([smallBrief('scale-scanned', 5, 1, 6), ...Array.from({ length: 9 }, (_, i) => smallBrief(`scale-${i + 1}`, 5, 1, 0))]);

/** The document stream's poll interval (routes/document-stream.ts): faster than that only NOTIFY delivers. */
const STREAM_POLL_MS = 5_000;

interface StreamEvent {
  phase: string;
  data: Record<string, unknown>;
  at: number;
}

/** Reads `GET /api/documents/{id}/stream` as a browser's EventSource would, until the server closes it. */
function readStream(base: string, cookie: string, id: string): { events: StreamEvent[]; ended: Promise<void> } {
  const events: StreamEvent[] = [];
  const ended = (async () => {
    const res = await fetch(`${base}/api/documents/${id}/stream`, { headers: { cookie, accept: 'text/event-stream' } });
    if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const phase = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (phase && data) events.push({ phase, data: JSON.parse(data), at: Date.now() });
      }
    }
  })();
  return { events, ended };
}

describe.skipIf(!adminUrl)('one API process and two worker processes on one PostgreSQL', () => {
  let dir = '';
  const dbName = `brieflink_scale_${randomBytes(5).toString('hex')}`;
  const processes: ServerProcess[] = [];
  let sql: pg.Client | null = null;

  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };

  afterAll(async () => {
    await sql?.end();
    await Promise.all(processes.map((p) => p.stop().catch(() => undefined)));
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('spreads ten briefs over both workers, survives one killed mid-job, and streams progress through the API', async () => {
    dir = mkdtempSync(join(tmpdir(), 'brieflink-scale-'));
    chmodSync(dir, 0o755);
    const storageDir = join(dir, 'files');
    mkdirSync(storageDir);
    const [long, ...short] = await briefs();
    const textPages = long!.pages - long!.scannedPages;

    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.href;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Each process its own DATA_DIR (one process per directory); the files in one shared STORAGE_DIR.
    const env = (role: string, name: string) => ({
      ROLE: role,
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, name),
      STORAGE_DIR: storageDir,
      PORT: String(role === 'api' ? port : 0),
      JOB_STALE_SECONDS: '5',
      REGISTRATION: 'open',
    });
    const api = startServer(env('api', 'api'));
    processes.push(api);
    // Started one after the other only to keep start-up light on a small machine (they may start together).
    await waitFor('api start', async () => (await fetch(`${base}/api/ready`)).ok, 90_000, api.output);
    const workers = [startServer(env('worker', 'worker-1')), startServer(env('worker', 'worker-2'))];
    processes.push(...workers);
    for (const w of workers) await waitFor('worker start', async () => w.output().includes('worker started'), 90_000, w.output);
    const workerId = (w: ServerProcess) => `${hostname()}:${w.child.pid}`;
    const ids = workers.map(workerId);

    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const rows = async () =>
      (
        await sql!.query<{ id: string; status: string; process_worker: string | null; process_run: number; ocr_done: number }>(
          'select id, status, process_worker, process_run, ocr_done from documents',
        )
      ).rows;

    const client = await Client.signUp(base);
    const caseId = await client.createCase('SCALE-1');
    const uploaded = new Map<string, SmallBrief>(); // document id → its brief
    const longId = await client.uploadOk(caseId, long!.bytes, `${long!.name}.pdf`);
    uploaded.set(longId, long!);
    const stream = readStream(base, client.cookie, longId);
    for (const b of short) uploaded.set(await client.uploadOk(caseId, b.bytes, `${b.name}.pdf`), b);

    // Kill the worker running the scanned brief once it has OCR'd a page and both workers have
    // finished at least one brief of their own.
    const victimId = await waitFor('the scanned brief mid-OCR on a worker while both workers finished briefs', async () => {
      const all = await rows();
      const row = all.find((r) => r.id === longId)!;
      const doneBy = new Set(all.filter((r) => r.status === 'completed').map((r) => r.process_worker));
      return row.status === 'processing' && row.ocr_done > textPages && ids.every((w) => doneBy.has(w)) ? row.process_worker : null;
    }, 150_000, () => workers.map((w) => w.output()).join('\n'));
    expect(ids).toContain(victimId);
    const victim = workers[ids.indexOf(victimId!)]!;
    const survivor = workers[1 - ids.indexOf(victimId!)]!;
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));
    const killedAt = Date.now();
    // What the killed worker left: the briefs it finished, and those it was running (the reaper
    // queues these again only once their heartbeat is JOB_STALE_SECONDS old).
    const atKill = await rows();
    const doneByVictim = atKill.filter((r) => r.status === 'completed' && r.process_worker === victimId).map((r) => r.id);
    const cut = atKill.filter((r) => r.status === 'processing' && r.process_worker === victimId).map((r) => r.id);

    let lastRows: unknown = null;
    const docs = await waitFor('every document done', async () => {
      lastRows = await rows();
      const all = await Promise.all([...uploaded.keys()].map((id) => client.document(id)));
      return all.every(finished) ? all : null;
    }, 150_000, () => `${survivor.output()}\n${JSON.stringify(lastRows)}`);
    await stream.ended;

    // Every brief done, with its index items, none lost.
    for (const d of docs) {
      const f = uploaded.get(d.id)!;
      expect({ name: f.name, status: d.status, index_status: d.index_status, index_count: d.index_count }).toEqual({
        name: f.name,
        status: 'completed',
        index_status: 'ok',
        index_count: f.truth.items.length,
      });
    }
    const after = await rows();
    // Spread over both workers: the briefs the killed worker finished before it died keep its name.
    const by = (w: string) => after.filter((r) => r.process_worker === w).length;
    expect(doneByVictim.length).toBeGreaterThan(0);
    expect(by(victimId!)).toBe(doneByVictim.length);
    expect(by(workerId(survivor))).toBe(uploaded.size - doneByVictim.length);
    expect(api.output()).not.toContain('document processed'); // the API process runs no job

    // The killed worker's jobs went to the other one: queued again (a second run), finished there.
    expect(cut).toContain(longId);
    for (const id of cut) {
      expect(after.find((r) => r.id === id)).toMatchObject({ status: 'completed', process_run: 2, process_worker: workerId(survivor) });
    }
    expect(survivor.output()).toContain('jobs of a stopped process queued again');
    for (const r of after.filter((r) => !cut.includes(r.id))) expect(r.process_run).toBe(1);

    // Each document's result stored exactly once: one job with a result per document (the killed run's
    // job never finished; were it retried, its run is no longer current and it stores nothing), one
    // 'detect-index' audit row, and its index items once each.
    const results = await sql.query<{ id: string; n: number }>(
      `select data->>'documentId' as id, count(*)::int as n from pgboss.job
       where name = 'document-process' and state = 'completed' and output ? 'items' group by 1`,
    );
    expect(Object.fromEntries(results.rows.map((r) => [r.id, r.n]))).toEqual(Object.fromEntries([...uploaded.keys()].map((id) => [id, 1])));
    const audits = await sql.query<{ id: string; n: number }>(
      `select entity_id as id, count(*)::int as n from audit_events where action = 'detect-index' group by 1`,
    );
    expect(Object.fromEntries(audits.rows.map((r) => [r.id, r.n]))).toEqual(Object.fromEntries([...uploaded.keys()].map((id) => [id, 1])));
    const items = await sql.query<{ id: string; n: number; ordinals: number }>(
      'select document_id as id, count(*)::int as n, count(distinct ordinal)::int as ordinals from index_items group by 1',
    );
    for (const r of items.rows) expect(r.ordinals).toBe(r.n);
    expect(Object.fromEntries(items.rows.map((r) => [r.id, r.n]))).toEqual(
      Object.fromEntries(docs.map((d) => [d.id, uploaded.get(d.id)!.truth.items.length])),
    );

    // The API process's stream carried the worker's progress: OCR pages counted up while the killed
    // worker read them, again from the start on the other worker, and the stream closed on 'done'.
    const ocr = stream.events.filter((e) => e.phase === 'ocr');
    const progressBy = (from: number, to: number) => new Set(ocr.filter((e) => e.at >= from && e.at < to).map((e) => e.data.done as number));
    expect([...progressBy(0, killedAt)].filter((n) => n > textPages).length).toBeGreaterThanOrEqual(1);
    expect([...progressBy(killedAt, Infinity)].filter((n) => n > textPages).length).toBeGreaterThanOrEqual(2);
    expect(stream.events.at(-1)).toMatchObject({ phase: 'done', data: { status: 'completed' } });
    // Changes arrive as they happen (NOTIFY), not only on the stream's slow poll: some progress events
    // come closer together than the poll interval allows.
    const gaps = ocr.slice(1).map((e, i) => e.at - ocr[i]!.at);
    expect(Math.min(...gaps)).toBeLessThan(STREAM_POLL_MS / 2);

    process.stdout.write(
      `[scale-out] briefs=${uploaded.size} byWorker=${ids.map((w) => by(w)).join('/')} killedMidJob=${cut.length} ` +
        `recoveryMs=${Date.now() - killedAt} streamOcrEvents=${ocr.length}\n`,
    );
  }, 240_000);
});
