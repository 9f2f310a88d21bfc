/**
 * `npx tsx bench/authorities.ts`: what authorities add to the link run, on a generated 60-page brief citing
 * about 300 authorities of every family (cases, neutral citations, statutes, rules, short forms) and a
 * 1,500-page Book of Authorities of the case (a tab per case cited, reports printed with their own page
 * numbers, judgments in numbered paragraphs; at least 1,500 pages), both built by the test fixtures' generators.
 *
 * Prints the machine, the input, then: the finder alone over the brief's text (`findAuthorities`, the
 * record-reference pass it runs to tell whose `Id.` is whose included); the book read for its tabs
 * (`readBook`); the whole of the authorities' work on text already read (`briefAuthorities` with the book:
 * finding, addresses, places in the book); and the link run end to end (`linkBrief` with the book as a record),
 * with authorities on and off in turn, the difference being what they add. Medians of CPU time; the score of the citations and
 * of the pinpoints' pages in the book against the generator's truth.
 */
import { readBook } from '../src/engine/authorities/book-of-authorities.ts';
import { findAuthorities } from '../src/engine/authorities/find-authorities.ts';
import { briefAuthorities } from '../src/engine/authorities/review-authorities.ts';
import { linkBrief } from '../src/engine/pipeline.ts';
import { bookOfAuthorities } from '../test/fixtures/authorities/book.ts';
import { authorityFixture } from '../test/fixtures/authorities/build.ts';
import { matchTruth, scoreAuthorities } from '../test/fixtures/authorities/score.ts';
import { pagesOf } from '../test/fixtures/pages-of.ts';
import { machineLine } from './bench-server.ts';

const BOOK_PAGES = 1500;

function median(times: number[]): number {
  const s = [...times].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Runs `f` and times it by the process's CPU time, which another job's load on a shared machine changes far
 * less than the wall clock (the engine runs on this thread; a worker's time would count too).
 */
async function timed<T>(runs: number, f: () => T | Promise<T>): Promise<{ ms: number; runs: number[]; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    value = await f();
    const d = process.cpuUsage(c);
    times.push((d.user + d.system) / 1000);
  }
  return { ms: median(times), runs: times, value };
}

const fmt = (r: { ms: number; runs: number[] }) => `median ${r.ms.toFixed(0)} ms (runs ${r.runs.map((x) => x.toFixed(0)).join(', ')} ms)`;

async function main(): Promise<void> {
  console.log(machineLine());
  let t = performance.now();
  const f = await authorityFixture('authorities-bench', 'authorities-bench', 104, 0.95);
  // as many pages of text added to each tab as make the book at least 1,500 pages
  const base = bookOfAuthorities(f.truth);
  const book = bookOfAuthorities(f.truth, Math.max(0, Math.ceil((BOOK_PAGES - base.pageCount) / base.tabs)));
  console.log(`input: a brief of ${f.pageCount} pages citing ${f.truth.length} authorities; a Book of Authorities of ${book.pageCount} pages in ${book.tabs} tabs (built in ${(performance.now() - t).toFixed(0)} ms)`);
  t = performance.now();
  const pages = pagesOf(f.pdf);
  const bookPages = pagesOf(book.pdf);
  console.log(`text read in ${(performance.now() - t).toFixed(0)} ms`);

  const find = await timed(5, () => findAuthorities(pages, { indexPages: [2] }));
  console.log(`findAuthorities over the brief: ${fmt(find)} CPU, ${(find.ms / f.pageCount).toFixed(1)} ms a page`);
  const read = await timed(5, () => readBook(bookPages));
  console.log(`readBook, ${book.pageCount} pages: ${fmt(read)} CPU`);
  const all = await timed(5, () => briefAuthorities(pages, [2], ['BOA'], {}, { book: readBook(bookPages), masterStart: f.pageCount + 1 }));
  console.log(`authorities' work on text read (find, addresses, places in the book): ${fmt(all)} CPU`);

  // the link run end to end, authorities off and on in turn (so that the machine's load falls on both alike)
  const records = [{ bytes: book.pdf, name: 'boa.pdf', citeAs: 'BOA' }];
  const offRuns: number[] = [];
  const onRuns: number[] = [];
  let onValue!: Awaited<ReturnType<typeof linkBrief>>;
  for (let i = 0; i < 5; i++) {
    offRuns.push((await timed(1, () => linkBrief({ brief: f.pdf, briefName: 'brief.pdf', records, ocr: 'off' }))).ms);
    const r = await timed(1, () => linkBrief({ brief: f.pdf, briefName: 'brief.pdf', records, ocr: 'off', authorities: true }));
    onRuns.push(r.ms);
    onValue = r.value;
  }
  const off = { ms: median(offRuns), runs: offRuns };
  const on = { ms: median(onRuns), runs: onRuns, value: onValue };
  console.log(`linkBrief with the book, authorities off: ${fmt(off)} CPU`);
  console.log(`linkBrief with the book, authorities on:  ${fmt(on)} CPU`);
  console.log(`time authorities add to the link run: ${(on.ms - off.ms).toFixed(0)} ms CPU end to end; ${all.ms.toFixed(0)} ms their own work (target ≤ 1000 ms)`);

  const found = on.value.review.authorities ?? [];
  const s = scoreAuthorities(f.truth, found);
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
  let placed = 0;
  let right = 0;
  const matched = matchTruth(f.truth, found);
  f.truth.forEach((_, i) => {
    const page = book.place[i];
    if (page === null || page === undefined) return;
    placed++;
    if (matched[i]?.targetPage === f.pageCount + page) right++;
  });
  console.log(`score: expected ${s.expected}, found ${s.found} (${pct(s.found, s.expected)}), right parts ${s.partsRight} (${pct(s.partsRight, s.expected)}), right address ${s.urlRight} (${pct(s.urlRight, s.expected)}), extra ${s.extra}, links over non-citations ${s.linksOverNonCitations}; pinpoints in the book ${placed}, on their page ${right} (${pct(right, placed)}); links broken ${on.value.review.validation.authorities_broken ?? 0}`);
  for (const p of s.problems.slice(0, 12)) console.log(`  ${p}`);
}

void main();
