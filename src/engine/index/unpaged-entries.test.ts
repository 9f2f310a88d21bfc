import { describe, expect, it } from 'vitest';
import { detectIndex } from './detect-index.ts';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';

/**
 * Contents rows with no page number that are entries all the same (appellate briefs), told from the first line
 * of a title wrapped onto the line that brings its page number.
 */
const cover: PageSpec = { rows: ['IN THE UNITED STATES COURT OF APPEALS', 'FOR THE FEDERAL CIRCUIT', 'BRIEF FOR THE UNITED STATES'] };
const body = (n: number) => Array.from({ length: n }, (_, k) => bodyPage({ footer: String(k + 1) }));

describe('unpaged contents entries', () => {
  it('reads parts listed without a page number (related cases, certificates, an addendum) as entries of their own', () => {
    const toc: PageSpec = { rows: [
      'TABLE OF CONTENTS',
      { text: 'Page', x: 520 },
      'STATEMENT OF RELATED CASES',
      'INTRODUCTION ........................................ 1',
      'ARGUMENT ........................................ 2',
      { text: 'I. | The order should be vacated for want of jurisdiction ........................ 2', x: 90 },
      'CONCLUSION ........................................ 3',
      'CERTIFICATE OF SERVICE',
      'CERTIFICATE OF COMPLIANCE',
      'STATUTORY ADDENDUM',
    ] };
    const det = detectIndex(makePages([cover, toc, ...body(4)]));
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['', 'STATEMENT OF RELATED CASES', undefined],
      ['', 'INTRODUCTION', '1'],
      ['', 'ARGUMENT', '2'],
      ['I', 'The order should be vacated for want of jurisdiction', '2'],
      ['', 'CONCLUSION', '3'],
      ['', 'CERTIFICATE OF SERVICE', undefined],
      ['', 'CERTIFICATE OF COMPLIANCE', undefined],
      ['', 'STATUTORY ADDENDUM', undefined],
    ]);
  });

  // a group row (`Argument:`) over labelled entries indented under it
  const grouped: PageSpec = { rows: [
    'TABLE OF CONTENTS',
    'Opinions below ........................................ 1',
    'Summary of argument ........................................ 2',
    'Argument:',
    { text: 'I. | Respondents were not parties to the proceeding ........................ 2', x: 86 },
    { text: 'II. | The agency had authority to license the facility ........................ 3', x: 86 },
    'Conclusion ........................................ 4',
  ] };
  const groupedItems = [
    ['', 'Opinions below', '1'],
    ['', 'Summary of argument', '2'],
    ['', 'Argument:', undefined],
    ['I', 'Respondents were not parties to the proceeding', '2'],
    ['II', 'The agency had authority to license the facility', '3'],
    ['', 'Conclusion', '4'],
  ];

  it('reads a group row over labelled entries (`Argument:`) as an entry, its entries under it', () => {
    const det = detectIndex(makePages([cover, grouped, ...body(5)]));
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual(groupedItems);
  });

  it('read by OCR, the group row over labelled entries is an entry too', () => {
    const ocr = (spec: PageSpec): PageSpec => ({ ...spec, source: 'ocr' });
    const det = detectIndex(makePages([cover, grouped, ...body(5)].map(ocr)));
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual(groupedItems);
  });

  it('keeps a transcript contents entry over three lines whole (`ORAL ARGUMENT OF` / name / `On behalf of …   3`)', () => {
    const toc: PageSpec = { rows: [
      'C O N T E N T S',
      { text: 'ORAL ARGUMENT OF | PAGE', cols: [128, 503] },
      { text: 'ROBERT A. LONG, ESQ.', x: 128 },
      { text: 'For Court-appointed amicus curiae | 3', x: 143, cols: [143, 518] },
      { text: 'ORAL ARGUMENT OF', x: 128 },
      { text: 'DONALD B. VERRILLI, JR., ESQ.', x: 128 },
      { text: 'On behalf of the Petitioners | 30', x: 143, cols: [143, 518] },
    ] };
    const det = detectIndex(makePages([cover, toc, ...body(31)]));
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual([
      ['ORAL ARGUMENT OF ROBERT A. LONG, ESQ. For Court-appointed amicus curiae', '3'],
      ['ORAL ARGUMENT OF DONALD B. VERRILLI, JR., ESQ. On behalf of the Petitioners', '30'],
    ]);
  });

  it('leaves the first line of a wrapped title with the line that brings its page number', () => {
    const toc: PageSpec = { rows: [
      'TABLE OF CONTENTS',
      'INTRODUCTION ............ 1',
      'STATEMENT OF THE ISSUES PRESENTED FOR',
      'REVIEW ............ 2',
      'CONCLUSION ............ 3',
    ] };
    const det = detectIndex(makePages([cover, toc, ...body(4)]));
    expect(det.items.map((i) => i.text)).toEqual(['INTRODUCTION', 'STATEMENT OF THE ISSUES PRESENTED FOR REVIEW', 'CONCLUSION']);
  });
});

describe('an appendix contents after the brief', () => {
  it('is read as a second index: statutes named by their code (no label), pages in the appendix numbering', () => {
    const toc: PageSpec = { rows: ['TABLE OF CONTENTS', 'Opinions below ........................ 1', 'Argument ........................ 2',
      'Conclusion ........................ 3', 'Appendix — Statutory provisions ........................ 1a'] };
    const app: PageSpec = { rows: ['APPENDIX', 'TABLE OF CONTENTS', 'Statutory provisions:', { text: '28 U.S.C. 2343 ........................ 1a', x: 77 },
      { text: '42 U.S.C. 2073 ........................ 2a', x: 77 }, { text: '10 C.F.R. 2.309 ........................ 3a', x: 77 }] };
    const det = detectIndex(makePages([cover, toc, ...body(4), app, ...Array.from({ length: 3 }, (_, k) => bodyPage({ footer: `${k + 1}a` }))]));
    expect(det.pages).toEqual([2, 7]);
    expect(det.items.slice(4).map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['', 'Statutory provisions:', undefined],
      ['', '28 U.S.C. 2343', '1a'],
      ['', '42 U.S.C. 2073', '2a'],
      ['', '10 C.F.R. 2.309', '3a'],
    ]);
  });
});

describe('notes under an exhibit index entry', () => {
  it('leaves a `Source:` line out of the exhibit\'s title', () => {
    const idx: PageSpec = { rows: ['NUMERICAL EXHIBIT INDEX', 'Exhibit 1. Complaint (Apr. 13, 2022).', 'Source: JudicialWatch.org PDF',
      'Exhibit 2. Litigation and Compliance Report.', 'Source: Justice.gov OIP PDF', 'Exhibit 3. FOIA Log (excerpted rows).'] };
    const det = detectIndex(makePages([idx, ...body(3)]));
    expect(det.items.map((i) => [i.label, i.text])).toEqual([['1', 'Complaint (Apr. 13, 2022).'], ['2', 'Litigation and Compliance Report.'], ['3', 'FOIA Log (excerpted rows).']]);
  });
});
