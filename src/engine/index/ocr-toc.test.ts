import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { detectIndex } from './detect-index.ts';
import { layoutPages } from '../page-model/page-layout.ts';
import { makePage } from '../page-model/make-page-text.ts';

/**
 * A table of contents on pleading paper as OCR reads a scan of it: the line numbers down the margin come
 * back partly misread (`®` for 9, `is` for 15, `5s` for 25), the banner at the top of every page a little
 * different each time, some labels misread (`vy.` for `V.`, `I.` for `1.`), some page numbers with a
 * speck (`14.`) or lost altogether after the leader.
 */
const MISREAD: Record<number, string> = { 9: '®', 15: 'is', 20: '|-', 25: '5s' };

function pleading(p: PageText, misread: Record<number, string> = {}): PageText {
  const nums: Line[] = Array.from({ length: 28 }, (_, k) => {
    const text = misread[k + 1] ?? String(k + 1);
    const bbox: Line['bbox'] = [81, 61 + 24 * k, 91, 75 + 24 * k];
    return { text, bbox, words: [{ text, bbox, confidence: 80 }] };
  });
  return { ...p, lines: [...nums, ...p.lines] };
}

const BANNERS = ['REDACTED VERSION OF DOCUMENT PROPOSED TO BE FILED UNDER SEAL', 'REDACTED VERSION OF DOCUMENA PRGPOSED TO BE FILED UNDER SEAL',
  'REDACTED VERSION OF DOCUMEN PROPOSED TO BE FILED UNDER SEAL', '- REDACTED VERSION OF DOCUMENT PRGPOSED TO BE FILED UNDER SEAL'];

function scanned(page: number, rows: Parameters<typeof makePage>[1]['rows'], misread: Record<number, string> = {}): PageText {
  const p = makePage(page, { rows, source: 'ocr', confidence: 88, header: BANNERS[page % BANNERS.length]!, footer: String(page) });
  return pleading(p, misread);
}

const ROW = (x: number, y: number) => ({ x, y, cols: [x, x + 36] });
const SUBS = ['The Contract Is Enforceable', 'Notice Was Given', 'The Goods Were Delivered', 'Payment Was Refused', 'The Defences Fail',
  'Mitigation Was Reasonable', 'Interest Runs From Demand', 'The Damages Are Proven'];

describe('a table of contents on pleading paper read by OCR', () => {
  const toc = scanned(2, [
    { text: 'TABLE OF CONTENTS', x: 260, y: 61 },
    { text: 'I. | INTRODUCTION ..... 1', ...ROW(105, 109) },
    { text: 'II. | STATEMENT OF FACTS ..... 3', ...ROW(105, 133) },
    { text: 'A. | The Parties Signed the Agreement ..... 3', ...ROW(141, 157) },
    { text: 'B. | The Defendant Stopped Paying ..... 14.', ...ROW(141, 181) },
    { text: 'vy. | ARGUMENT .....', ...ROW(105, 205) },
    ...SUBS.map((t, k) => ({ text: `${String.fromCharCode(65 + k)}. | ${t} ..... ${6 + k}`, ...ROW(141, 229 + 24 * k) })),
    { text: 'I. | Washington ..... 14', ...ROW(177, 421) },
    { text: '2. | Florida ..... 15', ...ROW(177, 445) },
    { text: 'IV. | CONCLUSION ..... 16', ...ROW(105, 469) },
  ], MISREAD);
  const body = (n: number) => scanned(n, Array.from({ length: 20 }, () => ({ text: 'The moving party bears the initial burden of showing there is no dispute', x: 105 })), n % 2 ? MISREAD : {});
  const pages = [body(1), toc, ...Array.from({ length: 12 }, (_, k) => body(k + 3))];

  it('sets apart the line numbers, misread ones too, and the banner that runs on every page', () => {
    const layout = layoutPages(pages)[1]!;
    const texts = layout.rows.map((r) => r.text);
    expect(texts.some((t) => /^(®|is|5s|\|-)\s/.test(t) || /REDACTED/.test(t))).toBe(false);
    expect(texts).toContain('TABLE OF CONTENTS');
  });

  it('reads every entry with its label, title and page number', () => {
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef ?? null])).toEqual([
      ['I', 'INTRODUCTION', '1'],
      ['II', 'STATEMENT OF FACTS', '3'],
      ['II.A', 'The Parties Signed the Agreement', '3'],
      // a speck after the number is no part of it
      ['II.B', 'The Defendant Stopped Paying', '14'],
      // `vy.` in the label column is the label after II; its page number was not read: the heading will place it
      ['III', 'ARGUMENT', null],
      ...SUBS.map((t, k) => [`III.${String.fromCharCode(65 + k)}`, t, String(6 + k)]),
      // `I.` where the numbered sub-entries stand, with `2.` after it: `1.`, not the letter after H
      ['III.H.1', 'Washington', '14'],
      ['III.H.2', 'Florida', '15'],
      ['IV', 'CONCLUSION', '16'],
    ]);
  });

  it('gives rows that touch no two links over one spot of the page', () => {
    const tall = scanned(2, [
      { text: 'TABLE OF CONTENTS', x: 260, y: 61 },
      { text: 'I. | INTRODUCTION ..... 1', ...ROW(105, 109) },
      { text: 'II. | ARGUMENT ..... 2', ...ROW(105, 125) },
      { text: 'III. | CONCLUSION ..... 4', ...ROW(105, 141) },
    ]);
    // OCR boxes that reach into the next row (a tall speck on the row above)
    tall.lines.find((l) => l.text.startsWith('INTRODUCTION'))!.words[0]!.bbox[3] += 10;
    const det = detectIndex([body(1), tall, body(3), body(4), body(5)]);
    const boxes = det.items.map((i) => i.bbox);
    expect(boxes).toHaveLength(3);
    for (let k = 0; k + 1 < boxes.length; k++) expect(boxes[k]![3]).toBeLessThanOrEqual(boxes[k + 1]![1]);
  });
});

