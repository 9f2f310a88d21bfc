import { describe, expect, it } from 'vitest';
import { detectIndex } from './detect-index.ts';
import { makePage, type RowSpec } from '../page-model/make-page-text.ts';

const body = (page: number) =>
  makePage(page, { rows: Array.from({ length: 10 }, () => 'The moving party bears the initial burden of showing there is no dispute') });

describe('tables of contents mixing unlabelled and labelled entries', () => {
  it('an unlabelled entry closes the lettered list above it, and the I. under it opens a list of its own', () => {
    const toc = makePage(2, {
      rows: [
        { text: 'TABLE OF CONTENTS', x: 260 },
        { text: 'INTRODUCTION ................................................ 1', x: 101 },
        { text: 'FACTUAL BACKGROUND .......................................... 2', x: 101 },
        { text: 'A. | The Company Built the Platform ........................ 2', x: 137, cols: [137, 173] },
        { text: 'B. | The Company Learned of the Defect ...................... 3', x: 137, cols: [137, 173] },
        { text: 'ARGUMENT .................................................... 5', x: 101 },
        { text: 'I. | THE PROPOSED CLASS MEETS RULE 23(a) ..................... 5', x: 101, cols: [101, 137] },
        { text: 'A. | Numerosity Is Met ....................................... 5', x: 137, cols: [137, 173] },
        { text: 'B. | Common Questions of Law and Fact ........................ 6', x: 137, cols: [137, 173] },
        { text: 'II. | A CLASS ACTION IS SUPERIOR ............................. 8', x: 101, cols: [101, 137] },
        { text: 'CONCLUSION .................................................. 9', x: 101 },
      ],
    });
    const det = detectIndex([body(1), toc, ...[3, 4, 5, 6, 7, 8, 9, 10].map(body)]);
    expect(det.items.map((i) => [i.label.split('.').pop() ?? '', i.text])).toEqual([
      ['', 'INTRODUCTION'], ['', 'FACTUAL BACKGROUND'], ['A', 'The Company Built the Platform'], ['B', 'The Company Learned of the Defect'],
      ['', 'ARGUMENT'], ['I', 'THE PROPOSED CLASS MEETS RULE 23(a)'], ['A', 'Numerosity Is Met'], ['B', 'Common Questions of Law and Fact'],
      ['II', 'A CLASS ACTION IS SUPERIOR'], ['', 'CONCLUSION'],
    ]);
  });
});

describe('a table of contents with no leaders, double spaced, in two parts', () => {
  // A pro se filing: `I INTRODUCTION.14` (no stop after the numeral, the page number glued on with a
  // dot), a first entry wrapped over a double-spaced line, and a second list starting again at I.
  const toc = makePage(2, {
    rows: [
      { text: 'TABLE OF CONTENTS', x: 231, y: 73 },
      { text: "I. PLAINTIFF'S MOTION FOR LEAVE TO FILE OVER-LENGTH CONSOLIDATED", x: 72, y: 132, size: 12 },
      { text: 'OPPOSITION.12', x: 72, y: 159, size: 12 },
      { text: 'I INTRODUCTION.14', x: 72, y: 192, size: 12 },
      { text: 'II BACKGROUND.16', x: 72, y: 224, size: 12 },
      { text: 'III LEGAL STANDARD.27', x: 72, y: 257, size: 12 },
      { text: 'IV OPPOSITION TO THE COUNTY DEFENDANTS (ECF 34).30', x: 72, y: 290, size: 12 },
      { text: 'V CONCLUSION.41', x: 72, y: 322, size: 12 },
      { text: 'CERTIFICATE OF SERVICE.43', x: 72, y: 355, size: 12 },
    ],
  });

  it('reads every entry with its label, its whole title and its page number', () => {
    const det = detectIndex([body(1), toc, ...Array.from({ length: 41 }, (_, k) => body(k + 3))]);
    expect(det.items.map((i) => [i.label.split('.').pop() ?? '', i.text, i.pageRef])).toEqual([
      ['I', "PLAINTIFF'S MOTION FOR LEAVE TO FILE OVER-LENGTH CONSOLIDATED OPPOSITION", '12'],
      ['I', 'INTRODUCTION', '14'],
      ['II', 'BACKGROUND', '16'],
      ['III', 'LEGAL STANDARD', '27'],
      ['IV', 'OPPOSITION TO THE COUNTY DEFENDANTS (ECF 34)', '30'],
      ['V', 'CONCLUSION', '41'],
      ['', 'CERTIFICATE OF SERVICE', '43'],
    ]);
  });
});

