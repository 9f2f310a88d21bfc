import { fixtures } from '../test/fixtures/refs/index.ts';
import { referencesThroughPipeline } from '../test/fixtures/refs/score-pipeline.ts';
import { scoreRefs, type RefScore } from '../test/fixtures/refs/score.ts';
import { scoreAllRealRefs } from '../test/fixtures/score-real-refs.ts';

/**
 * References to the record (DESIGN §8) in `npm run accuracy`: the generated family of briefs with their records
 * through the pipeline (links read back from the written master; the scanned brief read by OCR), then the finder
 * on the real filings whose references were written down by hand (test/fixtures/real-refs-truth.json).
 */
const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

export async function printRefScores(opts: { real: boolean; ocr: boolean }): Promise<void> {
  console.log('\nreferences to the record, generated family (through linkBrief, links read back)');
  console.log(`${'fixture'.padEnd(30)} ${'refs'.padStart(5)} ${'found'.padStart(6)} ${'parts'.padStart(6)} ${'linked'.padStart(6)} ${'wrong'.padStart(6)} ${'xlinks'.padStart(6)} ${'unres'.padStart(6)} ${'time'.padStart(7)}`);
  const all: RefScore = { expected: 0, found: 0, partsRight: 0, linkedRight: 0, wrongLinks: 0, linksOverNonReferences: 0, unresolvedButInRecord: 0, problems: [] };
  for (const f of await fixtures()) {
    if (f.scanned && !opts.ocr) continue;
    const { found, ms } = await referencesThroughPipeline(f);
    const s = scoreRefs(f.truth, found);
    for (const k of ['expected', 'found', 'partsRight', 'linkedRight', 'wrongLinks', 'linksOverNonReferences', 'unresolvedButInRecord'] as const) all[k] += s[k];
    console.log(`${f.name.padEnd(30)} ${String(s.expected).padStart(5)} ${String(s.found).padStart(6)} ${String(s.partsRight).padStart(6)} ${String(s.linkedRight).padStart(6)} ${String(s.wrongLinks).padStart(6)} ${String(s.linksOverNonReferences).padStart(6)} ${String(s.unresolvedButInRecord).padStart(6)} ${`${(ms / 1000).toFixed(1)} s`.padStart(7)}`);
    for (const p of s.problems.slice(0, 3)) console.log(`${' '.repeat(31)}${p.slice(0, 140)}`);
  }
  console.log(`${'TOTAL'.padEnd(30)} ${String(all.expected).padStart(5)} ${pct(all.found, all.expected).padStart(6)} ${pct(all.partsRight, all.expected).padStart(6)} ${pct(all.linkedRight, all.expected).padStart(6)} ${String(all.wrongLinks).padStart(6)} ${String(all.linksOverNonReferences).padStart(6)} ${String(all.unresolvedButInRecord).padStart(6)}`);
  if (!opts.real) return;
  const rows = await scoreAllRealRefs();
  if (!rows) return;
  console.log('\nreferences to the record, real filings (hand-written truth: test/fixtures/real-refs-truth.json)');
  console.log(`${'document'.padEnd(55)} ${'record'.padStart(6)} ${'found'.padStart(6)} ${'parts'.padStart(6)} ${'brief'.padStart(6)} ${'found'.padStart(6)} ${'extra'.padStart(6)} ${'after'.padStart(6)}`);
  for (const r of rows) {
    console.log(`${r.name.padEnd(55)} ${String(r.expected).padStart(6)} ${String(r.found).padStart(6)} ${String(r.partsRight).padStart(6)} ${String(r.briefExpected).padStart(6)} ${String(r.briefFound).padStart(6)} ${String(r.extra).padStart(6)} ${String(r.afterBody).padStart(6)}`);
  }
  const sum = (k: 'expected' | 'found' | 'partsRight' | 'briefExpected' | 'briefFound' | 'extra' | 'afterBody') => rows.reduce((n, r) => n + r[k], 0);
  console.log(`${'TOTAL'.padEnd(55)} ${String(sum('expected')).padStart(6)} ${pct(sum('found'), sum('expected')).padStart(6)} ${pct(sum('partsRight'), sum('expected')).padStart(6)} ${String(sum('briefExpected')).padStart(6)} ${String(sum('briefFound')).padStart(6)} ${String(sum('extra')).padStart(6)} ${String(sum('afterBody')).padStart(6)}`);
  console.log('(after = references read after the brief\'s last body page, in the documents bound after it: none is the brief\'s)');
}
