import { describe, expect, it } from 'vitest';
import { detectIndex } from './detect-index.ts';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';

const cover: PageSpec = { rows: ['ONTARIO SUPERIOR COURT OF JUSTICE', 'BETWEEN:', 'JOHN SMITH', 'Applicant', 'APPLICATION RECORD'] };
const COLS = [72, 130, 230];
const divider = (label: string): PageSpec => ({ rows: [{ text: label, x: 250, y: 350, size: 28 }] });

function labels(pages: ReturnType<typeof makePages>, opts?: { indexPages?: number[] }): string[] {
  return detectIndex(pages, opts).items.map((i) => i.label);
}

describe('detectIndex: Ontario document brief (table index, wrapped rows, dividers)', () => {
  const pages = makePages([
    cover,
    {
      rows: [
        { text: 'INDEX', x: 280 },
        { text: 'Tab No. | Date | Nature of Document', cols: COLS },
        { text: '1 | March 3, 2021 | Affidavit of John Smith sworn', cols: COLS },
        { text: '| | March 3, 2021, with exhibits', cols: COLS },
        { text: '2 | April 9, | Transcript of the cross-examination of', cols: COLS },
        { text: '| 2021 | Mary Jones held April 9, 2021', cols: COLS },
        { text: '3 | May 1, 2021 | Order of Justice Brown', cols: COLS },
      ],
    },
    divider('TAB 1'), bodyPage(), divider('TAB 2'), bodyPage(), divider('TAB 3'), bodyPage(),
  ]);

  it('finds the index page and each row once, wrapped rows joined, the header row not an item', () => {
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => i.label)).toEqual(['1', '2', '3']);
    expect(det.items[0]!.text).toBe('Affidavit of John Smith sworn March 3, 2021, with exhibits');
    expect(det.items[1]!.text).toBe('Transcript of the cross-examination of Mary Jones held April 9, 2021');
    expect(det.items[0]!.date).toBe('March 3, 2021');
    expect(det.items[1]!.date).toBe('April 9, 2021');
    expect(det.items.every((i) => i.type === 'tab')).toBe(true);
  });

  it('boxes the whole row, wrapped line included', () => {
    const [first, second] = detectIndex(pages).items;
    expect(first!.bbox[1]).toBeLessThan(first!.bbox[3]);
    // The first item's box reaches down over its wrapped line but stops above the second item.
    expect(first!.bbox[3]).toBeGreaterThan(first!.bbox[1] + 20);
    expect(first!.bbox[3]).toBeLessThanOrEqual(second!.bbox[1]);
  });
});

describe('detectIndex: dotted-leader index over several pages', () => {
  const rows = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => `Tab ${from + k} Affidavit of Witness ${from + k} sworn May 3, 2021 ................ ${10 * (from + k)}`);
  const pages = makePages([cover, { rows: ['INDEX', ...rows(1, 14)] }, { rows: rows(15, 22) }, divider('TAB 1'), bodyPage()]);

  it('reads both pages, with page references, and tells TAB 1 from TAB 10-19', () => {
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2, 3]);
    expect(det.items.map((i) => i.label)).toEqual(Array.from({ length: 22 }, (_, k) => String(k + 1)));
    expect(det.items[11]!.pageRef).toBe('120');
    expect(det.items[11]!.text).toBe('Affidavit of Witness 12 sworn May 3, 2021');
    expect(det.items[14]!.page).toBe(3);
  });

  it('reads unlabelled rows with a page number under an INDEX heading as documents', () => {
    const pages = makePages([cover, { rows: ['INDEX', 'Notice of Motion ..... 1', 'Affidavit of Kim Lee, sworn May 3, ..... 4', 'Draft Order ..... 19'] }]);
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.type, i.text, i.pageRef])).toEqual([
      ['', 'document', 'Notice of Motion', '1'], ['', 'document', 'Affidavit of Kim Lee, sworn May 3,', '4'], ['', 'document', 'Draft Order', '19'],
    ]);
  });

  it('takes the start of a page range, however it is spaced, and drops a leading p.', () => {
    const pages = makePages([cover, { rows: ['INDEX', 'Tab 1 | Notice ..... 1-4', 'Tab 2 | Affidavit ..... 5 – 19', 'Tab 3 | Order ..... p. 20'] }]);
    expect(detectIndex(pages).items.map((i) => [i.text, i.pageRef])).toEqual([['Notice', '1'], ['Affidavit', '5'], ['Order', '20']]);
  });
});

