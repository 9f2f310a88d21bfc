/**
 * Stalled connections benchmark: 20,000 connections from 2,000 loopback addresses (127.30.x.y), each
 * sending a sign-in's head and the start of its body and then nothing, opened against the real server
 * (`node bin/start.js`, default connection limits unless set in the environment) by a few holder
 * processes (bench/stalled-holder.js; one process could not open them all under its own file limit).
 * Meanwhile, and while they are held, GET /api/health is asked on a new connection every 200 ms: its
 * answer times are the figure (the product's aim: within 1 s). Also printed: what the server holds
 * (`/api/ready` connections), what it answered 503, and what the holders saw.
 *
 * PostgreSQL: DATABASE_URL when set (a database the server may migrate), else the embedded one.
 *
 *   npx tsx bench/stalled-connections.ts [--connections 20000] [--addresses 2000] [--hold 15]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../src/server/db/embedded.ts';
import { startServer, waitFor } from '../test/faults/support/server.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20000' },
    addresses: { type: 'string', default: '2000' },
    hold: { type: 'string', default: '15' },
    holders: { type: 'string', default: '5' },
  },
});
const CONNECTIONS = Number(values.connections);
const ADDRESSES = Number(values.addresses);
const HOLD_S = Number(values.hold);
const HOLDERS = Number(values.holders);
const holderScript = fileURLToPath(new URL('./stalled-holder.js', import.meta.url));

interface HolderCounts {
  opened: number;
  answered503: number;
  closed: number;
  open: number;
  failed: number;
  done?: boolean;
}

/** GET /api/health on a connection of its own: its status and time (status 0 and why if it failed). */
function health(port: number): Promise<{ status: number; ms: number; error?: string }> {
  const t = performance.now();
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/api/health', agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t }));
    });
    req.once('timeout', () => req.destroy(new Error('no answer in 10 s')));
    req.once('error', (err: Error & { code?: string }) => resolve({ status: 0, ms: performance.now() - t, error: err.code ?? err.message }));
    req.end();
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!) : NaN;
};

const work = mkdtempSync(join(tmpdir(), 'brieflink-bench-stalled-'));
chmodSync(work, 0o755); // run as root, the embedded PostgreSQL runs as "postgres", which must enter it
const port = await freePort();
const server = startServer({ DATA_DIR: join(work, 'data'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
const holders: ChildProcess[] = [];
try {
  await waitFor('start', async () => (await health(port)).status === 200, 120_000, server.output);
  console.log(`server up on port ${port}`);
  const serverLimit = execSync(`grep 'Max open files' /proc/${server.child.pid}/limits`).toString().trim().split(/\s+/)[3];
  const counts: HolderCounts[] = [];
  const per = Math.ceil(CONNECTIONS / HOLDERS);
  const perAddr = Math.ceil(ADDRESSES / HOLDERS);
  const t0 = performance.now();
  for (let h = 0; h < HOLDERS; h++) {
    const child = spawn(process.execPath, [holderScript, String(port), String(per), String(h * perAddr), String(perAddr)], { stdio: ['ignore', 'pipe', 'inherit'] });
    holders.push(child);
    counts.push({ opened: 0, answered503: 0, closed: 0, open: 0, failed: 0 });
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const l of lines) if (l) counts[h] = JSON.parse(l) as HolderCounts;
    });
  }
  const opening: { status: number; ms: number; error?: string }[] = [];
  const holding: { status: number; ms: number; error?: string }[] = [];
  let openedMs = 0;
  let holdUntil = Infinity;
  while (performance.now() < holdUntil) {
    const allDone = counts.every((c) => c.done);
    if (allDone && holdUntil === Infinity) {
      openedMs = performance.now() - t0;
      console.log(`all opened in ${Math.round(openedMs)} ms; holding ${HOLD_S} s`);
      holdUntil = performance.now() + HOLD_S * 1000;
    }
    (allDone ? holding : opening).push(await health(port));
    const last = (allDone ? holding : opening).at(-1)!;
    if ((opening.length + holding.length) % 25 === 0) {
      const n = (k: keyof HolderCounts) => counts.reduce((a, c) => a + Number(c[k]), 0);
      console.log(`  ${Math.round((performance.now() - t0) / 1000)} s: opened ${n('opened')}, open ${n('open')}, 503 ${n('answered503')}, failed ${n('failed')}; health ${last.status} in ${Math.round(last.ms)} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const ready = (await (await fetch(`http://127.0.0.1:${port}/api/ready`)).json()) as { connections: Record<string, number> };
  const sum = (k: keyof HolderCounts) => counts.reduce((a, c) => a + Number(c[k]), 0);
  const ok = (xs: { status: number; ms: number; error?: string }[]) => xs.filter((x) => x.status === 200).map((x) => x.ms);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`input: ${CONNECTIONS} stalled sign-in bodies from ${ADDRESSES} addresses (${HOLDERS} holder processes); server file limit ${serverLimit}`);
  console.log(`opened ${sum('opened')} (failed to connect ${sum('failed')}) in ${Math.round(openedMs)} ms; answered 503 ${sum('answered503')}; closed by the server ${sum('closed')}; still open ${sum('open')}`);
  console.log(`server: ${JSON.stringify(ready.connections)}`);
  for (const [name, xs] of [['while opening', opening], [`while held (${HOLD_S} s)`, holding]] as const) {
    const times = ok(xs);
    const failed = xs.filter((x) => x.status !== 200).map((x) => x.error ?? String(x.status));
    console.log(
      `/api/health ${name}: ${times.length}/${xs.length} answered 200; p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms, max ${pct(times, 100)} ms` +
        (failed.length ? `; failed: ${failed.join(', ')}` : ''),
    );
  }
} finally {
  for (const h of holders) h.kill('SIGTERM');
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
