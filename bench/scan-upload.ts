// `npx tsx bench/scan-upload.ts [--name us-motion-dismiss-deep-toc-28pp]`: upload to links on a scanned
// filing through the real server (`node bin/start.js`), and where the time goes. The filing is one of
// ../shared/real printed and scanned (test/fixtures/real-scans.ts: every page an image, read only by
// OCR). The document is polled every 200 ms from the upload: each phase the app shows (queued, the
// first reading by OCR, the index pages read in full, the index found), then "Start hyperlinking" and
// its links, and when the text layer is complete in the background.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { realScan } from '../test/fixtures/real-scans.ts';
import { REAL_DIR } from '../test/fixtures/score-real.ts';
import { machineLine, signUpClient, startBenchServer } from './bench-server.ts';

const { values } = parseArgs({ options: { name: { type: 'string', default: 'us-motion-dismiss-deep-toc-28pp' } } });
const name = values.name!;
if (!existsSync(join(REAL_DIR, `${name}.pdf`))) {
  console.log(`scan-upload: ${name}.pdf not found in ${REAL_DIR}; nothing measured`);
  process.exit(0);
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const scan = await realScan(name);
const work = mkdtempSync(join(tmpdir(), 'brieflink-scan-upload-'));
const { chmodSync } = await import('node:fs');
chmodSync(work, 0o755); // the embedded PostgreSQL runs as "postgres" when the bench runs as root
const srv = await startBenchServer(work);
try {
  console.log(machineLine());
  console.log(`input: ${name} scanned (${(scan.length / 2 ** 20).toFixed(1)} MB, every page an image)`);
  const { json, uploadBytes } = await signUpClient(srv.base, 200);
  const caseId = (await json('POST', '/api/cases', { caseNumber: `SCAN-${Date.now()}`, title: 'Scan bench' })).id;
  const t0 = performance.now();
  const created = await uploadBytes(caseId, scan, `${name}.pdf`);
  const phases: Array<{ at: number; what: string }> = [{ at: performance.now() - t0, what: 'uploaded' }];
  let last = '';
  let doc: any;
  for (;;) {
    doc = await json('GET', `/api/documents/${created.id}`);
    const p = doc.ocrProgress;
    const what = doc.status === 'processing'
      ? `processing: ${p.stage ?? 'starting'}${p.stage === 'index' ? ` (parse ${doc.parseProgress}%)` : ''}`
      : `${doc.status}, index ${doc.index_status}`;
    if (what !== last) phases.push({ at: performance.now() - t0, what });
    last = what;
    if (doc.status === 'completed' || doc.status === 'failed') break;
    await sleep(200);
  }
  const tIndex = performance.now() - t0;
  const linked = await json('POST', '/api/documents/start-hyperlinking', { documentIds: [created.id] });
  const tLinks = performance.now() - t0;
  phases.push({ at: tLinks, what: `links built (${linked.totalLinks} links)` });
  for (;;) {
    doc = await json('GET', `/api/documents/${created.id}`);
    if (doc.textLayer && doc.textLayer.done >= doc.textLayer.total) break;
    await sleep(500);
  }
  const tLayer = performance.now() - t0;
  phases.push({ at: tLayer, what: `text layer complete (${doc.textLayer.total} pages)` });
  for (let i = 0; i < phases.length; i++) {
    const next = phases[i + 1];
    console.log(`  ${s(phases[i]!.at).padStart(7)}  ${phases[i]!.what}${next ? ` (${s(next.at - phases[i]!.at)})` : ''}`);
  }
  console.log(`upload to index ${s(tIndex)}, upload to links ${s(tLinks)} (${doc.pageCount} pages, ${doc.index_count} items); the searchable text layer complete at ${s(tLayer)}`);
} finally {
  await srv.stop();
  rmSync(work, { recursive: true, force: true });
}
