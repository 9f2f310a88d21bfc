import { describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from '../pdf/make-text-pdf.ts';
import { linkBrief } from '../pipeline.ts';

const text = (lines: string[], y0 = 100): TextLineSpec[] => lines.map((t, i) => ({ text: t, x: 72, y: y0 + i * 16, size: 11 }));
const divider = (label: string): TextLineSpec[] => [{ text: label, x: 250, y: 380, size: 30 }];
const footer = (n: string): TextLineSpec => ({ text: n, x: 300, y: 760, size: 10 });

describe('a Book of Authorities of the case', () => {
  it('citations found in it link to their tab and pinpoint there; others to their public address', async () => {
    const brief = makeTextPdf([
      text(['FACTUM OF THE APPELLANT']),
      text([
        'The pleading must be plausible: Ashcroft v. Iqbal, 556 U.S. 662, 663 (2009). Id. at 664.',
        'Delay is measured from the charge. R. v. Jordan, 2016 SCC 27 at para. 5.',
        'The rule is otherwise in England: Alpha v Bravo, [2019] EWCA Civ 1. So too Alpha v Bravo [1999] Bus LR 651.',
        'And in the Supreme Court, Delta v Echo, [2020] UKSC 5.',
      ]),
    ]);
    const boa = makeTextPdf([
      text(['BOOK OF AUTHORITIES OF THE APPELLANT']),
      divider('TAB 1'),
      [...text(['Ashcroft v. Iqbal', '556 U.S. 662 (2009)', 'Opinion of the Court.']), footer('662')],
      [...text(['more of the opinion']), footer('663')],
      [...text(['the rest of the opinion']), footer('664')],
      divider('TAB 2'),
      text(['R. v. Jordan, 2016 SCC 27', '[1] The accused was charged.', '[2] The trial was delayed.', '[3] He applied for a stay.', '[4] It was refused.']),
      text(['[5] The ceiling is thirty months.', '[6] The appeal is allowed.']),
      divider('TAB 3'),
      text(['Alpha v Bravo', 'The first hearing of the claim.']),
      divider('TAB 4'),
      text(['Alpha v Bravo', '[1999] Bus LR 651', 'A report cited by its year, with no volume.']),
    ]);
    const r = await linkBrief({ brief, briefName: 'factum.pdf', records: [{ bytes: boa, name: 'boa.pdf', citeAs: 'BOA' }], authorities: true, ocr: 'off' });
    const a = r.review.authorities!;
    // master: the brief's 2 pages, then the book's 12
    expect(a.map((x) => [x.text, x.tab ?? null, x.targetPage, x.url !== null])).toEqual([
      ['Ashcroft v. Iqbal, 556 U.S. 662, 663 (2009)', '1', 2 + 4, true],
      ['Id. at 664', '1', 2 + 5, true],
      ['R. v. Jordan, 2016 SCC 27 at para. 5', '2', 2 + 8, true],
      // named at tab 3, its citation printed nowhere: the tab naming its parties
      ['Alpha v Bravo, [2019] EWCA Civ 1', '3', 2 + 10, true],
      // the report printed at tab 4, not the first tab naming the same parties
      ['Alpha v Bravo [1999] Bus LR 651', '4', 2 + 12, false],
      // not in the book: its public address
      ['Delta v Echo, [2020] UKSC 5', null, null, true],
    ]);
    expect(a[2]!.why).toMatch(/tab 2 .*paragraph 5/);
    expect(r.review.validation).toMatchObject({ authorities_linked: 6, authorities_broken: 0 });
    const doc = openPdf(r.pdf);
    try {
      const links = doc.links(2);
      expect(links.filter((k) => k.targetPage === 6).length).toBe(1);
      // a citation found in the book links into it, one that is not to its public address
      expect(links.filter((k) => k.uri === 'https://caselaw.nationalarchives.gov.uk/ewca/civ/2019/1').length).toBe(0);
      expect(links.filter((k) => k.uri === 'https://caselaw.nationalarchives.gov.uk/uksc/2020/5').length).toBe(1);
    } finally {
      doc.close();
    }
  });
});

describe('a Book of Authorities named by its cover', () => {
  it('BOOK OF AUTHORITIES on the cover names the record BOA', async () => {
    const { recordIdentity } = await import('../refs/record-cover.ts');
    const { isBookOfAuthorities } = await import('./book-of-authorities.ts');
    const cover = openPdf(makeTextPdf([text(['JOINT BOOK OF AUTHORITIES', 'VOLUME 2 OF 3'])]));
    try {
      const id = recordIdentity([cover.pageText(1)]);
      expect(id).toEqual({ citeAs: 'BOA', volume: '2' });
      expect(isBookOfAuthorities(id.citeAs!)).toBe(true);
      expect(['AB', 'ER', 'J.A.', 'Smith Affidavit'].some(isBookOfAuthorities)).toBe(false);
    } finally {
      cover.close();
    }
  });
});
