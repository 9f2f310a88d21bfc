import { describe, expect, it } from 'vitest';
import type { Line, PageText, Word } from '../types.ts';
import { detectIndex } from './detect-index.ts';
import { documentNumberColumns, withoutLineNumbers } from '../page-model/line-numbers.ts';
import { lineOf } from '../page-model/make-page-text.ts';

/**
 * A court reporter's INDEX as OCR reads a scanned transcript: Courier set on 25 numbered lines, 25.5 pt
 * apart (double spacing), every word boxed by its ink (9 pt tall, far shorter than the spacing) and set
 * wide apart as typewriter text is (a space is as wide as a letter). The transcript's other pages, read
 * by OCR, show none of their margin numbers.
 */
const CHAR = 7.2;
const PITCH = 25.5;
const TOP = 55;
const INK = 9;

interface Typed { text: string; col: number; conf?: number }

/** A line typed from character column `col` (x = 108 + col × 7.2), words split at spaces. */
function typed(y: number, parts: Typed[]): Word[] {
  const words: Word[] = [];
  for (const p of parts) {
    let at = p.col;
    for (const w of p.text.split(' ')) {
      if (w) words.push({ text: w, bbox: [108 + at * CHAR, y, 108 + (at + w.length) * CHAR - 1.5, y + INK], confidence: p.conf ?? 90 });
      at += w.length + 1;
    }
  }
  return words;
}

/** A page of numbered lines: `lines[k]` is what stands on line k + 1 (nothing, a speck, or text). */
function transcriptPage(page: number, lines: Typed[][], footer: string): PageText {
  const out: Line[] = [];
  lines.forEach((parts, k) => {
    const y = TOP + k * PITCH;
    const n = String(k + 1);
    const num: Word = { text: n, bbox: [82 - 6 * n.length, y, 82, y + INK], confidence: 90 };
    out.push(lineOf([num, ...typed(y, parts)]));
  });
  out.push(lineOf(typed(703, [{ text: footer, col: 52 }])));
  return { page, width: 612, height: 792, lines: out, source: 'ocr', confidence: 90 };
}

/** A transcript page as the quick reading leaves it: its margin numbers unread, its footer read. */
function proseScan(page: number, footer: string): PageText {
  const lines = Array.from({ length: 6 }, (_, k) => lineOf(typed(TOP + k * PITCH, [{ text: 'Q. And did you see the vehicle at that time?', col: 0 }])));
  lines.push(lineOf(typed(703, [{ text: footer, col: 52 }])));
  return { page, width: 612, height: 792, lines, source: 'ocr', confidence: 90, partial: true };
}

const speck = (text: string, col: number): Typed[] => [{ text, col, conf: 30 }];

const INDEX_LINES: Typed[][] = [
  [{ text: 'oo', col: 18, conf: 15 }, { text: 'INDEX', col: 24 }],
  [{ text: 'EXAMINATION BY:', col: 0 }, { text: 'PAGE', col: 55 }],
  [{ text: 'MR. GWILLIAM', col: 0 }, { text: '7, 114', col: 53 }],
  [{ text: 'R', col: 8, conf: 40 }, { text: '—-—-o00o——', col: 25 }],
  [{ text: 'EXHIBITS', col: 20 }],
  [{ text: 'EXHIBIT', col: 0 }, { text: 'DESCRIPTION', col: 18 }, { text: 'PAGE', col: 55 }],
  [{ text: 'Exhibit 14', col: 0 }, { text: 'Interview of Sergeant Billdt;', col: 18 }, { text: '6', col: 58 }],
  [{ text: '37 pages', col: 18 }],
  speck(')', 66),
  [{ text: 'Exhibit 15', col: 0 }, { text: 'Pleasanton Police Department', col: 18 }, { text: '61', col: 57 }],
  [{ text: 'Policy Manual - Mental', col: 18 }],
  [{ text: 'Illness Commitments; 3 pages', col: 18 }],
  speck('.', 30),
  [{ text: 'Exhibit 16', col: 0 }, { text: 'Complete Body Cam Video of', col: 18 }, { text: '76', col: 57 }],
  [{ text: 'Sergeant Billdt, Knight, PPD 378', col: 18 }],
  [{ text: 'MP4 file', col: 18 }],
  speck(':', 5),
  [{ text: 'Exhibit 17', col: 0 }, { text: 'Still Frame from Sergeant', col: 18 }, { text: '114', col: 56 }],
  [{ text: 'Knight, PPD 390', col: 18 }],
  speck('.', 40),
  [{ text: 'TESTIMONY REQUESTED TO BE MARKED CONFIDENTIAL:', col: 0 }],
  [{ text: 'From page 128, line 22 through page 130, line 1', col: 0 }],
  [{ text: 'From page 179, line 3 through page 187, line 1', col: 0 }],
  speck(':', 26),
  [{ text: '—-—00o0——', col: 25 }],
];

