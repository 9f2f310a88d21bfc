import { describe, expect, it } from 'vitest';
import { makePage } from '../page-model/make-page-text.ts';
import type { PageText } from '../types.ts';
import { findReferences } from './find-references.ts';
import type { Reference } from './types.ts';

/** A page of running text, one row a string, set wide so each row stays one row. */
function textPage(page: number, rows: string[], opts: { small?: string[] } = {}): PageText {
  const body = rows.map((text) => ({ text, size: 11 }));
  const y0 = 72 + body.length * 17.75 + 20;
  const notes = (opts.small ?? []).map((text, i) => ({ text, size: 8, y: y0 + i * 12 }));
  return makePage(page, { rows: [...body, ...notes], width: 1400 });
}

function find(rows: string[], opts: Parameters<typeof findReferences>[1] = {}): Reference[] {
  return findReferences([textPage(1, rows)], opts);
}

const brief = (refs: Reference[]) => refs.map((r) => [r.kind, r.text, r.parts.docKey]);

describe('references to the record, as lawyers write them', () => {
  it('Canada: appeal book, motion record, affidavits, cross-examinations, compendium', () => {
    const refs = find([
      'The judge erred (Appeal Book, Tab 5, p. 23; AB, Vol. 2, Tab 7, p. 112). See Motion Record, Tab 3, Exhibit "C"',
      'and MR Tab 2C, p. 45. The Affidavit of Jane Smith sworn May 1, 2020, at para. 14 says so; Smith Affidavit,',
      'paras. 3-5; Transcript of the Cross-Examination of John Doe, qq. 45-47; Compendium, Tab 4.',
    ]);
    expect(refs.map((r) => [r.text, r.parts])).toEqual([
      ['Appeal Book, Tab 5, p. 23', { doc: 'Appeal Book', docKey: 'AB', tab: '5', page: '23' }],
      ['AB, Vol. 2, Tab 7, p. 112', { doc: 'AB', docKey: 'AB', volume: '2', tab: '7', page: '112' }],
      ['Motion Record, Tab 3, Exhibit "C"', { doc: 'Motion Record', docKey: 'MR', tab: '3', exhibit: 'C' }],
      ['MR Tab 2C, p. 45', { doc: 'MR', docKey: 'MR', tab: '2C', page: '45' }],
      ['Affidavit of Jane Smith sworn May 1, 2020, at para. 14', { doc: 'Affidavit of Jane Smith sworn May 1, 2020', docKey: 'AFF:SMITH', paragraph: '14' }],
      ['Smith Affidavit, paras. 3-5', { doc: 'Smith Affidavit', docKey: 'AFF:SMITH', paragraph: '3', paragraphEnd: '5' }],
      ['Transcript of the Cross-Examination of John Doe, qq. 45-47', { doc: 'Transcript of the Cross-Examination of John Doe', docKey: 'CROSS:DOE', question: '45', questionEnd: '47' }],
      ['Compendium, Tab 4', { doc: 'Compendium', docKey: 'COMPENDIUM', tab: '4' }],
    ]);
  });

  it('England and Wales bundle references: [B/12/345], {A/1/1}, B1/12/345', () => {
    const refs = find(['The letter [B/12/345] and the order {A/1/1}, then the witness statement B1/12/345.']);
    expect(refs.map((r) => [r.text, r.parts.doc, r.parts.volume ?? null, r.parts.tab, r.parts.page])).toEqual([
      ['[B/12/345]', 'B', null, '12', '345'],
      ['{A/1/1}', 'A', null, '1', '1'],
      ['B1/12/345', 'B', '1', '12', '345'],
    ]);
  });

  it('US appellate records: ER with and without volumes, JA, appendices, ROA, CT/RT, RP/CP, Appx', () => {
    const refs = find([
      'The panel held (1-ER-123; 2 ER 345; ER 12-15; C.A. E.R. 4555). See JA 45; J.A. 45-46; App. 12a; Pet. App. 3a;',
      'ROA.123; 9 CT 2077-2107; 7 CT 1531, ¶ 11, lines 15-17; RT 45; RP 296-300; CP 311-12; Appx123.',
    ]);
    expect(refs.map((r) => [r.text, r.parts.docKey, r.parts.volume ?? null, r.parts.page, r.parts.pageEnd ?? null])).toEqual([
      ['1-ER-123', 'ER', '1', '123', null],
      ['2 ER 345', 'ER', '2', '345', null],
      ['ER 12-15', 'ER', null, '12', '15'],
      ['C.A. E.R. 4555', 'ER', null, '4555', null],
      ['JA 45', 'JA', null, '45', null],
      ['J.A. 45-46', 'JA', null, '45', '46'],
      ['App. 12a', 'APP', null, '12a', null],
      ['Pet. App. 3a', 'PETAPP', null, '3a', null],
      ['ROA.123', 'ROA', null, '123', null],
      ['9 CT 2077-2107', 'CT', '9', '2077', '2107'],
      ['7 CT 1531, ¶ 11, lines 15-17', 'CT', '7', '1531', null],
      ['RT 45', 'RT', null, '45', null],
      ['RP 296-300', 'RP', null, '296', '300'],
      ['CP 311-12', 'CP', null, '311', '312'],
      ['Appx123', 'APPX', null, '123', null],
    ]);
    expect(refs.find((r) => r.parts.volume === '7')!.parts).toMatchObject({ paragraph: '11', line: '15', lineEnd: '17' });
  });

  it('US trial courts: docket entries, exhibits, transcripts, depositions, declarations', () => {
    const refs = find([
      'See Dkt. 45 at 3; ECF No. 12 at 4; D. Ct. Doc. 141, at 4; Ex. C at 4; Exhibit 12, p. 3; Tr. 12:3-15;',
      'Smith Dep. 45:2-10; Decl. ¶ 5; Jones Decl. ¶¶ 5-6; ECF No. 12-3.',
    ]);
    expect(refs.map((r) => [r.text, r.parts])).toEqual([
      ['Dkt. 45 at 3', { doc: 'Dkt.', docKey: 'DKT', docket: '45', page: '3' }],
      ['ECF No. 12 at 4', { doc: 'ECF No.', docKey: 'DKT', docket: '12', page: '4' }],
      ['D. Ct. Doc. 141, at 4', { doc: 'D. Ct. Doc.', docKey: 'DKT', docket: '141', page: '4' }],
      ['Ex. C at 4', { doc: 'Ex.', docKey: 'EX', exhibit: 'C', page: '4' }],
      ['Exhibit 12, p. 3', { doc: 'Exhibit', docKey: 'EX', exhibit: '12', page: '3' }],
      ['Tr. 12:3-15', { doc: 'Tr.', docKey: 'TR', page: '12', line: '3', lineEnd: '15' }],
      ['Smith Dep. 45:2-10', { doc: 'Smith Dep.', docKey: 'DEP:SMITH', page: '45', line: '2', lineEnd: '10' }],
      ['Decl. ¶ 5', { doc: 'Decl.', docKey: 'DECL', paragraph: '5' }],
      ['Jones Decl. ¶¶ 5-6', { doc: 'Jones Decl.', docKey: 'DECL:JONES', paragraph: '5', paragraphEnd: '6' }],
      ['ECF No. 12-3', { doc: 'ECF No.', docKey: 'DKT', docket: '12-3' }],
    ]);
  });

  it('a list gives one reference per cited page or range, each over its own words', () => {
    const refs = find(['The findings (ER 12, 15-17, 20) and the order (Dkt. 58-1 at 1-2, 6).']);
    expect(refs.map((r) => [r.text, r.parts.doc, r.parts.page, r.parts.pageEnd ?? null, r.target])).toEqual([
      ['ER 12', 'ER', '12', null, '12'],
      ['15-17', 'ER', '15', '17', '15-17'],
      ['20', 'ER', '20', null, '20'],
      ['Dkt. 58-1 at 1-2', 'Dkt.', '1', '2', '1-2'],
      ['6', 'Dkt.', '6', null, '6'],
    ]);
    const [a, b] = [refs[0]!.spans[0]!.bbox, refs[1]!.spans[0]!.bbox];
    expect(a[2]).toBeLessThanOrEqual(b[0]);
  });

  it('short forms take the document of the citation just before them, never an authority’s', () => {
    const refs = find([
      'The court found so (ER 12). Id. at 17. The contract said otherwise. Id. Then the court relied on',
      'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). Id. at 680. See July 2018 Report 1. See id. at 3. Smith Decl.',
      '¶ 4; ibid.',
    ]);
    expect(refs.map((r) => [r.text, r.parts.docKey, r.parts.page ?? r.parts.paragraph, r.shortForm ?? null])).toEqual([
      ['ER 12', 'ER', '12', null],
      ['Id. at 17', 'ER', '17', 'id'],
      ['Id.', 'ER', '17', 'id'],
      ['Smith Decl. ¶ 4', 'DECL:SMITH', '4', null],
      ['ibid.', 'DECL:SMITH', '4', 'ibid'],
    ]);
  });

  it('a reference broken over two lines, and over a page break, is one reference with a box per line', () => {
    const pages = [
      textPage(1, ['The motion judge relied on the Appeal Book,', 'Tab 5, p. 23 and on the transcript at Tr.']),
      textPage(2, ['12:3-15 to find the facts.']),
    ];
    const refs = findReferences(pages);
    expect(refs.map((r) => [r.page, r.text, r.spans.map((s) => s.page)])).toEqual([
      [1, 'Appeal Book, Tab 5, p. 23', [1, 1]],
      [1, 'Tr. 12:3-15', [1, 2]],
    ]);
  });

  it('references in footnotes are found and marked', () => {
    const page = textPage(1, ['The judge so found.1 Nothing else was said about it in the reasons or elsewhere.', 'The appeal followed in due course.', 'Counsel argued the point at length.'], {
      small: ['1 See AB, Tab 2, p. 7.'],
    });
    const refs = findReferences([page]);
    expect(refs.map((r) => [r.text, r.footnote ?? false])).toEqual([['AB, Tab 2, p. 7', true]]);
  });

  it("references to the brief itself or another party's brief are kind brief", () => {
    const refs = find(['As set out at Tab 7 of this Brief and in Part III above, the respondent is wrong (Resp. Br. 12; Opening Br. 5).']);
    expect(brief(refs)).toEqual([
      ['brief', 'Tab 7 of this Brief', 'BRIEF'],
      ['brief', 'Part III above', 'BRIEF'],
      ['brief', 'Resp. Br. 12', 'BR'],
      ['brief', 'Opening Br. 5', 'BR'],
    ]);
  });

  it('text that only looks like a reference is not one', () => {
    const refs = find([
      'On page 12 of his letter, sent in 2019 at 45 degrees, he cited 556 U.S. 662, 678 and Rule 12(b)(6); the firm',
      'is at 1 Main Street, Hartford, CT 06103. AB 5 was a bill; Fed. R. App. P. 28 and Cal. App. 4th 123 are law.',
      'EXHIBIT 3',
    ]);
    expect(refs).toEqual([]);
  });

  it('a name the case gives a record is read even where it alone would mean nothing (AB 5, R. 45)', () => {
    const rows = ['The trial judge said so at AB 5 and again at R. 45.'];
    expect(find(rows)).toEqual([]);
    expect(find(rows, { citeAs: ['AB', 'R.'] }).map((r) => r.text)).toEqual(['AB 5', 'R. 45']);
  });

  it('index pages and the table of authorities are not body', () => {
    const pages = [
      textPage(1, ['INDEX', 'Tab 1 Affidavit of Jane Smith ..... 3', 'Tab 2 Exhibit 12 ..... 9']),
      textPage(2, ['TABLE OF AUTHORITIES', 'Cases', 'Smith v. Jones, 1 F.3d 2 (2000) ..... 4, 7', 'Dkt. 45 ..... 5']),
      textPage(3, ['ARGUMENT', 'The court erred (Dkt. 45 at 3).']),
    ];
    const refs = findReferences(pages, { indexPages: [1] });
    expect(refs.map((r) => [r.page, r.text])).toEqual([[3, 'Dkt. 45 at 3']]);
  });
});