describe('detectIndex: labels', () => {
  it('reads exhibit letters in quotes under INDEX OF EXHIBITS as exhibits', () => {
    const pages = makePages([cover, { rows: ['INDEX OF EXHIBITS', 'Exhibit "A" | Letter from the landlord dated June 1, 2020', 'Exhibit "B" | Lease agreement', 'Exhibit "C" | Notice of termination'] }]);
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.type])).toEqual([['A', 'exhibit'], ['B', 'exhibit'], ['C', 'exhibit']]);
    expect(det.items[1]!.text).toBe('Lease agreement');
  });

  it('reads lettered, roman and two-level labels', () => {
    const lettered = makePages([cover, { rows: ['INDEX', 'TAB A | Notice of Motion', 'TAB B | Affidavit of Jane Roe', 'TAB C | Draft Order'] }]);
    expect(labels(lettered)).toEqual(['A', 'B', 'C']);
    const roman = makePages([cover, { rows: ['INDEX', 'Tab I | Notice of Appeal ..... 1', 'Tab II | Reasons for Judgment ..... 4', 'Tab III | Formal Order ..... 19', 'Tab IV | Certificate ..... 22'] }]);
    expect(labels(roman)).toEqual(['I', 'II', 'III', 'IV']);
    const twoLevel = makePages([cover, {
      rows: ['INDEX', 'TAB 4 | Affidavit of A', 'TAB 5 | Affidavit of B', 'TAB 5A | Exhibit list to the affidavit of B', 'TAB 5B | Supplementary affidavit of B', 'TAB 6 | Factum', 'TAB 7(a) | Transcript, day one', 'TAB 7(b) | Transcript, day two', 'TAB 8 | Order'],
    }]);
    expect(labels(twoLevel)).toEqual(['4', '5', '5A', '5B', '6', '7(a)', '7(b)', '8']);
  });

  it('keeps the hierarchy of a nested table of contents, as sections', () => {
    const pages = makePages([cover, {
      rows: [
        'TABLE OF CONTENTS',
        { text: 'I. | INTRODUCTION ............ 1', x: 72 },
        { text: 'A. | Qualifications ............ 1', x: 95 },
        { text: 'B. | Assignment ............ 2', x: 95 },
        { text: '1. | Scope of the work ............ 2', x: 117 },
        { text: '2. | Materials relied upon, including the expert reports and the', x: 117 },
        { text: 'transcripts ............ 3', x: 140 },
        { text: 'C. | Overview ............ 4', x: 95 },
        { text: 'II. | SUMMARY OF CONCLUSIONS ............ 10', x: 72 },
        { text: 'III. | ANALYSIS ............ 16', x: 72 },
      ],
    }, bodyPage({ firstRow: 'I. INTRODUCTION', footer: '1' })]);
    const det = detectIndex(pages);
    expect(det.items.map((i) => i.label)).toEqual(['I', 'I.A', 'I.B', 'I.B.1', 'I.B.2', 'I.C', 'II', 'III']);
    expect(det.items.every((i) => i.type === 'section')).toBe(true);
    expect(det.items[4]!.text).toBe('Materials relied upon, including the expert reports and the transcripts');
    expect(det.items[4]!.pageRef).toBe('3');
  });
});

describe('detectIndex: bundles and exhibit series', () => {
  it('skips group headings (A. STATEMENTS OF CASE) over numbered tabs and reads section page numbers', () => {
    const C = [70, 108, 380, 510];
    const pages = makePages([cover, {
      rows: [
        'INDEX', { text: 'Tab | Description | Date | Page', cols: C },
        'A. STATEMENTS OF CASE',
        { text: '1 | Claim form | 3 March 2021 | A1', cols: C }, { text: '2 | Particulars of claim | 3 March 2021 | A5', cols: C },
        'B. WITNESS STATEMENTS',
        { text: '3 | Witness statement of Jo Bloggs | 9 May 2021 | B1', cols: C }, { text: '4 | Witness statement of Al Smith | 9 May 2021 | B7', cols: C },
      ],
    }]);
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['1', 'Claim form', 'A1'], ['2', 'Particulars of claim', 'A5'], ['3', 'Witness statement of Jo Bloggs', 'B1'], ['4', 'Witness statement of Al Smith', 'B7'],
    ]);
  });

  it('reads exhibit series A-1 … B-2, exhibits past Z, and labels in parentheses', () => {
    const series = makePages([cover, { rows: ['INDEX OF EXHIBITS', 'Exhibit A-1 | Lease', 'Exhibit A-2 | Renewal', 'Exhibit B-1 | Invoice', 'Exhibit B-2 | Statement'] }]);
    expect(labels(series)).toEqual(['A-1', 'A-2', 'B-1', 'B-2']);
    const letters = Array.from({ length: 30 }, (_, i) => (i < 26 ? String.fromCharCode(65 + i) : `A${String.fromCharCode(65 + i - 26)}`));
    const pastZ = makePages([cover, { rows: ['INDEX OF EXHIBITS', ...letters.slice(0, 22).map((l) => `Exhibit "${l}" | Document ${l}`)] }, { rows: letters.slice(22).map((l) => `Exhibit "${l}" | Document ${l}`) }]);
    expect(labels(pastZ)).toEqual(letters);
    const paren = makePages([cover, { rows: ['INDEX', '(1) | Notice of Motion', '(2) | Affidavit', '(3) | Order'] }]);
    expect(labels(paren)).toEqual(['1', '2', '3']);
  });
});

describe('detectIndex: factum table of contents', () => {
  it('reads PART I – OVERVIEW rows as sections titled without the dash', () => {
    const pages = makePages([cover, { rows: ['TABLE OF CONTENTS', 'PART I – OVERVIEW ..... 1', 'PART II – THE FACTS ..... 3', 'PART III – ISSUES AND LAW ..... 9', 'PART IV – ORDER SOUGHT ..... 20'] }]);
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.type, i.text, i.pageRef])).toEqual([
      ['I', 'section', 'OVERVIEW', '1'], ['II', 'section', 'THE FACTS', '3'], ['III', 'section', 'ISSUES AND LAW', '9'], ['IV', 'section', 'ORDER SOUGHT', '20'],
    ]);
  });
});