describe('a court reporter\'s index read by OCR', () => {
  const index = transcriptPage(6, INDEX_LINES, 'Page 5');
  const pages = [1, 2, 3, 4, 5].map((n) => proseScan(n, `Page ${n - 1}`));
  pages.push(index, ...[7, 8, 9, 10].map((n) => proseScan(n, `Page ${n - 1}`)));

  it('sets its margin numbers apart on the index page alone, lines holding only a speck counting as blank', () => {
    const cols = documentNumberColumns(pages);
    expect(cols).toHaveLength(1);
    expect(cols[0]!.first).toBe(1);
    expect(cols[0]!.blank).toBeGreaterThanOrEqual(2);
  });

  it('reads one entry per examination and exhibit, each description whole across its double-spaced lines', () => {
    const det = detectIndex(pages);
    expect(det.pages).toEqual([6]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['', 'EXAMINATION BY: MR. GWILLIAM', '7'],
      ['14', 'Interview of Sergeant Billdt; 37 pages', '6'],
      ['15', 'Pleasanton Police Department Policy Manual - Mental Illness Commitments; 3 pages', '61'],
      ['16', 'Complete Body Cam Video of Sergeant Billdt, Knight, PPD 378 MP4 file', '76'],
      ['17', 'Still Frame from Sergeant Knight, PPD 390', '114'],
    ]);
  });

  it('takes the examination heading on the line above into its entry, however far apart OCR boxes the two lines', () => {
    const lines: Typed[][] = [
      [{ text: 'INDEX', col: 24 }],
      [{ text: 'WITNESS', col: 0 }, { text: 'PAGE', col: 55 }],
      [{ text: 'Maria Ortiz', col: 0 }],
      [],
      [{ text: 'EXAMINATION', col: 0 }],
      [{ text: 'By Ms. Alvarez', col: 2 }, { text: '6', col: 58 }],
      [{ text: '—-—o00o——', col: 25 }],
      [{ text: 'EXHIBITS', col: 20 }],
      [{ text: 'EXHIBIT', col: 0 }, { text: 'DESCRIPTION', col: 18 }, { text: 'PAGE', col: 55 }],
      [{ text: 'Exhibit 21', col: 0 }, { text: 'Dispatch log, 4 pages', col: 18 }, { text: '12', col: 57 }],
      [{ text: 'Exhibit 22', col: 0 }, { text: 'Incident report', col: 18 }, { text: '15', col: 57 }],
      ...Array.from({ length: 14 }, (): Typed[] => []),
    ];
    const doc = [proseScan(1, 'Page 1'), proseScan(2, 'Page 2'), transcriptPage(3, lines, 'Page 3'), ...[4, 5, 6, 7, 8, 9, 10].map((n) => proseScan(n, `Page ${n}`))];
    const det = detectIndex(doc);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['', 'EXAMINATION By Ms. Alvarez', '6'], ['21', 'Dispatch log, 4 pages', '12'], ['22', 'Incident report', '15'],
    ]);
  });

  it('a transcript index of one entry under its heading, among specks OCR read as letters', () => {
    const lines: Typed[][] = [
      [{ text: 'oo', col: 18, conf: 15 }, { text: 'INDEX', col: 28 }],
      speck('.', 20),
      [{ text: 'PROCEEDINGS', col: 4 }, { text: 'PAGE', col: 48 }],
      [{ text: 'B', col: 22, conf: 40 }],
      [{ text: 'STATUS CONFERENCE', col: 4 }, { text: '4', col: 50 }],
      ...Array.from({ length: 5 }, (_, k): Typed[] => (k % 2 ? [{ text: 'i', col: 10 + 7 * k, conf: 30 }] : [])),
      [{ text: 'N', col: 1, conf: 40 }],
      ...Array.from({ length: 14 }, (): Typed[] => []),
    ];
    const one = transcriptPage(3, lines, 'Page 3');
    const doc = [proseScan(1, 'Page 1'), proseScan(2, 'Page 2'), one, ...[4, 5, 6, 7, 8].map((n) => proseScan(n, `Page ${n}`))];
    const det = detectIndex(doc);
    expect(det.pages).toEqual([3]);
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual([['STATUS CONFERENCE', '4']]);
  });

  it('finds the margin numbers of an index whose wrapped lines stand unnumbered between numbered ones, and sets apart a number read with a speck', () => {
    // numbered lines 20 pt apart, but 40 pt where a wrapped description's line stands between two of them
    const ys: number[] = [];
    for (let k = 0, y = TOP; k < 25; k++, y += [6, 11, 12, 18, 19, 22].includes(k) ? 40 : 20) ys.push(y);
    const lines: Line[] = ys.map((y, k) => {
      const n = String(k + 1);
      // line 20's number read with a speck glued to it, boxed wider than its digits
      const num: Word = k === 19 ? { text: '20.', bbox: [70, y, 100, y + INK], confidence: 60 } : { text: n, bbox: [82 - 6 * n.length, y, 82, y + INK], confidence: 90 };
      const beside = k % 4 === 3 ? typed(y, speck(':', 30)) : typed(y, [{ text: 'Exhibit 12 Pleasanton Police Department, Bates', col: 0 }]);
      return lineOf([num, ...beside]);
    });
    const page: PageText = { page: 5, width: 612, height: 792, lines, source: 'ocr', confidence: 90 };
    const doc = [proseScan(1, 'Page 1'), proseScan(2, 'Page 2'), proseScan(3, 'Page 3'), proseScan(4, 'Page 4'), page, proseScan(6, 'Page 5')];
    const cols = documentNumberColumns(doc);
    expect(cols).toHaveLength(1);
    const clean = withoutLineNumbers(page, cols);
    expect(clean.lines.flatMap((l) => l.words).filter((w) => w.bbox[0] < 100).map((w) => w.text)).toEqual([]);
  });
});