describe('references as US trial filings write them', () => {
  it('numbered facts, exhibits described before their pinpoint, Bates numbers and their short pinpoints', () => {
    const refs = find([
      'See SUF 41; Def’s UF 2-4. The video shows it. Ex. H (Hitt Dep. 55:10-60:5); Ex. 2, Frantz Decl. at ¶¶ 20, 21;',
      'Ex. 3, FB-SCHMIDT-000000487, at ‘491. Id. at ‘492. Later, Ex. 3 at ‘495; Dkt. 1, Exhibit A; Dkt. 44-2 at 3.',
    ]);
    expect(refs.map((r) => [r.text, r.parts.docKey, r.parts.exhibit ?? r.parts.docket ?? null, r.parts.page ?? r.parts.paragraph ?? null])).toEqual([
      ['SUF 41', 'SUF', null, '41'],
      ['Def’s UF 2-4', 'SUF', null, '2'],
      ['Ex. H (Hitt Dep. 55:10-60:5)', 'EX', 'H', '55'],
      ['Ex. 2, Frantz Decl. at ¶¶ 20', 'EX', '2', '20'],
      ['21', 'EX', '2', '21'],
      ['Ex. 3, FB-SCHMIDT-000000487, at ‘491', 'EX', '3', 'FB-SCHMIDT-000000491'],
      ['Id. at ‘492', 'EX', '3', 'FB-SCHMIDT-000000492'],
      ['Ex. 3 at ‘495', 'EX', '3', 'FB-SCHMIDT-000000495'],
      ['Dkt. 1, Exhibit A', 'DKT', 'A', null],
      ['Dkt. 44-2 at 3', 'DKT', '44-2', '3'],
    ]);
    expect(refs[8]!.parts).toMatchObject({ docket: '1', exhibit: 'A' });
  });

  it('a discovery response within an exhibit is part of the reference, bare or in parentheses; the link goes to the exhibit', () => {
    const refs = find([
      'They admitted it. Ex. K, Resp. No. 1; Ex. K, First Supp. Resp. No. 6. They denied the rest',
      '(Ex. K (First Supp. Resp. No. 3)), as they did before. See Ex. 37 at RFA Nos. 52-54; Ex. 4, Interrog. No. 2.',
    ]);
    expect(refs.map((r) => [r.text, r.parts.exhibit, r.parts.page ?? null])).toEqual([
      ['Ex. K, Resp. No. 1', 'K', null],
      ['Ex. K, First Supp. Resp. No. 6', 'K', null],
      ['Ex. K (First Supp. Resp. No. 3)', 'K', null],
      ['Ex. 37 at RFA Nos. 52-54', '37', null],
      ['Ex. 4, Interrog. No. 2', '4', null],
    ]);
  });

  it('a Bates number broken at its hyphen over two rows is one; a footnote number before an exhibit is no reporter', () => {
    const refs = find(['The memo says so. 10 Ex. 3, FB-', 'SCHMIDT-000000487 at ‘491, and the plan followed.']);
    expect(refs.map((r) => [r.text, r.parts.page, r.spans.length])).toEqual([['Ex. 3, FB-SCHMIDT-000000487 at ‘491', 'FB-SCHMIDT-000000491', 2]]);
  });

  it('paragraphs before their document, a paragraph continuing the one before, another case’s docket', () => {
    const refs = find([
      'The claim fails (¶ 7 of Micron’s SAC; see also SAC ¶ 3(b); ¶ 9). In United States v. Lee, No. 3:19-cr-00465-MMC',
      '(N.D. Cal. filed Sept. 28, 2018), Dkt. 1 ¶ 6, the indictment says so. Id. ¶ 8.',
    ]);
    expect(refs.map((r) => [r.text, r.kind, r.parts.docKey, r.parts.paragraph ?? null, r.shortForm ?? null])).toEqual([
      ['¶ 7 of Micron’s SAC', 'record', 'COMPL', '7', null],
      ['SAC ¶ 3(b)', 'record', 'COMPL', '3(b)', null],
      ['¶ 9', 'record', 'COMPL', '9', 'id'],
      ['Dkt. 1', 'authority', 'DKT', null, null],
    ]);
  });
});