describe('a leader cut short', () => {
  it('two dots before the page number are a leader: the number is not part of the title', () => {
    const toc = makePage(2, {
      rows: [
        { text: 'TABLE OF CONTENTS', x: 260 },
        { text: 'I. | INTRODUCTION ........................................ 1', x: 104, cols: [104, 140] },
        { text: 'II. | The Product Is Merchantable as a Matter of Law.. | 20', x: 104, cols: [104, 140, 500] },
        { text: 'III. | CONCLUSION .......................................... 24', x: 104, cols: [104, 140] },
      ],
    });
    const det = detectIndex([body(1), toc, ...Array.from({ length: 30 }, (_, k) => body(k + 3))]);
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual([
      ['INTRODUCTION', '1'], ['The Product Is Merchantable as a Matter of Law', '20'], ['CONCLUSION', '24'],
    ]);
  });
});

/** A contents page read by OCR (page 2) in a ten-page document of prose: its items, label and title. */
function scannedToc(rows: RowSpec[]): Array<[string, string]> {
  const toc = makePage(2, { source: 'ocr', confidence: 88, rows: [{ text: 'TABLE OF CONTENTS', x: 256 }, ...rows] });
  return detectIndex([body(1), toc, ...Array.from({ length: 8 }, (_, k) => body(k + 3))]).items.map((i) => [i.label, i.text]);
}

describe('labels OCR lost from a scanned table of contents', () => {
  it('a row set where the text of its level starts, its label column empty, takes the label its place names', () => {
    // OCR lost `I.` before INTRODUCTION and `IV.`, `V.` before LEGAL STANDARD and ARGUMENT
    expect(scannedToc([
      { text: 'INTRODUCTION ........................................ 1', x: 122 },
      { text: 'II. | STATEMENT OF FACTS .................................. 1', x: 92, cols: [92, 122] },
      { text: 'A. | The Fraud Claim Identifies No Loss .................. 1', x: 124, cols: [124, 154] },
      { text: 'III. | PROCEDURAL HISTORY ................................ 2', x: 91, cols: [91, 122] },
      { text: 'LEGAL STANDARD ...................................... 3', x: 121 },
      { text: 'ARGUMENT ............................................ 4', x: 121 },
      { text: 'A. | The Claim Was Timely Under the Discovery Rule ........ 4', x: 123, cols: [123, 154] },
      { text: 'VI. | CONCLUSION ........................................ 6', x: 90, cols: [90, 121] },
    ])).toEqual([
      ['I', 'INTRODUCTION'], ['II', 'STATEMENT OF FACTS'], ['II.A', 'The Fraud Claim Identifies No Loss'], ['III', 'PROCEDURAL HISTORY'],
      ['IV', 'LEGAL STANDARD'], ['V', 'ARGUMENT'], ['V.A', 'The Claim Was Timely Under the Discovery Rule'], ['VI', 'CONCLUSION'],
    ]);
  });

  it('an unlabelled last entry set where the titles start is no label lost: no later label bears one out', () => {
    expect(scannedToc([
      { text: 'I. | INTRODUCTION ........................................ 1', x: 92, cols: [92, 122] },
      { text: 'II. | ARGUMENT ............................................ 2', x: 92, cols: [92, 122] },
      { text: 'A. | The Claim Was Timely Under the Discovery Rule ........ 2', x: 123, cols: [123, 154] },
      { text: 'CONCLUSION .......................................... 6', x: 122 },
    ])).toEqual([
      ['I', 'INTRODUCTION'], ['II', 'ARGUMENT'], ['II.A', 'The Claim Was Timely Under the Discovery Rule'], ['', 'CONCLUSION'],
    ]);
  });

  it('a label OCR read with a speck and a mark before it (`I’v.`) is the numeral the list has next', () => {
    expect(scannedToc([
      { text: 'I. | INTRODUCTION ........................................ 1', x: 92, cols: [92, 122] },
      { text: 'II. | STATEMENT OF FACTS .................................. 2', x: 92, cols: [92, 122] },
      { text: 'III. | LEGAL STANDARD .................................... 3', x: 92, cols: [92, 122] },
      { text: 'IV. | ARGUMENT ............................................ 4', x: 92, cols: [92, 122] },
      { text: 'I’v. | CONCLUSION .......................................... 8', x: 92, cols: [92, 122] },
    ])).toEqual([
      ['I', 'INTRODUCTION'], ['II', 'STATEMENT OF FACTS'], ['III', 'LEGAL STANDARD'], ['IV', 'ARGUMENT'], ['V', 'CONCLUSION'],
    ]);
  });

  it('an entry Word could not number (`Error! Bookmark not defined.`) is no item, and no part of the entry below it', () => {
    const toc = makePage(2, {
      rows: [
        { text: 'TABLE OF CONTENTS', x: 256 },
        'Preliminary Statement ........................................ 3',
        'PROCEDURAL HISTORY Error! Bookmark not defined.',
        'STATEMENT OF FACTS ........................................... 4',
        'ARGUMENT ..................................................... 6',
      ],
    });
    const det = detectIndex([body(1), toc, ...Array.from({ length: 8 }, (_, k) => body(k + 3))]);
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual([['Preliminary Statement', '3'], ['STATEMENT OF FACTS', '4'], ['ARGUMENT', '6']]);
  });
});