describe('detectIndex: a complaint\'s table of contents listing its counts', () => {
  it('takes each count and its number as the entry\'s label, the claim as its title', () => {
    const pages = makePages([cover, { rows: [
      'TABLE OF CONTENTS', 'INTRODUCTION ............ 1', 'PARTIES ............ 2', 'FACTUAL ALLEGATIONS ............ 3',
      'COUNT I: BREACH OF CONTRACT ............ 7', 'Count 2 – Unjust Enrichment ............ 9', 'COUNT 11 BREACH OF FIDUCIARY DUTY ............ 12',
      'PRAYER FOR RELIEF ............ 14',
    ] }]);
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['', 'INTRODUCTION', '1'], ['', 'PARTIES', '2'], ['', 'FACTUAL ALLEGATIONS', '3'], ['COUNT I', 'BREACH OF CONTRACT', '7'],
      ['Count 2', 'Unjust Enrichment', '9'], ['COUNT 11', 'BREACH OF FIDUCIARY DUTY', '12'], ['', 'PRAYER FOR RELIEF', '14'],
    ]);
  });

  it('leaves a title that only speaks of a count as it is', () => {
    const pages = makePages([cover, { rows: ['TABLE OF CONTENTS', 'INTRODUCTION ............ 1', 'Count and recount of the ballots ............ 4', 'CONCLUSION ............ 9'] }]);
    expect(detectIndex(pages).items.map((i) => [i.label, i.text])).toEqual([['', 'INTRODUCTION'], ['', 'Count and recount of the ballots'], ['', 'CONCLUSION']]);
  });
});

describe('detectIndex: appellate brief table of contents', () => {
  const toc: PageSpec = {
    rows: [
      'TABLE OF CONTENTS',
      { text: 'Page', x: 520 },
      'TABLE OF AUTHORITIES ............ ii',
      'INTRODUCTION ............ 1',
      'STATEMENT OF THE ISSUES PRESENTED FOR',
      'REVIEW ............ 2',
      'ARGUMENT ............ 5',
      { text: 'I. | THE DISTRICT COURT ERRED ............ 5', x: 90 },
      { text: 'A. | Standard of review ............ 6', x: 110 },
      { text: 'B. | The claim is timely ............ 8', x: 110 },
      { text: 'II. | THE ORDER SHOULD BE VACATED ............ 10', x: 90 },
      'CONCLUSION ............ 12',
    ],
  };
  const toa: PageSpec = { rows: ['TABLE OF AUTHORITIES', 'Cases', 'Smith v. Jones, 1 F.3d 1 (9th Cir. 1999) ............ 5, 8', 'Doe v. Roe, 2 F.4th 2 (2d Cir. 2021) ............ 6', 'Statutes', '28 U.S.C. § 1291 ............ 1'] };

  it('reads unlabelled entries with page numbers as items, keeps labelled ones nested, and stops at the table of authorities', () => {
    const det = detectIndex(makePages([cover, toc, toa, bodyPage({ footer: '1' })]));
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['', 'TABLE OF AUTHORITIES', 'ii'],
      ['', 'INTRODUCTION', '1'],
      ['', 'STATEMENT OF THE ISSUES PRESENTED FOR REVIEW', '2'],
      ['', 'ARGUMENT', '5'],
      ['I', 'THE DISTRICT COURT ERRED', '5'],
      ['I.A', 'Standard of review', '6'],
      ['I.B', 'The claim is timely', '8'],
      ['II', 'THE ORDER SHOULD BE VACATED', '10'],
      ['', 'CONCLUSION', '12'],
    ]);
    expect(det.items.every((i) => i.type === 'section')).toBe(true);
  });

  it('follows the table of contents onto a next page that holds only its last entry', () => {
    const det = detectIndex(makePages([cover, toc, { rows: ['CERTIFICATE OF SERVICE ............ 14'] }, toa, bodyPage({ footer: '1' })]));
    expect(det.pages).toEqual([2, 3]);
    expect(det.items.at(-1)!.text).toBe('CERTIFICATE OF SERVICE');
  });

  it('never takes a table of authorities for an index', () => {
    const det = detectIndex(makePages([cover, toa, bodyPage()]));
    expect(det.items).toEqual([]);
  });
});

