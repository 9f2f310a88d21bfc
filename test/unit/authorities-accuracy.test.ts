import { beforeAll, describe, expect, it } from 'vitest';
import { bookOfAuthorities } from '../fixtures/authorities/book.ts';
import { AUTHORITY_FIXTURES, authorityFixture, type AuthorityFixture } from '../fixtures/authorities/build.ts';
import { matchTruth, scoreAuthorities, type AuthorityScore } from '../fixtures/authorities/score.ts';
import { openPdf } from '../../src/engine/pdf/index.ts';
import { linkBrief, type LinkResult } from '../../src/engine/pipeline.ts';

/**
 * Authorities as a user gets them (DESIGN §8): generated briefs citing every family through the pipeline
 * with `authorities` on, the written master read back. Every citation found with its parts and address,
 * linked by a web link over exactly its words; nothing else linked; and today's output unchanged when the
 * case does not ask for authority links.
 */
describe('authorities: accuracy and links read back', () => {
  const runs: Array<{ f: AuthorityFixture; r: LinkResult }> = [];
  beforeAll(async () => {
    for (const spec of AUTHORITY_FIXTURES) {
      const f = await authorityFixture(spec.name, spec.seed, spec.paragraphs);
      runs.push({ f, r: await linkBrief({ brief: f.pdf, briefName: `${spec.name}.pdf`, authorities: true, ocr: 'off' }) });
    }
  }, 120_000);

  it('every citation found with its parts and its address, nothing else', () => {
    const all: AuthorityScore = { expected: 0, found: 0, partsRight: 0, urlRight: 0, extra: 0, linksOverNonCitations: 0, problems: [] };
    for (const { f, r } of runs) {
      const s = scoreAuthorities(f.truth, r.review.authorities ?? []);
      for (const k of ['expected', 'found', 'partsRight', 'urlRight', 'extra', 'linksOverNonCitations'] as const) all[k] += s[k];
      all.problems.push(...s.problems.map((p) => `${f.name}: ${p}`));
    }
    const families = new Set(runs.flatMap(({ f }) => f.truth.map((t) => t.parts.family)));
    expect([...families].sort()).toEqual(['ca-neutral', 'ca-reporter', 'ca-statute', 'on-statute', 'uk-cpr', 'uk-neutral', 'uk-reporter', 'us-case', 'us-code', 'us-database', 'us-rule']);
    console.log(`generated family: ${all.expected} citations, ${all.found} found, ${all.partsRight} with right parts, ${all.urlRight} right address, ${all.extra} extra, ${all.linksOverNonCitations} links over non-citations`);
    expect(all.expected).toBeGreaterThan(200);
    expect(all.found / all.expected, all.problems.join('\n')).toBeGreaterThanOrEqual(0.99);
    expect(all.partsRight / all.expected, all.problems.join('\n')).toBeGreaterThanOrEqual(0.99);
    expect(all.urlRight / all.expected, all.problems.join('\n')).toBeGreaterThanOrEqual(0.99);
    expect(all.linksOverNonCitations).toBe(0);
  });

  it('each address is a web link over exactly the citation’s words in the written PDF, read back', () => {
    for (const { f, r } of runs) {
      const v = r.review.validation;
      const withUrl = (r.review.authorities ?? []).filter((a) => a.url);
      expect(v.authorities_broken).toBe(0);
      expect(v.authorities_linked).toBe(withUrl.length);
      const doc = openPdf(r.pdf);
      try {
        const uriLinks = Array.from({ length: doc.pageCount }, (_, i) => doc.links(i + 1).filter((k) => /^https:/.test(k.uri)).map((k) => ({ ...k, page: i + 1 }))).flat();
        // one web link per line of each citation with an address, and none other
        expect(uriLinks.length).toBe(withUrl.reduce((n, a) => n + a.spans.length, 0));
        for (const t of f.truth.filter((x) => x.url)) {
          const a = withUrl.find((x) => x.page === t.page && x.text === t.text)!;
          expect(a, t.text).toBeDefined();
          const words: string[] = [];
          for (const s of a.spans) {
            const link = uriLinks.find((k) => k.page === s.page && k.rect.every((c, i) => Math.abs(c - s.bbox[i]!) < 1));
            expect(link?.uri, t.text).toBe(t.url);
            // the words under the link, read back from the page, are the citation's
            const [x0, y0, x1, y1] = link!.rect;
            for (const line of doc.pageText(s.page).lines) {
              for (const w of line.words) {
                const cy = (w.bbox[1] + w.bbox[3]) / 2;
                if (w.bbox[0] < x1 - 0.5 && w.bbox[2] > x0 + 0.5 && cy > y0 && cy < y1) words.push(w.text);
              }
            }
          }
          const under = words.join(' ');
          // a word partly covered (`(Ashcroft`, `1983.`) is read whole: the citation is within it
          expect(under, `${t.text} under ${under}`).toContain(t.text.replace(/[.]$/, ''));
          expect(under.length - t.text.length, `${t.text} under ${under}`).toBeLessThanOrEqual(3);
        }
      } finally {
        doc.close();
      }
    }
  });

  it('with a Book of Authorities of tabs: every citation found, each pinpoint on its page of the book, nothing else linked', async () => {
    let placed = 0;
    let right = 0;
    let tabs = 0;
    const all: AuthorityScore = { expected: 0, found: 0, partsRight: 0, urlRight: 0, extra: 0, linksOverNonCitations: 0, problems: [] };
    const wrong: string[] = [];
    for (const { f } of runs) {
      const book = bookOfAuthorities(f.truth);
      tabs += book.tabs;
      const r = await linkBrief({ brief: f.pdf, briefName: `${f.name}.pdf`, records: [{ bytes: book.pdf, name: 'boa.pdf', citeAs: 'BOA' }], authorities: true, ocr: 'off' });
      const found = r.review.authorities ?? [];
      const s = scoreAuthorities(f.truth, found);
      for (const k of ['expected', 'found', 'partsRight', 'urlRight', 'extra', 'linksOverNonCitations'] as const) all[k] += s[k];
      all.problems.push(...s.problems.map((p) => `${f.name}: ${p}`));
      expect(r.review.validation.authorities_broken).toBe(0);
      const matched = matchTruth(f.truth, found);
      f.truth.forEach((t, i) => {
        const page = book.place[i];
        if (page === null || page === undefined) return;
        placed++;
        // the master is the brief, then the book
        const a = matched[i];
        if (a?.targetPage === f.pageCount + page) right++;
        else wrong.push(`${f.name} p. ${t.page} ${t.text}: book page ${a?.targetPage ?? '-'} ≠ ${f.pageCount + page} (${a?.why ?? 'not found'})`);
      });
    }
    console.log(`with a Book of Authorities: ${all.expected} citations, ${all.found} found, ${all.partsRight} with right parts, ${all.extra} extra, ${all.linksOverNonCitations} links over non-citations; ${tabs} tabs, ${placed} citations in the book, ${right} on their page`);
    expect(tabs).toBeGreaterThan(60);
    expect(placed).toBeGreaterThan(120);
    expect(all.found / all.expected, all.problems.join('\n')).toBeGreaterThanOrEqual(0.99);
    expect(all.partsRight / all.expected, all.problems.join('\n')).toBeGreaterThanOrEqual(0.99);
    expect(right / placed, wrong.join('\n')).toBeGreaterThanOrEqual(0.99);
    expect(all.linksOverNonCitations).toBe(0);
  }, 120_000);

  it('without authorities asked for, the output is today’s: no authorities, no web links', async () => {
    const f = runs[0]!.f;
    const r = await linkBrief({ brief: f.pdf, briefName: 'a.pdf', ocr: 'off' });
    expect(r.review.authorities).toBeUndefined();
    expect(r.review.validation.authorities_linked).toBeUndefined();
    expect(r.review.links.length).toBe(runs[0]!.r.review.links.length);
    const doc = openPdf(r.pdf);
    try {
      for (let p = 1; p <= doc.pageCount; p++) expect(doc.links(p).filter((k) => /^https?:/.test(k.uri))).toEqual([]);
    } finally {
      doc.close();
    }
  });

  it("authorityLinks 'off' lists every citation and links none; a firm's template replaces a family's address", async () => {
    const f = runs[0]!.f;
    const off = await linkBrief({ brief: f.pdf, briefName: 'a.pdf', ocr: 'off', authorities: true, authorityLinks: 'off' });
    expect(off.review.authorities!.length).toBe(runs[0]!.r.review.authorities!.length);
    expect(off.review.authorities!.every((a) => a.url === null && a.why === 'authority links are off')).toBe(true);
    const firm = await linkBrief({ brief: f.pdf, briefName: 'a.pdf', ocr: 'off', authorities: true, authorityLinks: { 'us-case': 'https://library.example.com/{reporter}/{volume}/{page}', 'ca-neutral': null } });
    const us = firm.review.authorities!.filter((a) => a.family === 'us-case' && a.url);
    expect(us.length).toBeGreaterThan(0);
    expect(us.every((a) => a.url!.startsWith('https://library.example.com/'))).toBe(true);
    expect(firm.review.authorities!.filter((a) => a.family === 'ca-neutral').every((a) => a.url === null)).toBe(true);
    expect(firm.review.validation.authorities_broken).toBe(0);
  });
});
