import { describe, expect, it } from 'vitest';
import { detectIndex } from './detect-index.ts';
import { makePage } from '../page-model/make-page-text.ts';
import { numeralPairs, ocrTitle, unpairedQuotes } from './ocr-title.ts';

describe('unpairedQuotes: quote marks OCR read that pair with nothing in a title', () => {
  it('reads a lone closing double quote at a word\'s end as an apostrophe, and drops a lone opening quote', () => {
    expect(unpairedQuotes('The Developers” application for their costs')).toBe('The Developers’ application for their costs');
    expect(unpairedQuotes('Any Acts of ‘Misappropriation by Jinhua Occurring in California')).toBe('Any Acts of Misappropriation by Jinhua Occurring in California');
    expect(unpairedQuotes('“Use or Disclosure Made by Jinhua')).toBe('Use or Disclosure Made by Jinhua');
  });

  it('leaves quotes that pair, and apostrophes, as they are', () => {
    for (const t of ['a “Direct and Proximate Result” of Any Alleged “Use or Disclosure” Made by Jinhua', 'the ‘434 patent’s term', 'Micron’s SAC',
      'Plaintiffs’ claims', 'CIVIL SUIT FILED “JAN 25th”']) expect(unpairedQuotes(t)).toBe(t);
  });
});

describe('numeralPairs: roman numerals named together are read in one numbering', () => {
  it('reads a misread numeral beside one printed right as that numeral', () => {
    expect(numeralPairs('Claims I and TV of the Amended Complaint Fail')).toBe('Claims I and IV of the Amended Complaint Fail');
    expect(numeralPairs('Claims II and IIT Are Time-Barred')).toBe('Claims II and III Are Time-Barred');
    expect(numeralPairs('Counts 11 and III of the Counterclaim')).toBe('Counts II and III of the Counterclaim');
    expect(numeralPairs('COUNTS V, VIL, AND VIII')).toBe('COUNTS V, VII, AND VIII');
  });

  it('leaves numbers, words and numerals that are all printed right as they are', () => {
    for (const t of ['Sections 11 and 12 of the Act', 'Items 1 and 2', 'Counts I and IV', 'COUNT V AND IT MUST BE DISMISSED', 'Tabs TV and radio'])
      expect(numeralPairs(t)).toBe(t);
  });
});

describe('ocrTitle: an OCR\'d title put back as printed', () => {
  const vocabulary = new Map([['LIMITATIONS', 12], ['PRODUCTION', 30], ['PII', 20], ['PIL', 1], ['NOW', 40], ['CASE', 50], ['LIMITATION', 2], ['LIE', 8], ['TIE', 3]]);
  const read = (t: string) => ocrTitle(t, () => vocabulary);

  it('respells a word the document hardly prints as the word one misread letter away that it prints far more', () => {
    expect(read('The Claims Are Barred by the Statute of Iimitations')).toBe('The Claims Are Barred by the Statute of Limitations');
    expect(read('The Court Should Compel nroduction of the Logs')).toBe('The Court Should Compel production of the Logs');
    expect(read('Defendant Failed to Protect Users’ PIl')).toBe('Defendant Failed to Protect Users’ PII');
  });

  it('leaves real words alone: short words only for I, L and T, and words the document prints about as often', () => {
    expect(read('How the Court Should Rule')).toBe('How the Court Should Rule');
    expect(read('The Ease of Service Abroad')).toBe('The Ease of Service Abroad');
    expect(read('A Tie Goes to the Movant')).toBe('A Tie Goes to the Movant');
    // (a real word beside another: the document printing `fail` often does not make a heading's `Fall` a misreading)
    const fails = new Map([['FAIL', 20], ['FALL', 1], ['TAKE', 30], ['LAKE', 1]]);
    for (const t of ['The Claim Does Not Fall Within the Exception', 'LAKE COUNTY’S MOTION', 'Lake County’s Motion'])
      expect(ocrTitle(t, () => fails)).toBe(t);
  });

  it('reads an asterisk before a number as the apostrophe OCR took for it, but keeps a star page', () => {
    expect(read('Acme files the *918 application.')).toBe('Acme files the ’918 application.');
    expect(read('Jones v. Smith, 2020 WL 1234, at *3')).toBe('Jones v. Smith, 2020 WL 1234, at *3');
  });

  it('joins a year after its month read in two pieces, and leaves other numbers apart', () => {
    expect(read('Order of Justice Brown dated February 11, 201 9')).toBe('Order of Justice Brown dated February 11, 2019');
    expect(read('Letter of March 20 19')).toBe('Letter of March 2019');
    for (const t of ['Minutes of June 20, 19 pages', 'Invoice of May 3, 2019 12 items']) expect(read(t)).toBe(t);
  });

  it('reads an en dash OCR took for two dashes as one', () => {
    expect(read('The supplier—-OEM agreement')).toBe('The supplier–OEM agreement');
  });
});

