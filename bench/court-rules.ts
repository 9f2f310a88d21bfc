/**
 * Court rules benchmark (`npm run bench:court-rules`): preflight and fixes on the linked output of the
 * 63-tab ~1,200-page text brief (bench/engine.ts's input): preflight read back from the file against
 * the E&W civil profile, then page numbering alone, then numbering with the split into volumes of 350
 * pages (the E&W family profile). Targets: preflight ≤ 3 s, numbering + volume split ≤ 10 s.
 *
 *   npx tsx bench/court-rules.ts [--runs 3]
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Math.max(1, Number(values.runs));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

console.log(`machine: ${cpus()[0]?.model ?? 'unknown cpu'}, ${availableParallelism()} cores, ` +
  `${Math.round(totalmem() / 1073741824)} GB RAM, node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const { loadFixture } = await import('../test/fixtures/index.ts');
const { linkBrief } = await import('../src/engine/pipeline.ts');
const { preflightFile, fixForCourt } = await import('../src/engine/court-rules/fix.ts');
const { profile } = await import('../src/engine/court-rules/profiles/index.ts');

const f = await loadFixture('big-63');
const linked = await linkBrief({ brief: f.brief, briefName: 'big-63.pdf', ocr: 'off' });
const bytes = linked.pdf;
const entries = linked.review.index.items.map((i) => ({ label: i.label, page: i.page, bbox: i.bbox }));
console.log(`input: Master.linked.pdf of fixture big-63: ${linked.review.source.pages} pages, ${(bytes.length / 1048576).toFixed(1)} MB, ` +
  `${entries.length} index entries, ${linked.review.links.length} links`);

const timeIt = <T>(fn: () => T): { ms: number; value: T } => {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
};

const pre: number[] = [];
let failing = '';
for (let i = 0; i < RUNS; i++) {
  const r = timeIt(() => preflightFile(bytes, bytes.length, profile('ew-civil'), { name: 'big-63.pdf', indexEntries: entries }));
  pre.push(r.ms);
  failing = r.value.results.filter((x) => x.status === 'fail').map((x) => x.rule).join(', ');
}
console.log(`preflight (ew-civil, read back): median ${Math.round(median(pre))} ms of ${RUNS} (${pre.map(Math.round).join(', ')}); failing before fixes: ${failing || 'none'}; target ≤ 3000 ms`);

const numbering = { ...profile('ew-civil'), maxImageDpi: undefined, bookmarks: undefined, defaultView: undefined } as ReturnType<typeof profile>;
const num: number[] = [];
for (let i = 0; i < RUNS; i++) num.push(timeIt(() => fixForCourt(bytes, numbering, { name: 'big-63.pdf' })).ms);
console.log(`numbering (stamp + labels + compact save + read back): median ${Math.round(median(num))} ms (${num.map(Math.round).join(', ')})`);

const split: number[] = [];
let vols = '';
for (let i = 0; i < RUNS; i++) {
  const r = timeIt(() => fixForCourt(bytes, profile('ew-family'), { name: 'big-63.pdf', indexEntries: entries }));
  split.push(r.ms);
  vols = r.value.volumes.map((v) => `${v.report.file.pages} pp. ${(v.bytes.length / 1048576).toFixed(1)} MB ${v.report.ok ? 'ok' : `fails ${v.report.results.filter((x) => x.status === 'fail').map((x) => x.rule).join('/')}`}`).join('; ');
}
console.log(`numbering + volume split at 350 (ew-family, all fixes, each volume read back): median ${Math.round(median(split))} ms (${split.map(Math.round).join(', ')}); volumes: ${vols}; target ≤ 10000 ms`);

// the brief above prints its page numbers: stamping is measured on 1,200 pages that print none
const { makeTextPdf } = await import('../src/engine/pdf/make-text-pdf.ts');
const bare = makeTextPdf(Array.from({ length: 1200 }, (_, p) =>
  Array.from({ length: 40 }, (_, i) => ({ text: `Document ${Math.floor(p / 40) + 1}, line ${i + 1}: the agreement was signed on May 3, 2021 by both parties.`, y: 60 + i * 17, size: 10 }))));
const stampOnly = { ...profile('ew-civil'), maxImageDpi: undefined, bookmarks: undefined, defaultView: undefined } as ReturnType<typeof profile>;
const stamp: number[] = [];
let stamped = '';
for (let i = 0; i < RUNS; i++) {
  const r = timeIt(() => fixForCourt(bare, stampOnly, { name: 'bare.pdf' }));
  stamp.push(r.ms);
  stamped = `${r.value.fixes.numbering?.[0] ?? 'nothing stamped'}; numbering after: ${r.value.volumes[0]!.report.results.find((x) => x.rule === 'numbering')!.status}`;
}
console.log(`numbering with a stamp on every page (generated 1,200-page text document without numbers): median ${Math.round(median(stamp))} ms (${stamp.map(Math.round).join(', ')}); ${stamped}`);