describe('detectIndex: finding the index', () => {
  it('finds an index with no heading from a run of tab rows', () => {
    const pages = makePages([cover, { rows: ['Tab 1 | Notice of Application', 'Tab 2 | Affidavit of Kim Lee', 'Tab 3 | Affidavit of Sam Park', 'Tab 4 | Draft Order'] }, divider('TAB 1'), bodyPage()]);
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => i.label)).toEqual(['1', '2', '3', '4']);
  });

  it('finds the heading under a repeated title of proceeding, letter-spaced or OCR-read', () => {
    const title = ['Court File No. CV-21-1234', 'ONTARIO', 'SUPERIOR COURT OF JUSTICE', 'BETWEEN:', 'JOHN SMITH', 'Applicant', '- and -', 'ACME LTD.', 'Respondent'];
    for (const heading of ['I N D E X', 'lNDEX']) {
      const pages = makePages([cover, { rows: [...title, heading, 'TAB 1 | Notice of Motion', 'TAB 2 | Affidavit of Kim Lee'] }, divider('TAB 1'), bodyPage()]);
      expect(labels(pages), heading).toEqual(['1', '2']);
    }
  });

  it('takes a TABLE OF CONTENTS heading over tab rows as the index', () => {
    const pages = makePages([cover, { rows: ['TABLE OF CONTENTS', 'TAB 1 | Notice of Motion ..... 1', 'TAB 2 | Affidavit ..... 5', 'TAB 3 | Factum ..... 20', 'TAB 4 | Order ..... 40'] }]);
    expect(labels(pages)).toEqual(['1', '2', '3', '4']);
  });

  it('returns no items and a reason when there is no index, whatever the body says about tabs', () => {
    const pages = makePages([
      { rows: ['REASONS FOR JUDGMENT', 'The applicant relies on the affidavit found at'] },
      { rows: ['Tab 12 of this brief, see Tab 12 of this brief and the exhibits to it.', 'The respondent says the opposite and relies on', 'Tab 4 of its own record.'] },
      bodyPage(), bodyPage(),
    ]);
    const det = detectIndex(pages);
    expect(det.items).toEqual([]);
    expect(det.pages).toEqual([]);
    expect(det.reason).toMatch(/no index/i);
  });

  it('never takes divider pages or numbered paragraphs of the body for an index', () => {
    const pages = makePages([
      cover, divider('TAB 1'), divider('TAB 2'),
      { rows: ['1. I am the applicant and have knowledge of the matters below.', 'The matters are set out in full in the notice.', 'They are not disputed.', '2. I rely on the documents attached.', 'They were produced by the respondent.', 'I believe them to be accurate.'] },
    ]);
    const det = detectIndex(pages);
    expect(det.items).toEqual([]);
    expect(det.reason).toBeTruthy();
  });

  it('stops at the end of the index: body pages after a table of contents are not more entries', () => {
    const pages = makePages([
      cover,
      { rows: ['TABLE OF CONTENTS', { text: 'I. | INTRODUCTION ..... 1', x: 72 }, { text: 'A. | Background ..... 1', x: 95 }, { text: 'II. | ANALYSIS ..... 2', x: 72 }] },
      { rows: [{ text: 'I. | INTRODUCTION', x: 72 }, { text: 'A. | Background', x: 95 }, '1. | The parties have litigated this matter for six years and the', 'record is long.', '2. | The hearing took place over ten days.'], footer: '1' },
    ]);
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => i.label)).toEqual(['I', 'I.A', 'II']);
  });

  it('reads only the pages given as the index', () => {
    const pages = makePages([cover, { rows: ['Tab 1 | Notice', 'Tab 2 | Affidavit'] }, { rows: ['Tab 3 | Factum', 'Tab 4 | Order'] }]);
    expect(labels(pages, { indexPages: [3] })).toEqual(['3', '4']);
    const none = detectIndex(pages, { indexPages: [1] });
    expect(none.items).toEqual([]);
    expect(none.reason).toMatch(/pages given as the index \(1\)/);
  });
});

describe('detectIndex: OCR specks', () => {
  it('drops a speck read as a word before a label and stray marks at the end of a row', () => {
    const C = [72, 136, 238];
    const rows = ['INDEX', { text: 'Tab No. | Date | Nature of Document', cols: C }, { text: '1 | March 23, 2020 | Excerpts from the examination :', cols: C },
      { text: 'oe | 2 | December 26, 2021 | Email exchange', cols: [19, ...C] }, { text: '3 | August 23, 2021 | Notice of Appeal : :', cols: C }];
    const det = detectIndex(makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr' }]));
    expect(det.items.map((i) => [i.label, i.text])).toEqual([['1', 'Excerpts from the examination'], ['2', 'Email exchange'], ['3', 'Notice of Appeal']]);
  });
});

describe('detectIndex: OCR text', () => {
  it('reads labels through I/l/1 and O/0 confusions and lost page numbers', () => {
    const rows = ['INDEX', 'TAB l | Notice of Application', 'TAB 2 | Affidavit of Kim Lee', 'TAB 3 | Affidavit of Sam Park', 'TAB 4 | Cross-examination', 'TAB 5 | Exhibits', 'TAB 6 | Factum', 'TAB 7 | Order', 'TAB 8 | Costs outline', 'TAB 9 | Reply', 'TAB 1O | Draft order', 'TAB l1 | Authorities'];
    const pages = makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 80 }]);
    expect(labels(pages)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });

  it('reads quoted exhibit letters through OCR doubling, a quote read as a letter and T for I', () => {
    const rows = ['INDEX OF EXHIBITS', 'Exhibit | Description', '"A" | Copy of the reasons for Judgment of Justice Feldman',
      '"B" | Copy of the excerpts from the Examination for Discovery', '"Cc" | Copy of the reasons for Judgment of Justice Perell',
      '"D" | Copy of the expert Report of Dr. Omar Petrov', '"E" | Copy of the factum of the Respondent', '"F" | Copy of the order of Justice Koehnen',
      '"G" | Copy of the transcript of the Cross-Examination', '"H" | Copy of the expert Report of Dr. Nadia Petrov',
      '"T" | Copy of the notice of Appeal', '"Jr | Copy of the order of Justice Conway', '"K" | Copy of the statement of Defence'];
    const det = detectIndex(makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]));
    expect(det.items.map((i) => i.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']);
    expect(det.items[8]!.text).toBe('Copy of the notice of Appeal');
  });

  it('reads a label I that OCR saw as a bar, and still drops a table rule before a label', () => {
    const rows = ['INDEX', 'Tab No. | Date | Nature of Document', 'F | 2020-05-24 | Endorsement of Justice Lauwers', 'G | 2022-12-06 | Affidavit of Linda MacDonald',
      'H | 2023-05-06 | Order of Justice Feldman', 'BAR | 2020-09-07 | Endorsement of Justice Hourigan', 'BAR J | 2018-04-23 | Excerpts from the Examination for Discovery'];
    // `|` separates columns in these specs: the bar OCR reads is put in afterwards
    const pages = makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]).map((p) => ({
      ...p, lines: p.lines.map((l) => ({ ...l, text: l.text.replace('BAR', '|'), words: l.words.map((w) => (w.text === 'BAR' ? { ...w, text: '|' } : w)) })),
    }));
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.text])).toEqual([
      ['F', 'Endorsement of Justice Lauwers'], ['G', 'Affidavit of Linda MacDonald'], ['H', 'Order of Justice Feldman'],
      ['I', 'Endorsement of Justice Hourigan'], ['J', 'Excerpts from the Examination for Discovery'],
    ]);
  });
});

