import { describe, expect, it } from 'vitest';
import { toaBrief } from '../../../test/fixtures/authorities/toa-brief.ts';
import { openPdf } from '../pdf/index.ts';
import { linkBrief } from '../pipeline.ts';
import { holdsKey, isHeading, normCite } from './toa-rows.ts';

describe('Table of Authorities rows', () => {
  it('each row links to the first page of the brief citing its authority', async () => {
    const f = await toaBrief();
    const r = await linkBrief({ brief: f.pdf, briefName: 'brief.pdf', authorities: true, authorityLinks: {}, ocr: 'off' });
    const rows = r.review.authorities!.filter((a) => a.toaRow && a.text !== f.uncited);
    expect(rows.map((a) => [a.text, a.targetPage])).toEqual(f.rows.map((t) => [t.text, t.firstPage]));
    // a row naming a case the body never cites: listed with its parts and why, not linked
    const uncited = r.review.authorities!.find((a) => a.text === f.uncited)!;
    expect(uncited).toMatchObject({ toaRow: true, kind: 'case', family: 'us-case', url: null, targetPage: null, parts: { volume: '5', page: '137' } });
    expect(uncited.why).toMatch(/does not cite this authority/);
    // the wrapped entry: one link over each of its two lines
    expect(rows.find((a) => a.text.includes('Vavilov'))!.spans).toHaveLength(2);
    // the body's citations are unchanged, and no row of the table is read as one of them
    const body = r.review.authorities!.filter((a) => !a.toaRow);
    expect(body.every((a) => a.page > 3)).toBe(true);
    expect(r.review.validation).toMatchObject({ success: true, authorities_broken: 0 });
    // read back: one internal link over each row of the table's page, to that page
    const toaPage = rows[0]!.page;
    const doc = openPdf(r.pdf);
    try {
      const links = doc.links(toaPage).filter((k) => k.targetPage !== null);
      for (const row of rows) {
        for (const span of row.spans) {
          const at = links.filter((k) => Math.abs(k.rect[1] - span.bbox[1]) < 2);
          expect(at.map((k) => k.targetPage), row.text).toEqual([row.targetPage]);
        }
      }
      expect(doc.links(toaPage).filter((k) => Math.abs(k.rect[1] - uncited.spans[0]!.bbox[1]) < 2)).toHaveLength(0);
    } finally {
      doc.close();
    }
  }, 60_000);

  it("with 'authority', a row links where its authority does: the public address, or nowhere when it has none", async () => {
    const f = await toaBrief();
    const r = await linkBrief({ brief: f.pdf, briefName: 'brief.pdf', authorities: true, authorityLinks: {}, toaTarget: 'authority', ocr: 'off' });
    const rows = r.review.authorities!.filter((a) => a.toaRow);
    expect(rows.map((a) => [a.text, a.targetPage, a.url])).toEqual([
      ['Ashcroft v. Iqbal, 556 U.S. 662 (2009)', null, 'https://www.courtlistener.com/c/U.S./556/662/'],
      ['Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65', null, 'https://www.canlii.org/en/ca/scc/doc/2019/2019scc65/2019scc65.html'],
      ['R. v. Jordan, 2016 SCC 27', null, 'https://www.canlii.org/en/ca/scc/doc/2016/2016scc27/2016scc27.html'],
      ['Marbury v. Madison, 5 U.S. 137 (1803)', null, null],
      ['Smith v. Jones, 2019 WL 123456 (S.D.N.Y. 2019)', null, null],
      ['42 U.S.C. § 1983', null, 'https://www.law.cornell.edu/uscode/text/42/1983'],
    ]);
    expect(rows[4]!.why).toMatch(/no address or page/);
    expect(r.review.validation).toMatchObject({ success: true, authorities_broken: 0 });
  }, 60_000);

  it('adds nothing when authorities are not asked for', async () => {
    const f = await toaBrief();
    const r = await linkBrief({ brief: f.pdf, briefName: 'brief.pdf', ocr: 'off' });
    expect(r.review.authorities).toBeUndefined();
  }, 60_000);

  it('a row holds a citation only as a whole number: rule 12 is not rule 126, volume 56 not 556', () => {
    expect(holdsKey(normCite('Fed. R. Civ. P. 12(b)(6) ..... 4'), normCite('Fed. R. Civ. P. 12'))).toBe(true);
    expect(holdsKey(normCite('Fed. R. Civ. P. 126 ..... 4'), normCite('Fed. R. Civ. P. 12'))).toBe(false);
    expect(holdsKey(normCite('Ashcroft v. Iqbal, 556 U.S. 662 (2009)'), normCite('56 U.S. 662'))).toBe(false);
    expect(holdsKey(normCite('Ashcroft v. Iqbal, 556 U.S. 662 (2009)'), normCite('556 U.S. 662'))).toBe(true);
  });

  it('headings and column heads of a table are not part of the entry under them', () => {
    for (const h of ['Cases', 'CASES', 'Page No(s).', '(cont’d)', '(cont’d) Page No(s).', 'Page(s)', 'Other Authorities', 'Statutes and Rules', 'Constitutional Provisions']) {
      expect(isHeading(h), h).toBe(true);
    }
    for (const e of ['Comm. to Protect Our Agric.', 'Bell Atlantic Corp. v. Twombly,', 'State v. Smith,', 'In re Federal Rules Litigation,']) expect(isHeading(e), e).toBe(false);
  });
});
