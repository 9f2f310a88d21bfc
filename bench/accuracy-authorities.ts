import { linkBrief } from '../src/engine/pipeline.ts';
import { AUTHORITY_FIXTURES, authorityFixture } from '../test/fixtures/authorities/build.ts';
import { scoreAuthorities, type AuthorityScore } from '../test/fixtures/authorities/score.ts';

/**
 * Authorities (DESIGN §8, docs/adr/0008) in `npm run accuracy`: the generated briefs citing every family through
 * `linkBrief` with authorities on, the links read back by validation: citations found, with the right parts,
 * with the right address, extra citations and links over words that cite nothing.
 */
const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

export async function printAuthorityScores(): Promise<void> {
  console.log('\nauthorities, generated family (through linkBrief with authorities on, links read back)');
  console.log(`${'fixture'.padEnd(24)} ${'cites'.padStart(6)} ${'found'.padStart(6)} ${'parts'.padStart(6)} ${'url'.padStart(6)} ${'extra'.padStart(6)} ${'xlinks'.padStart(6)} ${'broken'.padStart(6)} ${'time'.padStart(7)}`);
  const all: AuthorityScore = { expected: 0, found: 0, partsRight: 0, urlRight: 0, extra: 0, linksOverNonCitations: 0, problems: [] };
  let broken = 0;
  for (const spec of AUTHORITY_FIXTURES) {
    const f = await authorityFixture(spec.name, spec.seed, spec.paragraphs);
    const t = performance.now();
    const r = await linkBrief({ brief: f.pdf, briefName: `${spec.name}.pdf`, authorities: true, ocr: 'off' });
    const ms = performance.now() - t;
    const s = scoreAuthorities(f.truth, r.review.authorities ?? []);
    for (const k of ['expected', 'found', 'partsRight', 'urlRight', 'extra', 'linksOverNonCitations'] as const) all[k] += s[k];
    broken += r.review.validation.authorities_broken ?? 0;
    console.log(`${spec.name.padEnd(24)} ${String(s.expected).padStart(6)} ${String(s.found).padStart(6)} ${String(s.partsRight).padStart(6)} ${String(s.urlRight).padStart(6)} ${String(s.extra).padStart(6)} ${String(s.linksOverNonCitations).padStart(6)} ${String(r.review.validation.authorities_broken ?? 0).padStart(6)} ${`${(ms / 1000).toFixed(1)} s`.padStart(7)}`);
    for (const p of s.problems.slice(0, 5)) console.log(`${' '.repeat(24)} ${p}`);
  }
  console.log(`${'TOTAL'.padEnd(24)} ${String(all.expected).padStart(6)} ${pct(all.found, all.expected).padStart(6)} ${pct(all.partsRight, all.expected).padStart(6)} ${pct(all.urlRight, all.expected).padStart(6)} ${String(all.extra).padStart(6)} ${String(all.linksOverNonCitations).padStart(6)} ${String(broken).padStart(6)}`);
}
