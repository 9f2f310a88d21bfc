import { readRealScan } from '../test/fixtures/real-scans.ts';
import { serverScans } from './accuracy-server.ts';
import { type RealScore, realTruth, scoreReal, REAL_DIR } from '../test/fixtures/score-real.ts';

/**
 * The engine on the real court filings kept beside the repository (`../shared/real`, ground truth in its
 * truth.json), per document and in total: entries found, titles as printed, destinations right (and
 * linked in the written PDF), extra items and links, broken links.
 */
export async function printRealScores(opts: { scanned?: 'quick' | 'full' | 'server' } = {}): Promise<RealScore[]> {
  const truth = realTruth();
  if (!truth) {
    console.log(`\nreal filings: none found at ${REAL_DIR}`);
    return [];
  }
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const lpad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`\nreal filings (${REAL_DIR})`);
  console.log(`${pad('document', 46)} ${lpad('entries', 7)} ${lpad('found', 5)} ${lpad('titles', 6)} ${lpad('dest', 5)} ${lpad('extra', 5)} ${lpad('xlinks', 6)} ${lpad('broken', 6)} ${lpad('time', 7)}`);
  const rows: RealScore[] = [];
  const scans: RealScore[] = [];
  const server = opts.scanned === 'server' ? await serverScans() : null;
  try {
    for (const [name, t] of Object.entries(truth)) {
      const s = await scoreReal(name, t);
      rows.push(s);
      console.log(`${pad(name, 46)} ${lpad(s.expected, 7)} ${lpad(s.matched, 5)} ${lpad(s.titlesRight, 6)} ${lpad(s.destRight, 5)} ${lpad(s.extraItems, 5)} ${lpad(s.extraLinks, 6)} ${lpad(s.brokenLinks, 6)} ${lpad(`${(s.ms / 1000).toFixed(1)} s`, 7)}`);
      if (s.expected === 0 && s.found === 0 && s.reason) console.log(`${' '.repeat(47)}no index: ${s.reason.slice(0, 100)}`);
      for (const p of s.problems.slice(0, 4)) console.log(`${' '.repeat(47)}${p.slice(0, 150)}`);
      if (s.problems.length > 4) console.log(`${' '.repeat(47)}… ${s.problems.length - 4} more`);
      if (opts.scanned) {
        // the same filing printed and scanned (every page an image), read by OCR as the server reads uploads
        // (quick, in this process), in full (as `brieflink link` does), or uploaded to the real server (server)
        const t0 = performance.now();
        const c = server ? await server.score(name, t) : await scoreReal(name, t, await readRealScan(name, opts.scanned as 'quick' | 'full'));
        c.ms = performance.now() - t0;
        scans.push(c);
        console.log(`${pad(`  scanned copy (${opts.scanned} reading)`, 46)} ${lpad(c.expected, 7)} ${lpad(c.matched, 5)} ${lpad(c.titlesRight, 6)} ${lpad(c.destRight, 5)} ${lpad(c.extraItems, 5)} ${lpad(c.extraLinks, 6)} ${lpad(c.brokenLinks, 6)} ${lpad(`${(c.ms / 1000).toFixed(1)} s`, 7)}`);
        for (const p of c.problems.slice(0, 4)) console.log(`${' '.repeat(47)}${p.slice(0, 150)}`);
        if (c.problems.length > 4) console.log(`${' '.repeat(47)}… ${c.problems.length - 4} more`);
      }
    }
  } finally {
    await server?.stop();
  }
  const sum = (f: (s: RealScore) => number) => rows.reduce((a, s) => a + f(s), 0);
  const total = sum((s) => s.expected);
  const pct = (n: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)}%`;
  console.log(`${pad('TOTAL', 46)} ${lpad(total, 7)} ${lpad(sum((s) => s.matched), 5)} ${lpad(sum((s) => s.titlesRight), 6)} ${lpad(sum((s) => s.destRight), 5)} ${lpad(sum((s) => s.extraItems), 5)} ${lpad(sum((s) => s.extraLinks), 6)} ${lpad(sum((s) => s.brokenLinks), 6)}`);
  console.log(`${' '.repeat(47)}entries found with title as printed ${pct(sum((s) => s.titlesRight))}, destinations right and linked ${pct(sum((s) => s.destRight))}`);
  const noIndex = rows.filter((s) => s.expected === 0);
  console.log(`${' '.repeat(47)}documents without an index: ${noIndex.filter((s) => s.found === 0).length}/${noIndex.length} with 0 items`);
  if (scans.length) {
    const sumScan = (f: (s: RealScore) => number) => scans.reduce((a, s) => a + f(s), 0);
    const point = (a: number, b: number) => ((100 * (a - b)) / Math.max(1, total)).toFixed(1);
    console.log(`${pad(`SCANNED COPIES (${opts.scanned} reading)`, 46)} ${lpad(total, 7)} ${lpad(sumScan((s) => s.matched), 5)} ${lpad(sumScan((s) => s.titlesRight), 6)} ${lpad(sumScan((s) => s.destRight), 5)} ${lpad(sumScan((s) => s.extraItems), 5)} ${lpad(sumScan((s) => s.extraLinks), 6)} ${lpad(sumScan((s) => s.brokenLinks), 6)}`);
    console.log(`${' '.repeat(47)}titles as printed ${pct(sumScan((s) => s.titlesRight))} (${point(sumScan((s) => s.titlesRight), sum((s) => s.titlesRight))} points from the filings), destinations right and linked ${pct(sumScan((s) => s.destRight))} (${point(sumScan((s) => s.destRight), sum((s) => s.destRight))} points; target: within 2)`);
    const scanNoIndex = scans.filter((s) => s.expected === 0);
    console.log(`${' '.repeat(47)}documents without an index: ${scanNoIndex.filter((s) => s.found === 0).length}/${scanNoIndex.length} with 0 items`);
  }
  return rows;
}
