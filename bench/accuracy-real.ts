import { type RealScore, realTruth, scoreReal, REAL_DIR } from '../test/fixtures/score-real.ts';

/**
 * The engine on the real court filings kept beside the repository (`../shared/real`, ground truth in its
 * truth.json), per document and in total: entries found, titles as printed, destinations right (and
 * linked in the written PDF), extra items and links, broken links.
 */
export async function printRealScores(): Promise<RealScore[]> {
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
  for (const [name, t] of Object.entries(truth)) {
    const s = await scoreReal(name, t);
    rows.push(s);
    console.log(`${pad(name, 46)} ${lpad(s.expected, 7)} ${lpad(s.matched, 5)} ${lpad(s.titlesRight, 6)} ${lpad(s.destRight, 5)} ${lpad(s.extraItems, 5)} ${lpad(s.extraLinks, 6)} ${lpad(s.brokenLinks, 6)} ${lpad(`${(s.ms / 1000).toFixed(1)} s`, 7)}`);
    if (s.expected === 0 && s.found === 0 && s.reason) console.log(`${' '.repeat(47)}no index: ${s.reason.slice(0, 100)}`);
    for (const p of s.problems.slice(0, 4)) console.log(`${' '.repeat(47)}${p.slice(0, 150)}`);
    if (s.problems.length > 4) console.log(`${' '.repeat(47)}… ${s.problems.length - 4} more`);
  }
  const sum = (f: (s: RealScore) => number) => rows.reduce((a, s) => a + f(s), 0);
  const total = sum((s) => s.expected);
  const pct = (n: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)}%`;
  console.log(`${pad('TOTAL', 46)} ${lpad(total, 7)} ${lpad(sum((s) => s.matched), 5)} ${lpad(sum((s) => s.titlesRight), 6)} ${lpad(sum((s) => s.destRight), 5)} ${lpad(sum((s) => s.extraItems), 5)} ${lpad(sum((s) => s.extraLinks), 6)} ${lpad(sum((s) => s.brokenLinks), 6)}`);
  console.log(`${' '.repeat(47)}entries found with title as printed ${pct(sum((s) => s.titlesRight))}, destinations right and linked ${pct(sum((s) => s.destRight))}`);
  const noIndex = rows.filter((s) => s.expected === 0);
  console.log(`${' '.repeat(47)}documents without an index: ${noIndex.filter((s) => s.found === 0).length}/${noIndex.length} with 0 items`);
  return rows;
}
