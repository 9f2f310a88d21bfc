import { describe, expect, test } from 'vitest';
import { ocrPages } from '../../src/engine/ocr/index.ts';
import { openPdf } from '../../src/engine/pdf/index.ts';
import { linkBrief } from '../../src/engine/pipeline.ts';
import type { PageText } from '../../src/engine/types.ts';
import { pagesOf } from '../fixtures/pages-of.ts';
import { type Fixture, loadFixture } from '../fixtures/index.ts';

/**
 * The US filing fixtures really show the traits they are named for, read back from the generated PDF:
 * pleading line numbers on every page, the CM/ECF stamp, printed numbers, a text layer that lies, …
 */

const words = (p: PageText) => p.lines.flatMap((l) => l.words);
const text = (p: PageText) => p.lines.map((l) => l.text.replace(/\s+/g, ' ').trim()).join('\n');

/** The numbers standing alone in the left margin, top to bottom. */
const marginNumbers = (p: PageText, maxX = 64) => words(p).filter((w) => w.bbox[2] < maxX && /^\d+$/.test(w.text))
  .sort((a, b) => a.bbox[1] - b.bbox[1]).map((w) => Number(w.text));

const oneTo28 = Array.from({ length: 28 }, (_, i) => i + 1);

function expectPleadingPaper(f: Fixture, pages: PageText[], caseNo: string, total = pages.length): void {
  for (const p of pages) {
    expect(marginNumbers(p), `${f.name} p.${p.page}: line numbers 1-28`).toEqual(oneTo28);
    expect(text(p), `${f.name} p.${p.page}: CM/ECF stamp`)
      .toMatch(new RegExp(`Case ${caseNo} Document \\d+ Filed \\d\\d/\\d\\d/\\d\\d Page ${p.page} of ${total} Page ID #:\\d+`));
  }
}

describe('us-pleading-toc', () => {
  test('pleading paper, ECF stamps, roman then arabic footers, wrapped TOC rows, a table of authorities', async () => {
    const f = await loadFixture('us-pleading-toc');
    const pages = pagesOf(f.brief);
    expect(pages.length).toBeLessThanOrEqual(45);
    expectPleadingPaper(f, pages, '2:23-cv-01234-ABC');
    const printed = f.truth.printedPages ?? [];
    expect(printed.slice(0, 5)).toEqual(['', 'i', 'ii', 'iii', 'iv']);
    expect(printed[5]).toBe('1');
    for (const [i, n] of printed.entries()) {
      if (n) expect(text(pages[i]!), `p.${i + 1} footer`).toContain(`${n} | OPPOSITION TO MOTION FOR SUMMARY JUDGMENT`);
    }
    const toc = text(pages[f.truth.indexPages[0]! - 1]!);
    expect(toc).toMatch(/TABLE OF CONTENTS/);
    expect(toc).toMatch(/\nPage\n/);
    expect(text(pages[f.truth.indexPages.at(-1)!]!)).toMatch(/TABLE OF AUTHORITIES[\s\S]*Cases[\s\S]* v\. /);
    // Some entries wrap: their first line has no page number, the last one does.
    const wrapped = f.truth.items.filter((it) => !toc.split('\n').some((l) => l.includes(it.text)));
    expect(wrapped.length).toBeGreaterThan(0);
    // Three levels, and the printed page of each heading is the page's own footer number.
    expect(new Set(f.truth.items.map((it) => it.label.split('.').length))).toEqual(new Set([1, 2, 3]));
    for (const it of f.truth.items) expect(printed[it.targetPage - 1]).toBe(it.printedPage);
  });
});

