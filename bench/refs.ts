/**
 * `npx tsx bench/refs.ts`: the reference bench case (a 60-page factum making 400 references into a
 * 3,000-page appeal book of three volumes, cached under .fixtures/), and, when the engine has them, the time
 * to find the brief's references (`findReferences`) and to resolve them into the record
 * (`resolveReferences`), with the score of what they returned; then the same score over the generated family
 * of reference fixtures. `--no-family` skips the family.
 */
import { cpus, totalmem } from 'node:os';
import type { PageText } from '../src/engine/types.ts';
import { benchCase } from '../test/fixtures/refs/bench-case.ts';
import { cachedRefFixture, fixtures } from '../test/fixtures/refs/index.ts';
import { type FoundRef, type RefScore, scoreRefs } from '../test/fixtures/refs/score.ts';
import type { RefFixture } from '../test/fixtures/refs/types.ts';
import { pagesOf } from '../test/fixtures/pages-of.ts';

type Find = (pages: PageText[], opts?: { indexPages?: readonly number[]; citeAs?: readonly string[] }) => Array<FoundRef & { parts: NonNullable<FoundRef['parts']> }>;
type Resolve = (refs: unknown[], records: Array<{ citeAs: string; volume?: string; pages: PageText[]; masterStart: number }>,
  opts?: { brief?: PageText[] }) => Array<{ targetPage: number | null }>;

async function optional<T>(path: string, name: string): Promise<T | null> {
  try {
    const mod = (await import(path)) as Record<string, unknown>;
    return typeof mod[name] === 'function' ? (mod[name] as T) : null;
  } catch {
    return null;
  }
}


const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;
const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

interface Engine { find: Find; resolve: Resolve | null }

/** Find and resolve one fixture's references; timings in ms. */
function run(engine: Engine, f: RefFixture, brief: PageText[], records: PageText[][]): { found: FoundRef[]; findMs: number; resolveMs: number } {
  const citeAs = [...new Set(f.records.map((r) => r.citeAs))];
  let t = performance.now();
  // The brief's index page is its second page in every generated brief.
  const refs = engine.find(brief, { indexPages: [2], citeAs });
  const findMs = performance.now() - t;
  let targets: Array<number | null> = refs.map(() => null);
  let resolveMs = 0;
  if (engine.resolve) {
    let start = brief.length + 1;
    const sources = f.records.map((r, i) => {
      const s = { citeAs: r.citeAs, ...(r.volume ? { volume: r.volume } : {}), pages: records[i]!, masterStart: start };
      start += records[i]!.length;
      return s;
    });
    t = performance.now();
    targets = engine.resolve(refs, sources, { brief }).map((r) => r.targetPage);
    resolveMs = performance.now() - t;
  }
  const found = refs.map((r, i) => ({ page: r.page, text: r.text, kind: r.kind, doc: r.parts.doc, volume: r.parts.volume ?? null,
    target: r.target, targetPage: targets[i] ?? null, parts: r.parts }));
  return { found, findMs, resolveMs };
}

function printScore(label: string, s: RefScore, problems = 12): void {
  console.log(`${label}: expected ${s.expected}, found ${s.found} (${pct(s.found, s.expected)}), right parts ${s.partsRight} (${pct(s.partsRight, s.expected)}), `
    + `linked right ${s.linkedRight} (${pct(s.linkedRight, s.expected)}), wrong links ${s.wrongLinks}, links over non-references ${s.linksOverNonReferences}, `
    + `unresolved though in the record ${s.unresolvedButInRecord}`);
  for (const p of s.problems.slice(0, problems)) console.log(`  ${p}`);
  if (s.problems.length > problems) console.log(`  … ${s.problems.length - problems} more`);
}

async function main(): Promise<void> {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  let t = performance.now();
  const bench = await cachedRefFixture('refs-bench', () => benchCase('refs-bench'));
  console.log(`bench case: ${bench.truth.references.length} references, built or loaded in ${ms(t)}`);
  t = performance.now();
  const brief = pagesOf(bench.brief);
  console.log(`brief text: ${brief.length} pages in ${ms(t)}`);
  t = performance.now();
  const records = bench.records.map((r) => pagesOf(r.pdf));
  console.log(`record text: ${records.map((r) => r.length).join(' + ')} pages in ${ms(t)}`);

  const find = await optional<Find>('../src/engine/refs/find-references.ts', 'findReferences');
  if (!find) {
    console.log('finder not present (src/engine/refs/find-references.ts exports no findReferences)');
    return;
  }
  const engine: Engine = { find, resolve: await optional<Resolve>('../src/engine/refs/resolve-references.ts', 'resolveReferences') };
  const r = run(engine, bench, brief, records);
  console.log(`findReferences: ${r.found.length} references in ${r.findMs.toFixed(0)} ms; `
    + (engine.resolve ? `resolveReferences: ${r.resolveMs.toFixed(0)} ms` : 'resolver not present'));
  printScore('bench case', scoreRefs(bench.truth, r.found), 5);

  // what references add to a link run: the same brief and records through linkBrief, with and without them
  // (median of three runs each, alternated)
  const { linkBrief } = await import('../src/engine/pipeline.ts');
  const input = {
    brief: bench.brief,
    briefName: 'bench-brief.pdf',
    records: bench.records.map((rec, i) => ({ bytes: rec.pdf, name: `volume-${i + 1}.pdf`, citeAs: rec.citeAs, ...(rec.volume ? { volume: rec.volume } : {}) })),
    ocr: 'off' as const,
  };
  const times: Record<'index' | 'refs', number[]> = { index: [], refs: [] };
  let linked = 0;
  for (let i = 0; i < 3; i++) {
    for (const mode of ['index', 'refs'] as const) {
      const t0 = performance.now();
      const out = await linkBrief({ ...input, references: mode === 'refs' });
      times[mode].push(performance.now() - t0);
      if (mode === 'refs') linked = out.review.validation.references_linked ?? 0;
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`linkBrief, brief ${bench.brief.length >> 10} KB + records of ${records.reduce((n, r) => n + r.length, 0)} pages: index alone ${median(times.index).toFixed(0)} ms, with references ${median(times.refs).toFixed(0)} ms (+${(median(times.refs) - median(times.index)).toFixed(0)} ms, ${linked} reference links written and read back)`);

  if (process.argv.includes('--no-family')) return;
  const all: RefScore = { expected: 0, found: 0, partsRight: 0, linkedRight: 0, wrongLinks: 0, linksOverNonReferences: 0, unresolvedButInRecord: 0, problems: [] };
  for (const f of await fixtures()) {
    if (f.scanned) { console.log(`${f.name}: scanned brief, needs OCR (not run here)`); continue; }
    const s = scoreRefs(f.truth, run(engine, f, pagesOf(f.brief), f.records.map((x) => pagesOf(x.pdf))).found);
    printScore(f.name, s, 6);
    for (const k of ['expected', 'found', 'partsRight', 'linkedRight', 'wrongLinks', 'linksOverNonReferences', 'unresolvedButInRecord'] as const) all[k] += s[k];
  }
  printScore('generated family', all, 0);
}

await main();
