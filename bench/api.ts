/**
 * API benchmark (`npm run bench:api`) on the real server (`node bin/start.js`, embedded PostgreSQL
 * unless DATABASE_URL is set):
 *  1. p50/p95 latency of GET /api/cases/{id}/documents under 50 concurrent clients (autocannon),
 *     idle and while the 63-tab ~1,200-page brief (fixture big-63) is being processed;
 *  2. time from upload to 63 links for that brief (upload, index detection, start-hyperlinking);
 *  3. server RSS while a 500 MB PDF streams in.
 * Targets: p95 busy ≤ 2× idle; RSS +≤ 100 MB during the upload; upload → links ≤ 20 s.
 *
 *   npx tsx bench/api.ts [--duration 10] [--connections 50] [--upload-mb 500] [--skip-upload]
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadFixture } from '../test/fixtures/index.ts';
import { machineLine, signUpClient, startBenchServer } from './bench-server.ts';
import { writeLargePdf } from './large-pdf.ts';
import { streamUpload } from './stream-upload.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'upload-mb': { type: 'string', default: '500' },
    'skip-upload': { type: 'boolean', default: false },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const work = mkdtempSync(join(tmpdir(), 'brieflink-bench-api-'));
chmodSync(work, 0o755); // run as root, the embedded PostgreSQL runs as "postgres", which must enter it

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  console.log(machineLine());
  const big = await loadFixture('big-63');
  const small = await loadFixture('ontario-brief');
  console.log(`input: big-63 (${big.truth.items.length} tabs, ${(big.brief.length / 2 ** 20).toFixed(1)} MB), 8 × ontario-brief in the listed case`);

  const { base, port, server, stop } = await startBenchServer(work);
  try {
    const pid = server.pid!;
    const { cookie, json, uploadBytes, waitDoc } = await signUpClient(base, 50);
    const listCase = (await json('POST', '/api/cases', { caseNumber: `BENCH-${Date.now()}`, title: 'Bench list' })).id;
    const listed: Array<{ id: string }> = [];
    for (let i = 0; i < 8; i++) listed.push(await uploadBytes(listCase, small.brief, `brief-${i}.pdf`));
    for (const d of listed) await waitDoc(d.id, (x) => x.status === 'completed' || x.status === 'failed'); // idle means idle

    const load = async (): Promise<{ p50: number; p95: number; rps: number; errors: number }> => {
      const lat: number[] = [];
      let errors = 0;
      const inst = autocannon({ url: `${base}/api/cases/${listCase}/documents`, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
      inst.on('response', (_c: unknown, status: number, _b: number, ms: number) => (status === 200 ? lat.push(ms) : errors++));
      const res = await new Promise<autocannon.Result>((r) => inst.on('done', r));
      return { p50: pct(lat, 50), p95: pct(lat, 95), rps: res.requests.average, errors: errors + res.errors };
    };
    const fmt = (r: { p50: number; p95: number; rps: number; errors: number }) =>
      `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${Math.round(r.rps)} req/s, ${r.errors} errors`;

    await sleep(2000);
    const idle = await load();
    console.log(`GET /api/cases/{id}/documents, ${CONNECTIONS} clients, ${DURATION} s, idle: ${fmt(idle)}`);

    // Upload → 63 links, nothing else running.
    const bigCase = (await json('POST', '/api/cases', { caseNumber: `BIG-${Date.now()}`, title: 'Big brief' })).id;
    const t0 = performance.now();
    const doc = await uploadBytes(bigCase, big.brief, 'big-63.pdf');
    const tUploaded = performance.now() - t0;
    const indexed = await waitDoc(doc.id, (d) => d.status === 'completed' || d.status === 'failed');
    const tIndexed = performance.now() - t0;
    const linked = await json('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] });
    const tLinked = performance.now() - t0;
    console.log(
      `upload → links, big-63 (${indexed.pageCount} pages): uploaded ${(tUploaded / 1000).toFixed(1)} s, index ${indexed.index_status} ` +
        `(${indexed.index_count} items) at ${(tIndexed / 1000).toFixed(1)} s, ${linked.totalLinks} links at ${(tLinked / 1000).toFixed(1)} s`,
    );

    // Busy: keep the big brief in processing (reindex, relink, again) while the clients run.
    let busyMs = 0;
    let running = true;
    const driver = (async () => {
      let relink = false;
      while (running) {
        const t = performance.now();
        await json('POST', `/api/documents/${doc.id}/${relink ? 'relink' : 'reindex'}`);
        await waitDoc(doc.id, (d) => !running || (relink ? d.aiProcessingStatus !== 'queued' && d.aiProcessingStatus !== 'processing' : d.status === 'completed' || d.status === 'failed'));
        busyMs += performance.now() - t;
        relink = !relink;
      }
    })();
    await sleep(300);
    const busy = await load();
    running = false;
    await driver;
    console.log(`GET /api/cases/{id}/documents, ${CONNECTIONS} clients, ${DURATION} s, while big-63 is processed (reindex/relink in a loop, busy ${Math.min(100, Math.round(busyMs / (DURATION * 10)))}% of the window): ${fmt(busy)}`);
    console.log(`p95 busy / idle = ${(busy.p95 / idle.p95).toFixed(2)} (target ≤ 2)`);

    if (!values['skip-upload']) {
      const bytes = Number(values['upload-mb']) * 1_000_000;
      const file = join(work, 'large.pdf');
      await writeLargePdf(file, bytes);
      await sleep(1000);
      const samples: number[] = [];
      for (let i = 0; i < 10; i++) (samples.push(rssMb(pid)), await sleep(100));
      const baseline = pct(samples, 50);
      let peakTransfer = baseline;
      let peakAfter = baseline;
      let sent = false;
      const timer = setInterval(() => {
        const r = rssMb(pid);
        if (sent) peakAfter = Math.max(peakAfter, r);
        else peakTransfer = Math.max(peakTransfer, r);
      }, 50);
      const t1 = performance.now();
      const res = await streamUpload({ port, cookie, caseId: listCase, file, onSent: () => (sent = true) });
      const tAnswer = performance.now() - t1;
      await sleep(10_000); // the processing job opens the 500 MB PDF meanwhile
      clearInterval(timer);
      console.log(
        `500 MB upload (${(bytes / 1e6).toFixed(0)} MB valid PDF streamed from disk, answer ${res.status} after ${(tAnswer / 1000).toFixed(1)} s): ` +
          `server RSS ${baseline.toFixed(0)} MB before, peak ${peakTransfer.toFixed(0)} MB while streaming (+${(peakTransfer - baseline).toFixed(0)} MB, target ≤ 100); ` +
          `peak ${peakAfter.toFixed(0)} MB in the 10 s after the last byte, while its processing job opens it on a worker thread`,
      );
      if (res.id) await fetch(`${base}/api/documents/${res.id}`, { method: 'DELETE', headers: { cookie } });
    }
  } finally {
    await stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