describe('us-deep-toc', () => {
  test('five levels, "- ii -" front matter, a continued TOC page, rows without leaders, Conclusion twice', async () => {
    const f = await loadFixture('us-deep-toc');
    const pages = pagesOf(f.brief);
    expectPleadingPaper(f, pages, '4:22-cv-05871-HSG');
    expect(new Set(f.truth.items.map((it) => it.label.split('.').length))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(f.truth.items.map((it) => it.label.split('.').at(-1))).toEqual(expect.arrayContaining(['i', 'ii', 'iii']));
    expect(f.truth.indexPages).toHaveLength(2);
    const second = text(pages[f.truth.indexPages[1]! - 1]!);
    expect(second).toMatch(/TABLE OF CONTENTS \(cont'd\)/);
    expect(text(pages[f.truth.indexPages[1]! - 1]!)).toMatch(/- ?ii ?-/);
    const conclusions = f.truth.items.filter((it) => it.text.toLowerCase() === 'conclusion');
    expect(conclusions).toHaveLength(2);
    expect(conclusions[0]!.targetPage).not.toBe(conclusions[1]!.targetPage);
    // Several entries start on one page.
    const perPage = new Map<number, number>();
    for (const it of f.truth.items) perPage.set(it.targetPage, (perPage.get(it.targetPage) ?? 0) + 1);
    expect(Math.max(...perPage.values())).toBeGreaterThanOrEqual(3);
    const tocLines = f.truth.indexPages.flatMap((p) => text(pages[p - 1]!).split('\n'));
    // One leader per row that has one: fewer leaders than rows.
    expect(tocLines.filter((l) => /\. \. \./.test(l)).length, 'rows without leaders').toBeLessThan(f.truth.items.length);
    const body = pages.find((p) => (f.truth.printedPages ?? [])[p.page - 1] === '3')!;
    expect(text(body)).toMatch(/\n- 3 -\n/);
  });
});

describe('us-garbled-toc', () => {
  test('the TOC looks right but its text layer is garbage; OCR of the rendered page reads the headings', async () => {
    const f = await loadFixture('us-garbled-toc');
    const tocPage = f.truth.indexPages[0]!;
    // The engine sees through it: the TOC pages' text layer is set aside and they are OCR'd, the others read.
    const doc = openPdf(f.brief);
    const needsOcr = Array.from({ length: doc.pageCount }, (_, i) => doc.analysePage(i + 1).needsOcr);
    doc.close();
    expect(f.truth.indexPages.map((p) => needsOcr[p - 1])).toEqual(f.truth.indexPages.map(() => true));
    expect(f.truth.items.map((it) => needsOcr[it.targetPage - 1])).not.toContain(true);
    const pages = pagesOf(f.brief);
    expect(pages[tocPage - 1]!.lines).toEqual([]);
    expectPleadingPaper(f, pages.filter((p) => !needsOcr[p.page - 1]), '8:23-cv-00417-DOC', pages.length);
    // The body pages still read normally.
    const first = f.truth.items[0]!;
    expect(text(pages[first.targetPage - 1]!)).toMatch(/INTRODUCTION/);
    const { pages: [ocr] } = await ocrPages(f.brief, [tocPage], { workers: 1 });
    expect(text(ocr!)).toMatch(/TABLE OF CONTENTS/);
    expect(text(ocr!)).toMatch(/INTRODUCTION/);
  }, 120_000);
});

describe('us-deposition-excerpt', () => {
  test('25-line transcript pages whose "Page n" footers jump; index rows naming pages not filed; not in page order', async () => {
    const f = await loadFixture('us-deposition-excerpt');
    const pages = pagesOf(f.brief);
    const printed = f.truth.printedPages ?? [];
    const transcript = pages.filter((p) => printed[p.page - 1]);
    for (const p of transcript) {
      expect(marginNumbers(p), `p.${p.page}: 25 numbered lines`).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(text(p).split('\n'), `p.${p.page}: footer`).toContain(`Page ${printed[p.page - 1]}`);
    }
    const numbers = transcript.map((p) => Number(printed[p.page - 1]));
    expect(numbers.some((n, i) => i > 0 && n - numbers[i - 1]! > 1), 'numbers jump').toBe(true);
    const missing = f.truth.items.filter((it) => it.noDestination);
    expect(missing.length).toBeGreaterThanOrEqual(2);
    for (const it of missing) expect(printed).not.toContain(it.printedPage);
    const refs = f.truth.items.map((it) => Number(it.printedPage));
    expect(refs.some((n, i) => i > 0 && n < refs[i - 1]!), 'index not in page order').toBe(true);
    const placed = f.truth.items.filter((it) => !it.noDestination);
    expect(new Set(placed.map((it) => it.targetPage)).size).toBeLessThan(placed.length);
    expect(text(pages[f.truth.indexPages[0]! - 1]!)).toMatch(/I N D E X[\s\S]*E X H I B I T S/);
    expect(text(pages[0]!)).toContain('EXHIBIT 7');
  });
});

describe('us-declaration fixtures', () => {
  for (const name of ['us-declaration-exhibits', 'us-declaration-lettered', 'us-declaration-exhibit-list']) {
    test(`${name}: slip sheets on the truth pages, exhibits cited in numbered paragraphs, no index heading`, async () => {
      const f = await loadFixture(name);
      const pages = pagesOf(f.brief);
      expect(pages.length).toBeLessThanOrEqual(45);
      expect(f.truth.items.length).toBeGreaterThanOrEqual(6);
      expect(f.truth.items.length).toBeLessThanOrEqual(10);
      // Read as a lawyer reads it: the margin's line numbers left out.
      const all = pages.map(text).join('\n').replace(/^\d{1,2} /gm, '').replace(/\s+/g, ' ');
      expect(all).not.toMatch(/INDEX OF EXHIBITS|TABLE OF CONTENTS/);
      const starts = f.truth.items.map((it) => it.targetPage);
      for (const [i, it] of f.truth.items.entries()) {
        const lines = text(pages[it.targetPage - 1]!).split('\n').filter((l) => !/^Case /.test(l));
        expect(lines, `${it.label}: slip sheet`).toEqual([`EXHIBIT ${it.label}`]);
        expect(all.toLowerCase()).toContain(`attached hereto as exhibit ${it.label} is a true and correct copy of ${it.text}.`.toLowerCase());
        const next = starts[i + 1] ?? pages.length + 1;
        expect(next - it.targetPage - 1, `${it.label}: 1-4 pages`).toBeGreaterThanOrEqual(1);
        expect(next - it.targetPage - 1, `${it.label}: 1-4 pages`).toBeLessThanOrEqual(4);
      }
      // The declaration's pages carry pleading line numbers; the slip sheets do not.
      for (let p = 1; p < starts[0]!; p++) expect(marginNumbers(pages[p - 1]!, 90), `p.${p} line numbers`).toEqual(oneTo28);
      if (name.endsWith('list')) expect(text(pages[f.truth.indexPages[0]! - 1]!)).toMatch(/EXHIBIT LIST/);
    });
  }
});

describe('us-unlabelled-toc', () => {
  test.each(['us-unlabelled-toc', 'us-unlabelled-toc-top'])('%s: unlabelled rows in three levels by indentation; printed 1 on the notice and on the memorandum', async (name) => {
    const f = await loadFixture(name);
    const pages = pagesOf(f.brief);
    expect(f.truth.items.every((it) => it.label === '')).toBe(true);
    const toc = pages[f.truth.indexPages[0]! - 1]!;
    // Each level starts further right: capitals at the margin, the two lower levels indented by two steps.
    const left = new Map<number, Set<number>>();
    for (const it of f.truth.items) {
      const line = toc.lines.find((l) => l.text.replace(/\s+/g, ' ').startsWith(it.text.split(' ').slice(0, 3).join(' ')));
      expect(line, `TOC row ${it.text}`).toBeDefined();
      expect(line!.words[0]!.text).toBe(it.text.split(' ')[0]);
      const level = it.text === it.text.toUpperCase() ? 0 : 1;
      if (!left.has(level)) left.set(level, new Set());
      left.get(level)!.add(Math.round(line!.bbox[0]));
    }
    expect(left.get(0)!.size).toBe(1);
    expect(left.get(1)!.size).toBe(2);
    expect(Math.min(...left.get(1)!)).toBeGreaterThan([...left.get(0)!][0]!);
    const printed = f.truth.printedPages ?? [];
    expect(printed.filter((n) => n === '1')).toHaveLength(2);
    for (const [i, n] of printed.entries()) {
      if (!n) continue;
      const lines = text(pages[i]!).split('\n');
      if (name.endsWith('-top')) expect(lines.slice(0, 3), `p.${i + 1}`).toContain(`PAGE ${n} – MOTION FOR CLASS CERTIFICATION`);
      else expect(lines, `p.${i + 1}`).toContain(`Page ${n}`);
    }
    for (const it of f.truth.items) expect(printed[it.targetPage - 1]).toBe(it.printedPage);
    expect(printed.indexOf('1')).toBeLessThan(f.truth.indexPages[0]! - 1);
  });
});

describe('us-scanned-pleading-toc', () => {
  test('image-only pages, a short filing', async () => {
    const f = await loadFixture('us-scanned-pleading-toc');
    const pages = pagesOf(f.brief);
    expect(pages.length).toBeLessThanOrEqual(20);
    for (const p of pages) expect(p.lines, `p.${p.page} has no text layer`).toHaveLength(0);
    expect(f.truth.indexPages).toEqual([2]);
  });

  test('OCR reads its contents page without the rules and leaders drawn on it: each entry ends in a leader and its page number', async () => {
    const f = await loadFixture('us-scanned-pleading-toc');
    const { pages } = await ocrPages(f.brief, f.truth.indexPages, { workers: 1 });
    const rows = pages[0]!.lines.map((l) => l.words.map((w) => w.text).join(' '));
    // no rule read as a letter or a bar, no leader read as letters (`ccoeveveeeren`)
    const withLeader = rows.filter((r) => r.includes('.....'));
    expect(withLeader.length).toBeGreaterThanOrEqual(f.truth.items.length);
    expect(rows.some((r) => /\b[ceiosuvnr]{8,}\b/.test(r))).toBe(false);
    // the page numbers come after the leaders, in order (a speck read beside one aside)
    const refs = withLeader.map((r) => /(\d+)\W*$/.exec(r)?.[1]);
    expect(refs).toEqual(f.truth.items.map((i) => i.printedPage));
  }, 300_000);
});

describe('us-redacted-toc', () => {
  test('the contents page carries black boxes over blank paper; the engine reads them as [redacted] where they stand', async () => {
    const f = await loadFixture('us-redacted-toc');
    const doc = openPdf(f.brief);
    try {
      expect(f.truth.indexPages.flatMap((p) => doc.darkBoxes(p)).length).toBeGreaterThanOrEqual(6);
    } finally {
      doc.close();
    }
    expect(f.truth.items.filter((i) => i.text === '[redacted heading]').length).toBe(4);
    // the end of a title blacked out, and a word in the middle of one
    expect(f.truth.items.some((i) => /\S \[redacted\]$/.test(i.text))).toBe(true);
    expect(f.truth.items.some((i) => /\S \[redacted\] \S/.test(i.text))).toBe(true);
    const { review } = await linkBrief({ brief: f.brief, briefName: 'redacted.pdf', ocr: 'off' });
    expect(review.index.items.map((i) => i.text)).toEqual(f.truth.items.map((i) => i.text));
    expect(review.links.map((l) => l.targetPage)).toEqual(f.truth.items.map((i) => i.targetPage));
  });
});

describe('us-scanned-foreign-ocr', () => {
  test('a scan whose text layer another program\'s OCR misread: the engine reads the contents page again, as printed', async () => {
    const f = await loadFixture('us-scanned-foreign-ocr');
    const pages = pagesOf(f.brief);
    // every page is a scan carrying a text layer, and the contents page's layer is wrong
    expect(pages.every((p) => p.scan && p.lines.length > 0)).toBe(true);
    const toc = f.truth.indexPages.map((p) => text(pages[p - 1]!)).join('\n');
    const cut = f.truth.items.filter((i) => i.printedPage && i.printedPage.length >= 2 && !toc.includes(`${i.text.split(' ').pop()} ${i.printedPage}`));
    expect(cut.length + (/[A-Z]0[A-Z]|rn/.test(toc) ? 1 : 0)).toBeGreaterThan(0);
    const { review } = await linkBrief({ brief: f.brief, briefName: 'scan.pdf' });
    expect(review.index.items.map((i) => [i.label, i.text])).toEqual(f.truth.items.map((i) => [i.label, i.text]));
    expect(review.links.map((l) => l.targetPage)).toEqual(f.truth.items.map((i) => i.targetPage));
  }, 300_000);
});

describe('us-complaint-counts', () => {
  test('the TOC lists the counts as "COUNT n" and the title; each count\'s page has "COUNT n" over its title', async () => {
    const f = await loadFixture('us-complaint-counts');
    const pages = pagesOf(f.brief);
    const counts = f.truth.items.filter((it) => it.label !== '');
    expect(counts.length).toBeGreaterThanOrEqual(5);
    expect(f.truth.items.filter((it) => it.label === '').length).toBeGreaterThanOrEqual(6);
    const toc = text(pages[f.truth.indexPages[0]! - 1]!).replace(/\s+/g, ' ');
    for (const it of counts) {
      expect(it.label).toMatch(/^(COUNT|Count) ([IVX]+|\d+)$/);
      expect(toc).toContain(it.label);
      const lines = text(pages[it.targetPage - 1]!).split('\n');
      const at = lines.indexOf(it.label);
      expect(at, `${it.label} on p.${it.targetPage}`).toBeGreaterThanOrEqual(0);
      expect(lines.slice(at + 1).join(' ').replace(/\s+/g, ' ')).toContain(it.text.split(' ').slice(0, 3).join(' '));
    }
  });
});

