import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openPdf } from '../../src/engine/pdf/index.ts';
import { citationOnPage, readRealAuthoritiesTruth } from '../fixtures/real-authorities-truth.ts';
import { inBodyPages } from '../fixtures/real-refs-truth.ts';
import { formatRealAuthorities, scoreAllRealAuthorities, type Tally } from '../fixtures/score-real-authorities.ts';
import { REAL_DIR, realTruth } from '../fixtures/score-real.ts';

/**
 * Authorities on real filings (DESIGN §8): the hand-written truth of their citations
 * (test/fixtures/real-authorities-truth.json) is well formed and printed where it says, and the finder, run as
 * the link run runs it, finds them with their parts. Floors at what the engine reaches, so that a change that
 * loses citations fails here. Without ../shared/real only the truth's shape is checked.
 */
const read = readRealAuthoritiesTruth();
const truth = read.success ? read.data : {};
const filings = existsSync(join(REAL_DIR, 'truth.json')) ? realTruth() : null;

describe('the authority truth of the real filings', () => {
  test('is well formed: kinds, families, parts named as AuthorityParts names them, short forms with their antecedent', () => {
    expect(read.error?.issues ?? []).toEqual([]);
  });

  test('covers two US filings, a judgment of England and Wales and the Canadian factum, a few hundred citations in page order', () => {
    const names = Object.keys(truth);
    expect(names.filter((n) => n.startsWith('us-') || n.startsWith('letter-')).length).toBeGreaterThanOrEqual(2);
    expect(names.some((n) => n.startsWith('uk-'))).toBe(true);
    expect(names.some((n) => n.startsWith('canadian-'))).toBe(true);
    expect(Object.values(truth).reduce((n, f) => n + f.citations.length, 0)).toBeGreaterThanOrEqual(200);
    for (const [name, f] of Object.entries(truth)) {
      const pages = f.citations.map((c) => c.page);
      expect(pages, `${name}: citations in page order`).toEqual([...pages].sort((a, b) => a - b));
      f.citations.forEach((c, i) => {
        expect(inBodyPages(c.page, f.bodyPages), `${name} p. ${c.page} ${c.text}`).toBe(true);
        // a short form continues a full citation written before it
        if (c.antecedent) expect(f.citations.slice(0, i).some((a) => a.text === c.antecedent && !a.shortForm), `${name} p. ${c.page} ${c.text}`).toBe(true);
      });
    }
  });
});

describe.skipIf(!filings)('the authority truth against the filings of ../shared/real', () => {
  for (const [name, f] of Object.entries(truth)) {
    test(`${name}: ${f.citations.length} citations, each printed on its page`, () => {
      const doc = openPdf({ path: join(REAL_DIR, `${name}.pdf`) });
      try {
        const text = new Map<number, string>();
        const pageText = (p: number): string | null => {
          if (p > doc.pageCount) return null;
          if (!text.has(p)) text.set(p, doc.pageText(p).lines.map((l) => l.text).join('\n'));
          return text.get(p) ?? null;
        };
        const missing = f.citations.filter((c) => !citationOnPage(c.text, pageText(c.page) ?? '', pageText(c.page + 1)));
        expect(missing.map((c) => `p. ${c.page}: ${c.text}`)).toEqual([]);
      } finally {
        doc.close();
      }
    });
  }

  test('the finder: case citations found with their parts, statutes and rules, nothing else listed', () => {
    const rows = scoreAllRealAuthorities()!;
    console.log(formatRealAuthorities(rows));
    const sum = (k: 'cases' | 'statutes'): Tally => rows.reduce((a, r) => ({ expected: a.expected + r[k].expected, found: a.found + r[k].found, right: a.right + r[k].right }), { expected: 0, found: 0, right: 0 });
    const cases = sum('cases');
    const statutes = sum('statutes');
    const problems = rows.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)).join('\n');
    expect(cases.expected).toBeGreaterThan(150);
    // floors at what the finder reaches: 179 of 182 case citations found (98.4%), 178 with their parts (97.8%),
    // the 14 statutes and rules all right, one extra (a citation whose name a page's footnotes break from it)
    expect(cases.found / cases.expected, problems).toBeGreaterThanOrEqual(0.98);
    expect(cases.right / cases.expected, problems).toBeGreaterThanOrEqual(0.97);
    expect(statutes.right, problems).toBe(statutes.expected);
    expect(rows.reduce((n, r) => n + r.extra, 0), problems).toBeLessThanOrEqual(1);
  });
});