describe('a scanned table of contents: titles read as printed from the document\'s own words', () => {
  const prose = 'The prosecution bar barred counsel from prosecution of the application during the litigation';
  const body = (page: number) => makePage(page, { source: 'ocr', rows: Array.from({ length: 10 }, () => prose) });
  const toc = (source: 'ocr' | 'text-layer') => makePage(2, {
    source,
    confidence: 88,
    rows: [
      { text: 'TABLE OF CONTENTS', x: 256 },
      { text: 'I. | INTRODUCTION ........................................ 1', x: 92, cols: [92, 122] },
      { text: 'II. | Counts I and TV Fail to State a Claim ............... 2', x: 92, cols: [92, 122] },
      { text: 'III. | Counsel Violated the nrosecution Bar ................ 3', x: 92, cols: [92, 122] },
      { text: 'IV. | CONCLUSION .......................................... 5', x: 92, cols: [92, 122] },
    ],
  });

  it('puts an OCR\'d title back as printed, and a text layer\'s as it is', () => {
    const pages = (source: 'ocr' | 'text-layer') => [body(1), toc(source), ...Array.from({ length: 6 }, (_, k) => body(k + 3))];
    expect(detectIndex(pages('ocr')).items.map((i) => i.text)).toEqual([
      'INTRODUCTION', 'Counts I and IV Fail to State a Claim', 'Counsel Violated the prosecution Bar', 'CONCLUSION']);
    expect(detectIndex(pages('text-layer')).items.map((i) => i.text)).toEqual([
      'INTRODUCTION', 'Counts I and TV Fail to State a Claim', 'Counsel Violated the nrosecution Bar', 'CONCLUSION']);
  });
});

describe('ocrTitle: a statute\'s code as printed', () => {
  it('reads `42U.8.C.2111` as 42 U.S.C. 2111 and puts back the spaces OCR lost around a code', () => {
    expect(ocrTitle('42U.8.C.2111')).toBe('42 U.S.C. 2111');
    expect(ocrTitle('28 U.$.C. § 2343')).toBe('28 U.S.C. § 2343');
    expect(ocrTitle('10C.F.R.2.309 (a)-(f), (h)')).toBe('10 C.F.R. 2.309 (a)-(f), (h)');
    expect(ocrTitle('28 US.C.§ 612')).toBe('28 U.S.C. § 612');
    expect(ocrTitle('as amended by Pub. I. No. 107-347')).toBe('as amended by Pub. L. No. 107-347');
  });

  it('leaves a code as printed, and words that only look like one, alone', () => {
    expect(ocrTitle('42 U.S.C. 10155(a) and (h)')).toBe('42 U.S.C. 10155(a) and (h)');
    expect(ocrTitle('Plaintiffs’ 8 U.S. Claims')).toBe('Plaintiffs’ 8 U.S. Claims');
  });
});