describe('an argument transcript\'s CONTENTS read by OCR', () => {
  it('keeps each entry whole over its three double-spaced lines (`ORAL ARGUMENT OF` / name / `On behalf of …   3`)', () => {
    const lines: Typed[][] = [
      [{ text: 'C O N T E N T S', col: 20 }],
      [{ text: 'ORAL ARGUMENT OF', col: 0 }, { text: 'PAGE', col: 55 }],
      [{ text: 'ROBERT A. LONG, ESQ.', col: 0 }],
      [{ text: 'For Court-appointed amicus curiae', col: 3 }, { text: '3', col: 58 }],
      [{ text: 'ORAL ARGUMENT OF', col: 0 }],
      [{ text: 'DONALD B. VERRILLI, JR., ESQ.', col: 0 }],
      [{ text: 'On behalf of the Petitioners', col: 3 }, { text: '30', col: 57 }],
      [{ text: 'REBUTTAL ARGUMENT OF', col: 0 }],
      [{ text: 'ROBERT A. LONG, ESQ.', col: 0 }],
      [{ text: 'For Court-appointed amicus curiae', col: 3 }, { text: '43', col: 57 }],
      ...Array.from({ length: 15 }, (): Typed[] => []),
    ];
    const pages = [proseScan(1, '1'), transcriptPage(2, lines, '2'), ...Array.from({ length: 48 }, (_, k) => proseScan(k + 3, String(k + 3)))];
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.text, i.pageRef])).toEqual([
      ['ORAL ARGUMENT OF ROBERT A. LONG, ESQ. For Court-appointed amicus curiae', '3'],
      ['ORAL ARGUMENT OF DONALD B. VERRILLI, JR., ESQ. On behalf of the Petitioners', '30'],
      ['REBUTTAL ARGUMENT OF ROBERT A. LONG, ESQ. For Court-appointed amicus curiae', '43'],
    ]);
  });
});
