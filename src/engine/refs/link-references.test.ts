import { beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from '../pdf/make-text-pdf.ts';
import { linkBrief, type LinkResult } from '../pipeline.ts';
import type { ReviewReference } from '../types.ts';

const text = (lines: string[], y0 = 100): TextLineSpec[] => lines.map((t, i) => ({ text: t, x: 72, y: y0 + i * 16, size: 11 }));
const divider = (label: string): TextLineSpec[] => [{ text: label, x: 250, y: 380, size: 30 }];
const footer = (n: string): TextLineSpec => ({ text: n, x: 300, y: 760, size: 10 });

/**
 * A factum and its case's records as generated PDFs: an appeal book whose printed numbers run on from a
 * cover and an unnumbered divider (printed ≠ PDF page), a motion record whose tabs number their pages
 * from 1 and hold exhibits behind slip sheets, two ER volumes stamped `1-ER-7`, an affidavit of numbered
 * paragraphs, a cross-examination of numbered questions, a docket filing, and an appendix bound into the
 * brief (pages printed 1a, 2a).
 */
function fixture() {
  const brief = makeTextPdf([
    text(['FACTUM OF THE APPELLANT']),
    text([
      'The judge found the contract void (Appeal Book, Tab 2, p. 5). The appellant relied on the letter',
      '(AB, Tab 3), and the witness agreed (Transcript of the Cross-Examination of John Doe, qq. 12-13).',
      'The record shows it (MR Tab 2, p. 2; MR, Tab 2, Exhibit "B", p. 2). See also 2-ER-12 and 1 ER 4.',
      'Id. at 5. The court below said so (Pet. App. 2a). The earlier order is at ECF No. 12 at 3.',
    ]),
    text([
      'The affidavit is clear: Smith Affidavit, para. 3. The missing page is cited too (ER 4555),',
      'as is a volume never filed (3-ER-1). The respondent says otherwise (Resp. Br. 12).',
    ]),
    [...text(['APPENDIX', 'Opinion of the court below']), footer('1a')],
    [...text(['more of the opinion']), footer('2a')],
  ]);
  const ab = makeTextPdf([
    text(['APPEAL BOOK', 'VOLUME 1']),
    divider('TAB 1'),
    [...text(['Notice of appeal']), footer('1')],
    divider('TAB 2'),
    ...[2, 3, 4, 5].map((n) => [...text([`Reasons for judgment, page ${n}`]), footer(String(n))]),
    divider('TAB 3'),
    [...text(['Letter of March 3']), footer('6')],
  ]);
  const mr = makeTextPdf([
    text(['MOTION RECORD']),
    divider('TAB 1'),
    ...[1, 2].map((n) => [...text([`Notice of motion ${n}`]), footer(String(n))]),
    divider('TAB 2'),
    ...[1, 2, 3].map((n) => [...text([`Affidavit of Mary Roe ${n}`]), footer(String(n))]),
    divider('EXHIBIT "B"'),
    ...[1, 2].map((n) => text([`Contract page ${n}`])),
  ]);
  const erPage = (vol: number, n: number): TextLineSpec[] => [...text([`excerpt page ${n}`]), { text: `${vol}-ER-${n}`, x: 500, y: 760, size: 10 }];
  const er1 = makeTextPdf([text(['EXCERPTS OF RECORD', 'VOLUME 1 OF 2']), ...[1, 2, 3, 4, 5].map((n) => erPage(1, n))]);
  const er2 = makeTextPdf([text(['EXCERPTS OF RECORD', 'VOLUME 2 OF 2']), ...[10, 11, 12].map((n) => erPage(2, n))]);
  const aff = makeTextPdf([text(['AFFIDAVIT OF JANE SMITH', '1. I am the appellant.', '2. I signed it.']), text(['3. It was void.', '4. That is all.'])]);
  const cross = makeTextPdf([
    text(['CROSS-EXAMINATION OF JOHN DOE']),
    text(['10. Q. Did you sign it?', 'A. Yes.', '11. Q. When?']),
    text(['12. Q. Who else signed?', 'A. Nobody.', '13. Q. Are you sure?']),
  ]);
  const ecf = makeTextPdf([1, 2, 3, 4].map((n) => [...text([`Order page ${n}`]), { text: `Case 1:20-cv-1 Document 12 Filed 01/02/20 Page ${n} of 4`, x: 72, y: 30, size: 8 }]));
  return {
    brief,
    records: [
      { bytes: ab, name: 'ab.pdf', citeAs: 'AB' },
      { bytes: mr, name: 'mr.pdf', citeAs: 'MR' },
      { bytes: er1, name: 'er1.pdf', citeAs: 'ER', volume: '1' },
      { bytes: er2, name: 'er2.pdf', citeAs: 'ER', volume: '2' },
      { bytes: aff, name: 'aff.pdf', citeAs: 'Smith Affidavit' },
      { bytes: cross, name: 'cross.pdf', citeAs: 'Doe Cross' },
      { bytes: ecf, name: 'ecf12.pdf', citeAs: 'ECF No. 12' },
    ],
  };
}

describe('references resolved into the records and linked in the master', () => {
  let result: LinkResult;
  let refs: Map<string, ReviewReference>;
  /** Master pages where each record starts. */
  let start: Record<string, number>;
  beforeAll(async () => {
    const f = fixture();
    result = await linkBrief({ brief: f.brief, briefName: 'factum.pdf', ocr: 'off', records: f.records });
    refs = new Map(result.review.references!.map((r) => [r.text, r]));
    start = Object.fromEntries(result.review.records!.map((r) => [`${r.citeAs}${r.volume ? ` ${r.volume}` : ''}`, r.offset + 1]));
  });

  const target = (t: string) => refs.get(t)?.targetPage ?? null;

  it('lists the record documents in the master in the order given', () => {
    expect(result.review.records!.map((r) => [r.citeAs, r.volume, r.pages])).toEqual([
      ['AB', null, 10], ['MR', null, 11], ['ER', '1', 6], ['ER', '2', 4], ['Smith Affidavit', null, 2], ['Doe Cross', null, 3], ['ECF No. 12', null, 4],
    ]);
    expect(start.AB).toBe(6);
  });

  it('a page by its printed number, within the tab the reference names, not by its place in the file', () => {
    // AB: cover, TAB 1, printed 1, TAB 2, printed 2..5 → printed 5 is the book's 8th page
    expect(target('Appeal Book, Tab 2, p. 5')).toBe(start.AB! + 7);
    expect(target('AB, Tab 3')).toBe(start.AB! + 8);
  });

  it('tabs that number their own pages from 1, and an exhibit behind its slip sheet', () => {
    // MR: cover, TAB 1, 1, 2, TAB 2, 1, 2, 3, EXHIBIT "B", contract 1, contract 2
    expect(target('MR Tab 2, p. 2')).toBe(start.MR! + 6);
    expect(target('MR, Tab 2, Exhibit "B", p. 2')).toBe(start.MR! + 10);
  });

  it('ER volumes by their stamps, and Id. taking the volume of the reference before it', () => {
    expect(target('2-ER-12')).toBe(start['ER 2']! + 3);
    expect(target('1 ER 4')).toBe(start['ER 1']! + 4);
    expect(target('Id. at 5')).toBe(start['ER 1']! + 5);
  });

  it('a paragraph of an affidavit, a question of a cross-examination, a page of a docket filing', () => {
    expect(target('Smith Affidavit, para. 3')).toBe(start['Smith Affidavit']! + 1);
    expect(target('Transcript of the Cross-Examination of John Doe, qq. 12-13')).toBe(start['Doe Cross']! + 2);
    expect(target('ECF No. 12 at 3')).toBe(start['ECF No. 12']! + 2);
  });

  it('pages bound into the brief itself (Pet. App. 2a) resolve within the brief', () => {
    expect(target('Pet. App. 2a')).toBe(5);
  });

  it('a page that is not in what was uploaded is unresolved with the reason, and not linked', () => {
    expect(refs.get('ER 4555')).toMatchObject({ targetPage: null, why: expect.stringMatching(/ER 4555: the ER volumes uploaded hold pages 1-5 \(vol\. 1\); 10-12 \(vol\. 2\)/) });
    expect(refs.get('3-ER-1')).toMatchObject({ targetPage: null, why: expect.stringMatching(/volume 3 of ER was not uploaded/) });
    expect(refs.get('Resp. Br. 12')).toMatchObject({ kind: 'brief', targetPage: null });
  });

  it('the written master carries one link over each resolved reference, to its page, and a bookmark per record', () => {
    const doc = openPdf(result.pdf);
    try {
      const resolved = result.review.references!.filter((r) => r.targetPage !== null);
      expect(resolved).toHaveLength(11);
      const links = [2, 3].flatMap((p) => doc.links(p).map((l) => ({ ...l, page: p })));
      expect(links).toHaveLength(resolved.reduce((n, r) => n + r.spans.length, 0));
      for (const r of resolved) {
        for (const s of r.spans) {
          const hit = links.filter((l) => l.page === s.page && Math.abs(l.rect[0] - s.bbox[0]) < 1 && Math.abs(l.rect[1] - s.bbox[1]) < 1);
          expect(hit.map((l) => l.targetPage), r.text).toEqual([r.targetPage]);
        }
      }
      expect(doc.outline().map((o) => [o.title, o.page])).toEqual(result.review.records!.map((r) => [`${r.citeAs}${r.volume ? ` Vol. ${r.volume}` : ''} – ${r.file}`, r.offset + 1]));
      expect(result.review.validation).toMatchObject({ references_linked: 11, references_broken: 0 });
    } finally {
      doc.close();
    }
  });
});

describe("references to the brief's own parts", () => {
  const briefWithIndex = () =>
    makeTextPdf([
      text(['INDEX', 'Tab 1   Affidavit of Mary Roe', 'Tab 2   Letter of March 3, 2020', 'Tab 3   Order of the court']),
      text(['The letter at Tab 2 of this Brief settles it, and the order (Tab 3 of this Brief) follows it.']),
      divider('TAB 1'),
      text(['Affidavit of Mary Roe']),
      divider('TAB 2'),
      text(['Letter of March 3, 2020']),
      divider('TAB 3'),
      text(['Order of the court']),
    ]);

  it('are not linked unless the case asks; then they link where their index entry links', async () => {
    const plain = await linkBrief({ brief: briefWithIndex(), briefName: 'b.pdf', ocr: 'off' });
    expect(plain.review.index.items).toHaveLength(3);
    expect(plain.review.references!.map((r) => [r.text, r.kind, r.targetPage])).toEqual([
      ['Tab 2 of this Brief', 'brief', null],
      ['Tab 3 of this Brief', 'brief', null],
    ]);
    const linked = await linkBrief({ brief: briefWithIndex(), briefName: 'b.pdf', ocr: 'off', briefLinks: true });
    expect(linked.review.references!.map((r) => [r.text, r.targetPage, r.internal ?? false])).toEqual([
      ['Tab 2 of this Brief', 5, true],
      ['Tab 3 of this Brief', 7, true],
    ]);
    const doc = openPdf(linked.pdf);
    try {
      expect(doc.links(2).map((l) => l.targetPage)).toEqual([5, 7]);
      expect(linked.review.validation).toMatchObject({ success: true, references_linked: 2, references_broken: 0 });
    } finally {
      doc.close();
    }
  });
});