describe('detectIndex: the year of a date at the end of a row', () => {
  it('is no page number, even with a speck read as a leader after it', () => {
    const rows = ['INDEX OF EXHIBITS', 'Exhibit | Description', '"A" | Copy of the statement of Defence of Harbourfront Holdings Inc.',
      '"B" | Copy of the letter from Robert Sutherland to counsel for Northgate', '| dated March 6, 2020 . . . .', '"C" | Copy of the order of Justice Lauwers'];
    const det = detectIndex(makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]));
    expect(det.items.map((i) => [i.label, i.pageRef])).toEqual([['A', undefined], ['B', undefined], ['C', undefined]]);
    expect(det.items[1]!.text).toBe('Copy of the letter from Robert Sutherland to counsel for Northgate dated March 6, 2020');
  });
});

describe('detectIndex: a label lost by OCR', () => {
  it('gives a row that keeps its keyword but lost its label the label the gap in the sequence names', () => {
    const rows = ['INDEX', 'Tab 1 | Affidavit of Jean Roy ........ 3', 'Tab 2 | Expert Report of Dr. Lee ........ 5',
      'Tab 3 | Reasons for Judgment ........ 10', 'Tab 4 | Notice of Appeal ........ 11',
      'Tab | Factum of the Respondent ........ 12', 'Tab 6 | Order of Justice Lauwers ........ 15'];
    const det = detectIndex(makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]));
    expect(det.items.map((i) => [i.label, i.type, i.text])).toEqual([
      ['1', 'tab', 'Affidavit of Jean Roy'], ['2', 'tab', 'Expert Report of Dr. Lee'], ['3', 'tab', 'Reasons for Judgment'],
      ['4', 'tab', 'Notice of Appeal'], ['5', 'tab', 'Factum of the Respondent'], ['6', 'tab', 'Order of Justice Lauwers'],
    ]);
  });

  it('gives a lost label at either end of the index the next or previous one in the sequence', () => {
    const rows = ['INDEX', 'Tab | Notice of Motion ........ 1', 'Tab 2 | Affidavit of Jane Morrison ........ 7',
      'Tab 3 | Exhibit A to the Affidavit ........ 24', 'Tab | Factum of the Moving Party ........ 58'];
    const det = detectIndex(makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]));
    expect(det.items.map((i) => [i.label, i.type, i.text])).toEqual([
      ['1', 'tab', 'Notice of Motion'], ['2', 'tab', 'Affidavit of Jane Morrison'],
      ['3', 'tab', 'Exhibit A to the Affidavit'], ['4', 'tab', 'Factum of the Moving Party'],
    ]);
  });

  it('leaves a lost label empty when its neighbours are no plain sequence', () => {
    const rows = ['INDEX', 'Tab 2 | Notice of Motion ........ 1', 'Tab 5 | Affidavit of Jane Morrison ........ 7',
      'Tab | Factum of the Moving Party ........ 58'];
    const det = detectIndex(makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]));
    expect(det.items.map((i) => i.label)).toEqual(['2', '5', '']);
  });
});