describe('labels of a table of contents as OCR misreads them', () => {
  const plain = (n: number, rows: Parameters<typeof makePage>[1]['rows']) => makePage(n, { rows, source: 'ocr', confidence: 86, footer: String(n) });
  const body = (n: number) => plain(n, Array.from({ length: 20 }, () => ({ text: 'The moving party bears the initial burden of showing there is no dispute', x: 72 })));
  const toc = plain(2, [
    { text: 'TABLE OF CONTENTS', x: 240, y: 72 },
    { text: 'I. | INTRODUCTION ..... 1', ...ROW(72, 110) },
    // a speck far left of the A, boxed with it: the A is indented under the I.
    { text: '"A. | Qualifications ..... 1', ...ROW(108, 134) },
    { text: 'B. | Assignment ..... 2', ...ROW(108, 158) },
    // printed `BACKGROUND.16`: OCR reads a space after the dot
    { text: 'II BACKGROUND. 3', x: 72, y: 182 },
    { text: 'Ill LEGAL STANDARD ..... 4', x: 72, y: 206 },
    { text: 'IV. | ARGUMENT ..... 5', ...ROW(72, 230) },
    { text: '-A. | Notice Was Given ..... 5', ...ROW(108, 254) },
    { text: 'B. | The Goods Were Delivered ..... 6', ...ROW(108, 278) },
    { text: 'V. | DAMAGES ..... 7', ...ROW(72, 302) },
    { text: 'VI. | REMEDIES ..... 8', ...ROW(72, 326) },
    // `VII.` with its stop drawn into the last I's stem; its page number lost
    { text: 'VIL ASSESSMENT OF THE EXPERT OPINIONS', x: 72, y: 350 },
    { text: 'A. | Margins ..... 9', ...ROW(108, 374) },
  ]);
  const speck = toc.lines.flatMap((l) => l.words).find((w) => w.text === '"A.')!;
  speck.bbox[0] = 70; // the speck at the margin, the A itself at 108

  it('reads each label where it is printed, after a speck, a lost space or a stop read into a letter', () => {
    const det = detectIndex([body(1), toc, ...Array.from({ length: 10 }, (_, k) => body(k + 3))]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef ?? null])).toEqual([
      ['I', 'INTRODUCTION', '1'],
      ['I.A', 'Qualifications', '1'],
      ['I.B', 'Assignment', '2'],
      ['II', 'BACKGROUND', '3'],
      ['III', 'LEGAL STANDARD', '4'],
      ['IV', 'ARGUMENT', '5'],
      ['IV.A', 'Notice Was Given', '5'],
      ['IV.B', 'The Goods Were Delivered', '6'],
      ['V', 'DAMAGES', '7'],
      ['VI', 'REMEDIES', '8'],
      ['VII', 'ASSESSMENT OF THE EXPERT OPINIONS', null],
      ['VII.A', 'Margins', '9'],
    ]);
  });

  it('reads `II.` after II. as III.: an I lost', () => {
    const page = plain(2, [
      { text: 'TABLE OF CONTENTS', x: 240, y: 72 },
      { text: 'I. | INTRODUCTION ..... 1', ...ROW(72, 110) },
      { text: 'II. | FACTUAL BACKGROUND ..... 3', ...ROW(72, 134) },
      { text: 'II. | ARGUMENT ..... 18', ...ROW(72, 158) },
      { text: 'IV. | CONCLUSION ..... 25', ...ROW(72, 182) },
    ]);
    const det = detectIndex([body(1), page, ...Array.from({ length: 30 }, (_, k) => body(k + 3))]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef ?? null])).toEqual([
      ['I', 'INTRODUCTION', '1'], ['II', 'FACTUAL BACKGROUND', '3'], ['III', 'ARGUMENT', '18'], ['IV', 'CONCLUSION', '25'],
    ]);
  });

  it('reads an en dash that OCR read as two dashes as one, and leaves a text layer\'s as printed', () => {
    const rows = [{ text: 'TABLE OF CONTENTS', x: 240, y: 72 }, { text: 'A. | Modem chip supplier—-OEM relationships ..... 1', ...ROW(72, 110) },
      { text: 'B. | Margins ..... 5', ...ROW(72, 134) }];
    const titles = (source: 'ocr' | 'text-layer') => detectIndex([body(1), makePage(2, { rows, source, confidence: 86 }), ...Array.from({ length: 6 }, (_, k) => body(k + 3))])
      .items.map((i) => i.text);
    expect(titles('ocr')).toEqual(['Modem chip supplier–OEM relationships', 'Margins']);
    expect(titles('text-layer')).toEqual(['Modem chip supplier—-OEM relationships', 'Margins']);
  });

  it('`No. 12` ending a title is its number, not a page reference after a dot', () => {
    const page = plain(2, [{ text: 'TABLE OF CONTENTS', x: 240, y: 72 }, { text: 'I. | Order on Motion No. 12', ...ROW(72, 110) }, { text: 'II. | Reply ..... 5', ...ROW(72, 134) }]);
    const det = detectIndex([body(1), page, ...Array.from({ length: 6 }, (_, k) => body(k + 3))]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef ?? null])).toEqual([['I', 'Order on Motion No. 12', null], ['II', 'Reply', '5']]);
  });
});

