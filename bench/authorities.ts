/**
 * `npx tsx bench/authorities.ts`: the authority finder's speed and score on a generated 60-page brief citing
 * about 300 authorities of every family (cases, neutral citations, statutes, rules, short forms), built by
 * the test fixtures' generator: the text read once, then `findAuthorities` timed over it (median of 5 runs,
 * the record-reference pass it runs to tell whose `Id.` is whose included), with the score against the truth
 * and the machine it ran on.
 */
import { briefAuthorities } from '../src/engine/authorities/review-authorities.ts';
import { findAuthorities } from '../src/engine/authorities/find-authorities.ts';
import { authorityFixture } from '../test/fixtures/authorities/build.ts';
import { scoreAuthorities } from '../test/fixtures/authorities/score.ts';
import { pagesOf } from '../test/fixtures/pages-of.ts';
import { machineLine } from './bench-server.ts';


async function main(): Promise<void> {
  console.log(machineLine());
  let t = performance.now();
  const f = await authorityFixture('authorities-bench', 'authorities-bench', 104, 0.85);
  console.log(`bench brief: ${f.pageCount} pages, ${f.truth.length} citations, built in ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  const pages = pagesOf(f.pdf);
  console.log(`text read in ${(performance.now() - t).toFixed(0)} ms`);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    t = performance.now();
    findAuthorities(pages, { indexPages: [2] });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[2]!;
  console.log(`findAuthorities: median ${median.toFixed(0)} ms (${(median / f.pageCount).toFixed(1)} ms/page; runs ${times.map((x) => x.toFixed(0)).join(', ')} ms)`);
  const s = scoreAuthorities(f.truth, briefAuthorities(pages, [2], []));
  const pct = (n: number) => `${((100 * n) / s.expected).toFixed(1)}%`;
  console.log(`score: expected ${s.expected}, found ${s.found} (${pct(s.found)}), right parts ${s.partsRight} (${pct(s.partsRight)}), right address ${s.urlRight} (${pct(s.urlRight)}), extra ${s.extra}, links over non-citations ${s.linksOverNonCitations}`);
  for (const p of s.problems.slice(0, 12)) console.log(`  ${p}`);
}

void main();
