import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openPdf } from '../../src/engine/pdf/index.ts';
import { REAL_DIR, realTruth } from '../fixtures/score-real.ts';
import { compact, inBodyPages, readRealRefsTruth, referenceOnPage } from '../fixtures/real-refs-truth.ts';

/**
 * The hand-written reference truth of the real filings (test/fixtures/real-refs-truth.json) is well
 * formed, and every reference it lists is printed on the page it names: read back from the filing with
 * the engine's own text reading. Without ../shared/real only the shape is checked.
 */
const read = readRealRefsTruth();
const truth = read.success ? read.data : {};
const filings = existsSync(join(REAL_DIR, 'truth.json')) ? realTruth() : null;
if (!filings) console.warn(`real filings not found at ${REAL_DIR}: the reference truth is checked for shape only`);

describe('the reference truth of the real filings', () => {
  test('is well formed: kinds, parts named as RefParts names them, docKey from doc, pages and lists', () => {
    expect(read.error?.issues ?? []).toEqual([]);
  });

  test('covers at least six filings and a few hundred references, each on a body page, in reading order', () => {
    const files = Object.values(truth);
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(files.reduce((n, f) => n + f.references.length, 0)).toBeGreaterThanOrEqual(300);
    for (const [name, f] of Object.entries(truth)) {
      const pages = f.references.map((r) => r.page);
      expect(pages, `${name}: references in page order`).toEqual([...pages].sort((a, b) => a - b));
      for (const r of f.references) expect(inBodyPages(r.page, f.bodyPages), `${name} p. ${r.page} ${r.text}`).toBe(true);
    }
  });

  test('a short form carries the document of a reference before it', () => {
    for (const [name, f] of Object.entries(truth)) {
      f.references.forEach((r, i) => {
        if (!r.shortForm) return;
        const antecedent = f.references.slice(0, i).some((a) => a.doc === r.doc && !a.shortForm);
        expect(antecedent, `${name} p. ${r.page} ${r.text}: antecedent`).toBe(true);
      });
    }
  });

  test('a list begins with the first page, paragraph, docket entry or exhibit its parts give', () => {
    for (const [name, f] of Object.entries(truth)) {
      for (const r of f.references.filter((x) => x.list)) {
        const first = compact(r.list?.[0] ?? '');
        const firsts = [r.parts.page, r.parts.paragraph, r.parts.docket, r.parts.exhibit].filter((v) => v !== undefined);
        expect(firsts.some((v) => first.startsWith(compact(v))), `${name} p. ${r.page} ${r.text}`).toBe(true);
      }
    }
  });
});

describe.skipIf(!filings)('the reference truth against the filings of ../shared/real', () => {
  for (const [name, f] of Object.entries(truth)) {
    test(`${name}: ${f.references.length} references, each printed on its page`, () => {
      const pageCount = filings?.[name]?.pages;
      expect(pageCount, `${name} is a filing of ../shared/real`).toBeDefined();
      const indexPages = filings?.[name]?.indexPages ?? [];
      for (const p of indexPages) expect(inBodyPages(p, f.bodyPages), `${name}: index page ${p} is not body`).toBe(false);
      for (const [from, to] of f.bodyPages) expect(from <= to && to <= (pageCount ?? 0)).toBe(true);
      const doc = openPdf({ path: join(REAL_DIR, `${name}.pdf`) });
      try {
        const text = new Map<number, string>();
        const pageText = (p: number): string | null => {
          if (p > doc.pageCount) return null;
          if (!text.has(p)) text.set(p, doc.pageText(p).lines.map((l) => l.text).join('\n'));
          return text.get(p) ?? null;
        };
        const missing = f.references.filter((r) => {
          const printed = r.layerText === undefined ? r.text : r.layerText;
          return printed !== null && !referenceOnPage(printed, pageText(r.page) ?? '', pageText(r.page + 1));
        });
        expect(missing.map((r) => `p. ${r.page}: ${r.text}`)).toEqual([]);
      } finally {
        doc.close();
      }
    });
  }
});
