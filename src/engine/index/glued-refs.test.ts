import { describe, expect, it } from 'vitest';
import type { Line, PageText, Word } from '../types.ts';
import { detectIndex } from './detect-index.ts';
import { lineOf } from '../page-model/make-page-text.ts';

/**
 * A table of contents whose page numbers are glued to the titles by a single stop, no leader
 * (`INTRODUCTION.14`, `(ECF 36).30`), as OCR reads a scan of it: a speck read after the number
 * (`SERVICE.97 |`), the stop lost and the number boxed over the end of the word (`COMPLIANCE 97`), a
 * stretch of garbage after the number that is dropped as a leader.
 */
const CHAR = 6.5;

/** Words of a line from x = 72, each `[text, confidence, gap before]`; a negative gap overlaps the word before. */
function line(y: number, words: Array<[string, number?, number?]>): Line {
  let x = 72;
  const out: Word[] = words.map(([text, confidence = 92, gap = 4], i) => {
    const x0 = i === 0 ? x : x + gap;
    x = x0 + text.length * CHAR;
    return { text, bbox: [x0, y, x, y + 10], confidence };
  });
  return lineOf(out);
}

function body(page: number): PageText {
  const lines = Array.from({ length: 20 }, (_, k) => line(90 + 28 * k, [['The'], ['court'], ['considers'], ['the'], ['motion'], ['on'], ['its'], ['merits.']]));
  return { page, width: 612, height: 792, lines, source: 'ocr', confidence: 90 };
}

describe('a table of contents with page numbers glued to its titles, read by OCR', () => {
  const toc: PageText = {
    page: 2, width: 612, height: 792, source: 'ocr', confidence: 90,
    lines: [
      line(70, [['TABLE'], ['OF'], ['CONTENTS']]),
      line(130, [['I'], ['INTRODUCTION.14']]),
      line(160, [['II'], ['BACKGROUND.16']]),
      // garbage read where nothing is printed, dropped as a leader: the row is marked as having one
      line(190, [['III'], ['OPPOSITION'], ['TO'], ['THE'], ['COUNTY'], ['(ECF'], ['36).30'], ['eee', 10, 30], ['ete', 8]]),
      // a speck read inside the number
      line(220, [['IV'], ['CONCLUSION.9%4', 80]]),
      line(250, [['CERTIFICATE'], ['OF'], ['COMPLIANCE'], ['97', 88, -2]]),
      line(280, [['CERTIFICATE'], ['OF'], ['SERVICE.97'], ['|', 88, 90]]),
    ],
  };
  const pages = [body(1), toc, ...Array.from({ length: 100 }, (_, k) => body(k + 3))];

  it('reads each page number, past a speck after or inside it, a lost stop and garbage after it', () => {
    const det = detectIndex(pages);
    expect(det.pages).toEqual([2]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['I', 'INTRODUCTION', '14'],
      ['II', 'BACKGROUND', '16'],
      ['III', 'OPPOSITION TO THE COUNTY (ECF 36)', '30'],
      ['IV', 'CONCLUSION', '94'],
      ['', 'CERTIFICATE OF COMPLIANCE', '97'],
      ['', 'CERTIFICATE OF SERVICE', '97'],
    ]);
  });
});

describe('a label with no stop glued to its title, and a page number glued to it, read by OCR', () => {
  /** A page of prose under its heading (`INTRODUCTION`, as the entry's section opens), read by OCR. */
  function headed(page: number, heading: string): PageText {
    const p = body(page);
    return { ...p, lines: [line(60, [[heading]]), ...p.lines] };
  }
  const toc: PageText = {
    page: 2, width: 612, height: 792, source: 'ocr', confidence: 90,
    lines: [
      line(70, [['TABLE'], ['OF'], ['CONTENTS']]),
      line(130, [['I.'], ['MOTION'], ['FOR'], ['LEAVE.12']]),
      // `I INTRODUCTION.14`: the label I read into the title, whose own first letter is an I
      line(160, [['IINTRODUCTION.14', 8]]),
      line(190, [['II'], ['BACKGROUND.16']]),
      line(220, [['III'], ['INJUNCTIVE'], ['RELIEF.27']]),
      // `VII CONCLUSION.94`: the stop read after the title, the number boxed over its end, both unsure
      line(250, [['IV'], ['CONCLUSION.', 0], ['94', 0, -12]]),
      line(280, [['CERTIFICATE'], ['OF'], ['SERVICE.97']]),
    ],
  };
  const headings: Record<number, string> = { 14: 'INTRODUCTION', 16: 'BACKGROUND', 27: 'INJUNCTIVE', 94: 'CONCLUSION' };
  const pages = [body(1), toc, ...Array.from({ length: 100 }, (_, k) => (headings[k + 3] ? headed(k + 3, headings[k + 3]!) : body(k + 3)))];

  it('sets the label apart where the title is a word the document prints, and keeps the number as its page', () => {
    const det = detectIndex(pages);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['I', 'MOTION FOR LEAVE', '12'],
      ['I', 'INTRODUCTION', '14'],
      ['II', 'BACKGROUND', '16'],
      ['III', 'INJUNCTIVE RELIEF', '27'],
      ['IV', 'CONCLUSION', '94'],
      ['', 'CERTIFICATE OF SERVICE', '97'],
    ]);
  });

  it('leaves the word as read where what follows the label is no word the document prints elsewhere', () => {
    const unknown = [body(1), toc, ...Array.from({ length: 100 }, (_, k) => body(k + 3))];
    expect(detectIndex(unknown).items.some((i) => i.text === 'INTRODUCTION')).toBe(false);
  });
});

describe('a double-spaced contents entry wrapped onto the line that brings its page number, read by OCR', () => {
  it('takes the line into the entry: OCR boxes each line by its ink, so the gap to it is wider than a letter', () => {
    const toc: PageText = {
      page: 2, width: 612, height: 792, source: 'ocr', confidence: 90,
      lines: [
        line(70, [['TABLE'], ['OF'], ['CONTENTS']]),
        line(130, [['I.'], ['MOTION'], ['FOR'], ['LEAVE'], ['TO'], ['FILE'], ['OVER-LENGTH']]),
        line(163, [['OPPOSITION.12']]),
        line(196, [['II'], ['BACKGROUND.16']]),
        line(229, [['III'], ['ARGUMENT.27']]),
        line(262, [['IV'], ['CONCLUSION.94']]),
      ],
    };
    const det = detectIndex([body(1), toc, ...Array.from({ length: 100 }, (_, k) => body(k + 3))]);
    expect(det.items.map((i) => [i.label, i.text, i.pageRef])).toEqual([
      ['I', 'MOTION FOR LEAVE TO FILE OVER-LENGTH OPPOSITION', '12'],
      ['II', 'BACKGROUND', '16'],
      ['III', 'ARGUMENT', '27'],
      ['IV', 'CONCLUSION', '94'],
    ]);
  });
});