describe('detectIndex: an index set in two side-by-side columns', () => {
  const COLS2 = [72, 130, 320, 378];
  const row = (l: string, r: string) => ({ text: `${l} | ${r}`, cols: COLS2 });
  const pages = makePages([
    cover,
    {
      rows: [
        { text: 'INDEX', x: 280 },
        row('Tab A | Affidavit of John Smith', 'Tab D | Order of Justice Brown'),
        row('| sworn March 3, 2021', '| dated May 1, 2021'),
        row('Tab B | Notice of Motion', 'Tab E | Statement of Claim'),
        row('Tab C | Letter to counsel for', 'Tab F | Email exchange between'),
        row('| the respondent', '| Mary Jones and Ann Lee'),
      ],
    },
    divider('TAB A'), bodyPage(), divider('TAB B'), bodyPage(), divider('TAB C'), bodyPage(),
  ]);

  it('reads the left column, then the right one, each description whole', () => {
    const det = detectIndex(pages);
    expect(det.items.map((i) => i.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(det.items.map((i) => i.text)).toEqual(['Affidavit of John Smith sworn March 3, 2021', 'Notice of Motion',
      'Letter to counsel for the respondent', 'Order of Justice Brown dated May 1, 2021', 'Statement of Claim',
      'Email exchange between Mary Jones and Ann Lee']);
    // Each row's box stays inside its own column.
    expect(det.items[0]!.bbox[2]).toBeLessThan(320);
    expect(det.items[3]!.bbox[0]).toBeGreaterThanOrEqual(320);
  });

  it('reads three columns under a heading set over the middle one, column by column', () => {
    const C3 = [50, 80, 230, 260, 410, 440];
    const row3 = (a: string, b: string, c: string) => ({ text: `${a} | ${b} | ${c}`, cols: C3 });
    const three = makePages([cover, {
      rows: [
        { text: 'INDEX', x: 280 },
        row3('1 | Notice of Motion', '3 | Order of Justice Brown', '5 | Statement of Claim'),
        row3('| dated May 1, 2021', '| dated June 2, 2021', '| issued July 3, 2020'),
        row3('2 | Affidavit of John Smith', '4 | Factum of the Respondent', '6 | Reply of the Plaintiff'),
      ],
    }, divider('TAB 1'), bodyPage()]);
    const det = detectIndex(three);
    expect(det.items.map((i) => i.label)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(det.items[0]!.text).toBe('Notice of Motion dated May 1, 2021');
    expect(det.items[4]!.text).toBe('Statement of Claim issued July 3, 2020');
  });

  it('reads a grid filled across (A B / C D / E F) pair by pair', () => {
    const across = makePages([cover, {
      rows: [
        { text: 'INDEX', x: 280 },
        row('Tab A | Affidavit of John Smith', 'Tab B | Order of Justice Brown'),
        row('| sworn March 3, 2021', '| dated May 1, 2021'),
        row('Tab C | Notice of Motion', 'Tab D | Statement of Claim'),
        row('Tab E | Letter to counsel for', 'Tab F | Email exchange between'),
        row('| the respondent', '| Mary Jones and Ann Lee'),
      ],
    }, divider('TAB A'), bodyPage()]);
    const det = detectIndex(across);
    expect(det.items.map((i) => i.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(det.items.map((i) => i.text)).toEqual(['Affidavit of John Smith sworn March 3, 2021', 'Order of Justice Brown dated May 1, 2021',
      'Notice of Motion', 'Statement of Claim', 'Letter to counsel for the respondent', 'Email exchange between Mary Jones and Ann Lee']);
  });

  it('leaves a table whose last column holds page numbers as one list', () => {
    const tableCols = [72, 130, 480];
    const table = makePages([cover, { rows: [{ text: 'INDEX', x: 280 },
      ...['Affidavit of John Smith', 'Notice of Motion', 'Order of Justice Brown', 'Statement of Claim']
        .map((d, i) => ({ text: `${i + 1} | ${d} | ${i + 2}`, cols: tableCols }))] }, bodyPage()]);
    const det = detectIndex(table);
    expect(det.items.map((i) => [i.label, i.pageRef])).toEqual([['1', '2'], ['2', '3'], ['3', '4'], ['4', '5']]);
  });
});

describe('detectIndex: a table whose cells are centred vertically', () => {
  const at = (text: string, y: number) => ({ text, y, cols: COLS });
  const pages = makePages([
    cover,
    {
      rows: [
        { text: 'INDEX', x: 280, y: 72 },
        at('Tab No. | Date | Nature of Document', 100),
        at('1 | March 3, 2021 | Affidavit of John Smith', 130),
        // Label and date beside the middle of a description wrapped over two lines.
        at('| | Transcript of the cross-examination of', 160),
        at('2 | April 9, 2021', 167),
        at('| | Mary Jones held April 9, 2021', 174),
        // A one-line description beside the middle of a wrapped date.
        at('3 | December 5,', 205),
        at('| | Notice of Motion', 212),
        at('| 2023', 219),
        at('4 | May 1, 2021 | Order of Justice Brown', 250),
      ],
    },
    divider('TAB 1'), bodyPage(), divider('TAB 2'), bodyPage(), divider('TAB 3'), bodyPage(), divider('TAB 4'), bodyPage(),
  ]);

  it('gives each label the whole of its table row, first line included', () => {
    const det = detectIndex(pages);
    expect(det.items.map((i) => i.label)).toEqual(['1', '2', '3', '4']);
    expect(det.items.map((i) => i.text)).toEqual(['Affidavit of John Smith', 'Transcript of the cross-examination of Mary Jones held April 9, 2021',
      'Notice of Motion', 'Order of Justice Brown']);
    // The second item's box starts at its first line, above its label.
    expect(det.items[1]!.bbox[1]).toBeLessThanOrEqual(160);
    expect(det.items[0]!.bbox[3]).toBeLessThan(160);
  });

  it('leaves a heading set just above the first row out of it', () => {
    const headed = makePages([cover, { rows: [{ text: 'INDEX', x: 280, y: 72 }, { text: 'VOLUME I', x: 270, y: 108, size: 14 },
      { text: 'Tab 1 | Affidavit of John Smith | p. 2', y: 128, cols: [72, 130, 500] },
      { text: 'Tab 2 | Notice of Motion | p. 9', y: 150, cols: [72, 130, 500] }] }, bodyPage()]);
    expect(detectIndex(headed).items.map((i) => i.text)).toEqual(['Affidavit of John Smith', 'Notice of Motion']);
  });
});

describe('detectIndex: a label column so narrow that the label wraps under its keyword', () => {
  const at = (text: string, y: number) => ({ text, y, cols: COLS });
  const pages = makePages([
    cover,
    {
      rows: [
        { text: 'INDEX', x: 280, y: 72 },
        at('Tab | Date | Nature of Document', 100), at('No.', 114),
        at('Tab | March 3, 2021 | Affidavit of John Smith sworn in', 140), at('9 | | support of the motion', 154),
        at('Tab | April 9, 2021 | Notice of Motion', 180), at('10', 194),
        at('Tab | May 1, 2021 | Order of Justice Brown', 220), at('11', 234),
      ],
    },
    divider('TAB 9'), bodyPage(), divider('TAB 10'), bodyPage(), divider('TAB 11'), bodyPage(),
  ]);

  it('reads the keyword and the label under it as one label, descriptions whole', () => {
    const det = detectIndex(pages);
    expect(det.items.map((i) => i.label)).toEqual(['9', '10', '11']);
    expect(det.items.map((i) => i.text)).toEqual(['Affidavit of John Smith sworn in support of the motion', 'Notice of Motion', 'Order of Justice Brown']);
    expect(det.items.every((i) => i.type === 'tab')).toBe(true);
  });
});

describe('detectIndex: each label on a line of its own above its description', () => {
  const entry = (n: number, lines: string[], y: number) => [
    { text: `TAB ${n}`, x: 72, y },
    ...lines.map((l, k) => ({ text: l, x: 90, y: y + 16 * (k + 1) })),
  ];
  const pages = makePages([
    cover,
    {
      rows: [
        { text: 'INDEX', x: 280, y: 72 },
        ...entry(1, ['Affidavit of John Smith sworn May 3, 2021 ........ 1'], 110),
        ...entry(2, ['Supplementary Affidavit of Mary Jones, sworn May 9, 2021, with', 'exhibits | 5'], 160),
        ...entry(3, ['Order of Justice Brown ........ 9'], 226),
      ],
    },
    divider('TAB 1'), bodyPage(), divider('TAB 2'), bodyPage(), divider('TAB 3'), bodyPage(),
  ]);

  it('reads the label with the lines under it, the last wrapped word kept with its page number', () => {
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => [i.label, i.pageRef])).toEqual([['1', '1'], ['2', '5'], ['3', '9']]);
    expect(det.items[1]!.text).toBe('Supplementary Affidavit of Mary Jones, sworn May 9, 2021, with exhibits');
  });
});

describe('detectIndex: the tab number in a later column (Authority | Tab)', () => {
  const cols = [72, 470];
  const pages = makePages([
    cover,
    {
      rows: [
        { text: 'INDEX', x: 280 },
        { text: 'Authority | Tab', cols },
        { text: 'Smith v. Jones, 2019 ONCA 123 | 1', cols },
        { text: 'Brown v. Green Holdings Inc., 2020 SCC 7 | 2', cols },
        { text: 'Courts of Justice Act, R.S.O. 1990, c. C.43, | 3', cols },
        { text: 's. 134', x: 72 },
      ],
    },
    divider('TAB 1'), bodyPage(), divider('TAB 2'), bodyPage(), divider('TAB 3'), bodyPage(),
  ]);

  it('reads the last column as the label, the citation whole, and boxes the row up to its tab number', () => {
    const det = detectIndex(pages);
    expect(det.items.map((i) => i.label)).toEqual(['1', '2', '3']);
    expect(det.items.map((i) => i.text)).toEqual(['Smith v. Jones, 2019 ONCA 123', 'Brown v. Green Holdings Inc., 2020 SCC 7',
      'Courts of Justice Act, R.S.O. 1990, c. C.43, s. 134']);
    expect(det.items.every((i) => i.pageRef === undefined)).toBe(true);
    expect(det.items[0]!.bbox[2]).toBeGreaterThan(470);
  });

  it('keeps reading the last column as labels on the next page when the table header is not repeated', () => {
    const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => ({ text: `Case Number ${from + k} v. The Crown, 2019 ONCA ${100 + k} | ${from + k}`, cols }));
    const twoPages = makePages([cover, { rows: [{ text: 'INDEX', x: 280 }, { text: 'Authority | Tab', cols }, ...rows(1, 12)] },
      { rows: rows(13, 20) }, divider('TAB 1'), bodyPage()]);
    const det = detectIndex(twoPages);
    expect(det.pages).toEqual([2, 3]);
    expect(det.items.map((i) => i.label)).toEqual(Array.from({ length: 20 }, (_, k) => String(k + 1)));
    expect(det.items[14]!.text).toBe('Case Number 15 v. The Crown, 2019 ONCA 102');
  });
});

describe('detectIndex: exhibits listed as bullets under their affidavit, rows set tight under the header', () => {
  const cols = [72, 110, 500];
  const pages = makePages([cover, {
    rows: [
      { text: 'INDEX', x: 280 },
      { text: 'TAB | DOCUMENT | PAGE', cols },
      { text: '1 | Notice of Motion dated May 1, 2021 | 1', cols },
      { text: '2 | Affidavit of Linda Mercer, sworn February 20, 2023 | 3', cols },
      { text: '• Exhibit "A" – Agreement of Purchase and Sale between | 7', x: 130 },
      { text: 'Cedarbrook Construction Ltd. and Elena Thompson', x: 130 },
      { text: '•Exhibit "B" – Letter from Aisha Petrov | 10', x: 130 },
      { text: '3 | Transcript of the Cross-Examination of Robert Nguyen | 16', cols },
    ],
  }, bodyPage()]);

  it('reads each bulleted exhibit as an item under its tab, and the header row as no part of the first item', () => {
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.type, i.pageRef])).toEqual([['1', 'tab', '1'], ['2', 'tab', '3'], ['2.A', 'exhibit', '7'],
      ['2.B', 'exhibit', '10'], ['3', 'tab', '16']]);
    expect(det.items[0]!.text).toBe('Notice of Motion dated May 1, 2021');
    // Its wrapped line, which starts under the bullet, stays with it.
    expect(det.items[2]!.text).toBe('Agreement of Purchase and Sale between Cedarbrook Construction Ltd. and Elena Thompson');
  });
});