describe('a factum\'s contents read by OCR with labels misread', () => {
  // PART I … IV over lettered and bracketed entries, a line apart as OCR boxes them (by their ink, far less
  // than the line spacing); OCR reads `PART` as `Parr`, `C.` as a bracket glued to the
  // title (`(The majority …`, its page number on the wrapped line below) and `(1)` in two pieces (`( 1)`)
  const sub = (x: number, y: number) => ({ x, y, cols: [x, x + 20] });
  const toc = makePage(2, { source: 'ocr', confidence: 88, footer: 'i', rows: [
    { text: 'CONTENTS', x: 283, y: 82 },
    { text: 'PART I | ATTRIBUTION ..... 1', x: 68, y: 115, cols: [68, 110] },
    { text: 'Parr II | STATEMENT OF FACTS ..... 1', x: 68, y: 145, cols: [68, 110] },
    { text: 'PART III | ARGUMENT ..... 3', x: 68, y: 175, cols: [68, 110] },
    { text: 'A. | Overview ..... 3', ...sub(83, 205) },
    { text: 'B. | Argument ..... 3', ...sub(83, 235) },
    { text: '(The majority erred in adding a new element to the defence of', x: 83, y: 265 },
    { text: 'abandonment ..... 4', x: 103, y: 295 },
    { text: '( | 1) | Party liability ..... 5', x: 103, y: 325, cols: [103, 106, 122] },
    { text: '(2) | The defence of abandonment until this case ..... 6', x: 103, y: 355, cols: [103, 122] },
    { text: 'D. | The majority erred in applying the defence retrospectively ..... 10', ...sub(83, 385) },
    { text: 'PART IV | NATURE OF THE ORDER SOUGHT ..... 13', x: 68, y: 415, cols: [68, 110] },
  ] });
  // (OCR boxes the bracket it read from `C.` as wide as the label: `(The` from the label column to the end of `The`)
  const glued = toc.lines.find((l) => l.text.startsWith('(The'))!.words[0]!;
  const letter = (glued.bbox[2] - glued.bbox[0]) / 4;
  glued.bbox = [83, glued.bbox[1], 103 + 3 * letter, glued.bbox[3]];
  const body = Array.from({ length: 14 }, (_, k) => makePage(k + 3, { rows: ['The appellant was convicted at trial of the offence charged.'], footer: String(k + 1) }));

  it('reads every entry with its label: the misread keyword, the label read as a bracket, the label in two pieces', () => {
    const det = detectIndex([makePage(1, { rows: ['FACTUM OF THE APPELLANT'] }), toc, ...body]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['I', 'ATTRIBUTION', '1'],
      ['II', 'STATEMENT OF FACTS', '1'],
      ['III', 'ARGUMENT', '3'],
      ['III.A', 'Overview', '3'],
      ['III.B', 'Argument', '3'],
      ['III.C', 'The majority erred in adding a new element to the defence of abandonment', '4'],
      ['III.C.1', 'Party liability', '5'],
      ['III.C.2', 'The defence of abandonment until this case', '6'],
      ['III.D', 'The majority erred in applying the defence retrospectively', '10'],
      ['IV', 'NATURE OF THE ORDER SOUGHT', '13'],
    ]);
  });
});
