/**
 * References to the record through the server (`npx tsx bench/record-references.ts`, part of `npm run bench`):
 * the bench case, a factum of about 60 pages making 400 references into an appeal book of three volumes of
 * 1,000 pages each (test/fixtures/refs/bench-case.ts), uploaded to the real server (`node bin/start.js`,
 * embedded PostgreSQL unless DATABASE_URL is set): the three volumes as records cited `AB` with their
 * volumes, the factum paired with them in order (PUT …/records), and the time from upload to its links and
 * references, with how many of the references land at the page the fixture put them on.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineLine, signUpClient, startBenchServer } from './bench-server.ts';
import { benchCase } from '../test/fixtures/refs/bench-case.ts';
import { cachedRefFixture } from '../test/fixtures/refs/index.ts';

const work = mkdtempSync(join(tmpdir(), 'brieflink-bench-refs-'));
chmodSync(work, 0o755); // run as root, the embedded PostgreSQL runs as "postgres", which must enter it
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  console.log(machineLine());
  const f = await cachedRefFixture('refs-bench', () => benchCase('refs-bench'));
  const truth = f.truth.references.filter((r) => r.kind === 'record');
  const mb = (b: Uint8Array) => (b.length / 2 ** 20).toFixed(1);
  console.log(`input: refs-bench factum (${mb(f.brief)} MB, ${truth.length} references to the record) + ${f.records.length} appeal book volumes (${f.records.map((r) => `${mb(r.pdf)} MB`).join(', ')})`);

  const { base, stop } = await startBenchServer(work);
  try {
    const { json, uploadBytes, waitDoc } = await signUpClient(base, 100);
    const caseId = (await json('POST', '/api/cases', { caseNumber: `REFS-${Date.now()}`, title: 'Bench references' })).id;
    const t0 = performance.now();
    const vols = [];
    for (const [i, r] of f.records.entries()) {
      vols.push(await uploadBytes(caseId, r.pdf, `appeal-book-${i + 1}.pdf`, { kind: 'record', citeAs: r.citeAs, ...(r.volume ? { volume: r.volume } : {}) }));
    }
    const brief = await uploadBytes(caseId, f.brief, 'factum.pdf');
    const tUploaded = performance.now() - t0;
    const done = (d: Record<string, unknown>) => d.status === 'completed' || d.status === 'failed';
    for (const v of vols) await waitDoc(v.id, done);
    const read = await waitDoc(brief.id, done);
    const tRead = performance.now() - t0;
    await json('PUT', `/api/documents/${brief.id}/records`, { recordIds: vols.map((v) => v.id) });
    await json('POST', '/api/documents/start-hyperlinking', { documentIds: [brief.id] });
    const linked = await waitDoc(brief.id, (d) => d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed');
    const tLinked = performance.now() - t0;
    const tq = performance.now();
    const refs: Array<{ kind: string; page: number; text: string; masterPage: number | null }> = await json('GET', `/api/documents/${brief.id}/references`);
    const tList = performance.now() - tq;
    const ofRecord = refs.filter((r) => r.kind === 'record');
    const right = truth.filter((t) => ofRecord.some((r) => r.page === t.page && r.text === t.text && r.masterPage === t.targetPage)).length;
    const recordPages = (await Promise.all(vols.map((v) => json('GET', `/api/documents/${v.id}`)))).reduce((n, d) => n + (d.pageCount ?? 0), 0);
    console.log(
      `upload → links and references: uploaded ${s(tUploaded)}, read (brief ${read.pageCount} pages, records ${recordPages} pages) at ${s(tRead)}, ` +
        `links ${linked.aiProcessingStatus} (${linked.linkCount} index links, ${linked.referenceCount} references, ${linked.unresolvedReferenceCount} unresolved) at ${s(tLinked)}`,
    );
    console.log(`references: ${ofRecord.length} found, ${truth.length} in truth, ${right} at the right master page; GET …/references ${tList.toFixed(0)} ms`);
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