describe('detectIndex: page numbers of a scanned dotted-leader index', () => {
  it('reads a page number whose digits OCR saw as letters shaped like them, after the leader only', () => {
    const rows = ['INDEX', 'TAB 1 Affidavit of Kim Lee, sworn May 3, 2021 .......... 1', 'TAB 2 Reasons for Judgment of Justice Morgan .......... ST',
      'TAB 3 Order of Justice Feldman dated May 4, 2018 .......... 6Z', 'TAB 4 Notice of Appeal .......... 70', 'TAB 5 Factum of the Respondent filed by ST',
      'TAB 6 Costs outline .......... 81'];
    const det = detectIndex(makePages([{ ...cover, source: 'ocr' }, { rows, source: 'ocr', confidence: 85 }]));
    expect(det.items.map((i) => [i.label, i.pageRef ?? null])).toEqual([['1', '1'], ['2', '57'], ['3', '62'], ['4', '70'], ['5', null], ['6', '81']]);
    expect(det.items[4]!.text).toBe('Factum of the Respondent filed by ST');
  });
});

describe('detectIndex: a scanned nested table of contents', () => {
  /** An OCR'd row at y: words as [text, left, right, confidence]. */
  const line = (y: number, words: Array<[string, number, number, number]>) => {
    const ws = words.map(([text, x0, x1, confidence]) => ({ text, bbox: [x0, y, x1, y + 8] as [number, number, number, number], confidence }));
    return { text: words.map((w) => w[0]).join(' '), bbox: [ws[0]!.bbox[0], y, ws[ws.length - 1]!.bbox[2], y + 8] as [number, number, number, number], words: ws };
  };
  const leader: Array<[string, number, number, number]> = [['«oo', 300, 320, 0], ['eee', 330, 350, 5], ['een', 360, 380, 3], ['eee', 390, 515, 0]];
  const page = {
    page: 2, width: 612, height: 792, source: 'ocr' as const, confidence: 70,
    lines: [
      line(70, [['TABLE', 250, 290, 95], ['OF', 294, 310, 95], ['CONTENTS', 314, 380, 95]]),
      line(100, [['V.', 77, 88, 90], ['The', 113, 130, 92], ['Market', 134, 165, 90], ...leader, ['36', 530, 540, 96]]),
      line(120, [['A.', 100, 109, 91], ['Overview', 136, 180, 90], ...leader, ['38', 530, 540, 96]]),
      line(140, [['VIL', 77, 91, 84], ['DAIMAZES', 113, 153, 22], ...leader, ['53', 534, 544, 96]]),
      line(160, [['A.', 100, 109, 91], ['Barfiers', 138, 172, 0], ...leader, ['54', 534, 545, 96]]),
      line(180, [['VIL.', 77, 93, 84], ['Analysis', 113, 153, 90], ['of', 157, 166, 92], ['Pricing', 170, 204, 91], ...leader, ['64', 534, 544, 96]]),
      line(200, [['VIII.', 77, 97, 84], ['Response', 113, 153, 90], ...leader, ['67', 534, 544, 96]]),
    ],
  };

  it('reads VIL as VI or VII as the list goes on, and keeps a title read at a low confidence with its page', () => {
    const det = detectIndex([page]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['V', 'The Market', '36'], ['V.A', 'Overview', '38'], ['VI', 'DAIMAZES', '53'], ['VI.A', 'Barfiers', '54'],
      ['VII', 'Analysis of Pricing', '64'], ['VIII', 'Response', '67'],
    ]);
  });
});
