import { describe, expect, test } from 'vitest';
import type { PageText } from '../../src/engine/types.ts';
import { pagesOf } from '../fixtures/pages-of.ts';
import { REF_FIXTURES, type RefFixture, type TruthReference, loadRefFixture } from '../fixtures/refs/index.ts';
import { normaliseRefText } from '../fixtures/refs/score.ts';

/**
 * The reference fixtures say what their PDFs show: each truth reference reads as printed on its page
 * (over a line or a page break too), each trap is in the brief, and each target page of a record carries
 * what makes it the target (its printed number or stamp, a divider, a slip sheet, a paragraph, a question).
 */

const norm = (s: string) => s.normalize('NFKC').replace(/[\u2010-\u2015]/g, '-').replace(/\s+/g, ' ').trim();
const linesOf = (p: PageText) => p.lines.map((l) => norm(l.text)).filter(Boolean);

/**
 * Where the reference's words stand: 'line' (one line), 'lines' (over lines of its page), 'pages' (on over
 * the first line of the next page), or null: its first words end a line of its page and the rest follow
 * line after line.
 */
function placeOf(text: string, pages: PageText[], page: number): 'line' | 'lines' | 'pages' | null {
  const want = norm(text);
  const words = want.split(' ');
  const lines = [linesOf(pages[page - 1]!), pages[page] ? linesOf(pages[page]!) : []];
  if (lines[0]!.some((l) => l.includes(want))) return 'line';
  const after = ([p, i]: [number, number]): Array<[number, number]> => [[p, i + 1], ...(p === 0 ? [[1, 0] as [number, number]] : [])];
  const rest = (at: [number, number], tail: string[], crossed: boolean): 'lines' | 'pages' | null => {
    for (const next of after(at)) {
      const line = lines[next[0]]?.[next[1]];
      if (line === undefined) continue;
      const text = tail.join(' ');
      const over = crossed || next[0] === 1;
      if (line.replace(/^\(/, '').startsWith(text)) return over ? 'pages' : 'lines';
      const k = line.split(' ').length;
      if (k < tail.length && text.startsWith(line)) {
        const found = rest(next, tail.slice(k), over);
        if (found) return found;
      }
    }
    return null;
  };
  for (const [i, line] of lines[0]!.entries()) {
    for (let k = 1; k < words.length; k++) {
      if (!line.endsWith(words.slice(0, k).join(' '))) continue;
      const found = rest([0, i], words.slice(k), false);
      if (found) return found;
    }
  }
  return null;
}

/** The document holding master page `n`, and the page within it. */
function pageAt(f: RefFixture, briefPages: number, n: number): { doc: number; page: number } {
  if (n <= briefPages) return { doc: -1, page: n };
  let start = briefPages;
  for (const [i, r] of f.records.entries()) {
    const count = recordPages.get(r.pdf)!.length;
    if (n <= start + count) return { doc: i, page: n - start };
    start += count;
  }
  throw new Error(`master page ${n} is past the last record`);
}

const recordPages = new Map<Uint8Array, PageText[]>();
const hasMark = (p: PageText, mark: string) => ` ${linesOf(p).join(' ')} `.includes(` ${norm(mark)} `);

function checkFixture(f: RefFixture, brief: PageText[]): Record<string, number> {
  for (const r of f.records) recordPages.set(r.pdf, pagesOf(r.pdf));
  const seen: Record<string, number> = {};
  const count = (k: string) => { seen[k] = (seen[k] ?? 0) + 1; };
  const briefText = ` ${brief.flatMap(linesOf).join(' ')} `;
  for (const trap of f.truth.notReferences) expect(briefText, `${f.name}: trap "${trap}"`).toContain(norm(trap));
  for (const t of f.truth.references) {
    const where = `${f.name} p.${t.page} "${t.text}"`;
    const place = placeOf(t.text, brief, t.page);
    expect(place, `${where}: on its page as printed`).not.toBeNull();
    count(place!);
    count(t.kind);
    if (t.footnote) count('footnote');
    if (t.shortForm) count(t.shortForm);
    if (t.unresolved) count('unresolved');
    checkTarget(f, brief, t, where);
  }
  return seen;
}

function checkTarget(f: RefFixture, brief: PageText[], t: TruthReference, where: string): void {
  if (t.kind === 'brief' || t.unresolved) {
    expect(t.targetPage, `${where}: no target`).toBeNull();
    return;
  }
  expect(t.targetPage, `${where}: a target`).not.toBeNull();
  const { doc, page } = pageAt(f, brief.length, t.targetPage!);
  const pages = doc < 0 ? brief : recordPages.get(f.records[doc]!.pdf)!;
  if (doc >= 0) {
    expect(f.records[doc]!.citeAs, `${where}: into ${t.doc}`).toBe(t.doc);
    expect(f.records[doc]!.volume ?? null, `${where}: volume`).toBe(t.volume);
  }
  expect(hasMark(pages[page - 1]!, t.targetMark!), `${where}: target page ${page} of ${t.doc} shows "${t.targetMark}"`).toBe(true);
}

describe('reference fixtures', () => {
  const totals: Record<string, number> = {};
  for (const spec of REF_FIXTURES) {
    test(spec.name, async () => {
      const f = await loadRefFixture(spec.name);
      expect(f.truth.references.length).toBeGreaterThan(0);
      let brief = pagesOf(f.brief);
      expect(brief.length, 'brief pages').toBeGreaterThanOrEqual(6);
      expect(brief.length, 'brief pages').toBeLessThanOrEqual(15);
      if (spec.scanned) {
        // Image only: no text layer. The same brief unscanned carries the same truth, and is checked instead.
        expect(brief.every((p) => p.lines.length === 0), 'scanned pages have no text').toBe(true);
        const source = await spec.build(spec.name, spec.name.replace(/-scanned$/, '-scan'));
        expect(source.truth).toEqual(f.truth);
        brief = pagesOf(source.brief);
      }
      for (const [k, v] of Object.entries(checkFixture(f, brief))) totals[k] = (totals[k] ?? 0) + v;
    });
  }

  test('together they hold every trait: breaks over lines and pages, footnotes, short forms, brief references, unresolved ones', async () => {
    if (Object.keys(totals).length === 0) {
      // Run alone: count over the fixtures here.
      for (const spec of REF_FIXTURES.filter((x) => !x.scanned)) {
        const f = await loadRefFixture(spec.name);
        for (const [k, v] of Object.entries(checkFixture(f, pagesOf(f.brief)))) totals[k] = (totals[k] ?? 0) + v;
      }
    }
    for (const k of ['lines', 'pages', 'footnote', 'id', 'ibid', 'supra', 'brief', 'unresolved']) expect(totals[k] ?? 0, k).toBeGreaterThanOrEqual(k === 'supra' ? 1 : 3);
    expect(totals.record).toBeGreaterThanOrEqual(100);
  });
});

describe('reference text matching', () => {
  test('normalised texts ignore dashes, spacing and enclosing punctuation only', () => {
    expect(normaliseRefText('ER 12–15.')).toBe('er12-15');
    expect(normaliseRefText('Appeal Book, Tab 6,p. 32')).toBe(normaliseRefText('Appeal Book, Tab 6, p. 32'));
    expect(normaliseRefText('ER 12-16')).not.toBe(normaliseRefText('ER 12-15'));
  });
});
