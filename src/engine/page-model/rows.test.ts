import { describe, expect, it } from 'vitest';
import type { Line, PageText } from '../types.ts';
import { makePage } from './make-page-text.ts';
import { isAskew, isDiagonal, isUpright, normWords, pageRows } from './rows.ts';

describe('pageRows: a diagonal watermark across the page', () => {
  const base = makePage(2, { rows: ['INDEX', ...Array.from({ length: 12 }, (_, k) => `${k + 1} | Affidavit of Witness ${k + 1} | ${k * 3 + 1}`)] });
  const mark: Line = { text: 'CONFIDENTIAL', bbox: [134, 110, 520, 400], words: [{ text: 'CONFIDENTIAL', bbox: [134, 110, 520, 400], confidence: 100 }] };
  const page: PageText = { ...base, lines: [...base.lines, mark] };

  it('joins no row and stands in none', () => {
    const rows = pageRows(page);
    expect(rows.map((r) => r.text)).toEqual(pageRows(base).map((r) => r.text));
    expect(rows.some((r) => r.text.includes('CONFIDENTIAL'))).toBe(false);
  });

  it('tells diagonal text from a huge divider label and a tab strip turned 90°', () => {
    expect(isDiagonal([134, 110, 520, 400], 'CONFIDENTIAL')).toBe(true);
    expect(isDiagonal([200, 300, 560, 530], 'TAB 3')).toBe(false);
    expect(isDiagonal([570, 300, 594, 380], 'TAB 3')).toBe(false);
    expect(isDiagonal([72, 100, 400, 112], 'Affidavit of Witness 1')).toBe(false);
    // a narrow label of a table of contents nested five deep
    expect(isDiagonal([186, 397, 196, 413], 'ii.')).toBe(false);
  });
});

describe('pageRows: a tab strip turned 90° at the page edge', () => {
  const base = makePage(7, { rows: Array.from({ length: 10 }, () => 'The applicant relies on the evidence filed and the parties agree on the facts') });
  const strip: Line = { text: 'TAB 3', bbox: [560, 150, 580, 230], words: [{ text: 'TAB', bbox: [560, 150, 580, 205], confidence: 100 }, { text: '3', bbox: [560, 212, 580, 230], confidence: 100 }] };
  const page: PageText = { ...base, lines: [...base.lines, strip] };

  it('is a row of its own, the body rows beside it untouched', () => {
    const rows = pageRows(page);
    expect(rows.filter((r) => r.text === 'TAB 3')).toHaveLength(1);
    expect(rows.filter((r) => r.text !== 'TAB 3').map((r) => r.text)).toEqual(pageRows(base).map((r) => r.text));
    expect(isUpright(strip.bbox, 'TAB3')).toBe(true);
    expect(isUpright([72, 100, 400, 112], 'Affidavit')).toBe(false);
  });
});

describe('pageRows: a registry stamp set a few degrees askew over the first rows', () => {
  const base = makePage(2, { rows: ['INDEX', ...Array.from({ length: 6 }, (_, k) => `${k + 1} | Affidavit of Witness ${k + 1} | ${k * 3 + 1}`)] });
  // RECEIVED MAR 14 2024, climbing about 9° from left to right across the rows at y 100-130.
  const words = ['RECEIVED', 'MAR', '14', '2024'].map((text, k) => ({ text, bbox: [300 + 50 * k, 125 - 8 * k, 340 + 50 * k, 139 - 8 * k] as [number, number, number, number], confidence: 100 }));
  const stamp: Line = { text: 'RECEIVED MAR 14 2024', bbox: [300, 101, 490, 139], words };

  it('joins no row', () => {
    const rows = pageRows({ ...base, lines: [...base.lines, stamp] });
    expect(rows.map((r) => r.text)).toEqual(pageRows(base).map((r) => r.text));
    expect(isAskew(words, 0)).toBe(true);
  });

  it('leaves a straight line with a raised footnote number alone', () => {
    const line = ['Smith', 'v.', 'Jones', '3'].map((text, k) => ({ text, bbox: [72 + 40 * k, k === 3 ? 96 : 100, 100 + 40 * k, k === 3 ? 104 : 112] as [number, number, number, number], confidence: 100 }));
    expect(isAskew(line, 0)).toBe(false);
  });
});

/** An OCR'd line at y: words as [text, left, right, confidence], 8 pt high. */
function ocrLine(y: number, words: Array<[string, number, number, number]>): Line {
  const ws = words.map(([text, x0, x1, confidence]) => ({ text, bbox: [x0, y, x1, y + 8] as [number, number, number, number], confidence }));
  return { text: words.map((w) => w[0]).join(' '), bbox: [ws[0]!.bbox[0], y, ws[ws.length - 1]!.bbox[2], y + 8], words: ws };
}
function ocrPage(lines: Line[]): PageText {
  return { page: 2, width: 612, height: 792, lines, source: 'ocr', confidence: 80 };
}

describe('pageRows: a scanned dotted-leader row', () => {
  it('keeps the date closing a description, read at a low confidence beside the leader', () => {
    const rows = pageRows(ocrPage([
      ocrLine(100, [['Affidavit', 160, 200, 94], ['of', 203, 212, 96], ['Patrick', 216, 247, 96], ['Kowalski,', 250, 294, 95], ['sworn', 298, 324, 95],
        ['October', 327, 362, 96], ['16,2019', 366, 403, 0], ['...', 410, 423, 0], ['ooovveeeeeee', 433, 516, 0], ['38', 528, 538, 96]]),
      ocrLine(130, [['Affidavit', 169, 209, 96], ['of', 213, 222, 96], ['Omar', 225, 249, 96], ['sworn', 310, 336, 96],
        ['December', 339, 384, 0], ['7,2017', 387, 419, 0], ['..........', 426, 521, 19], ['85', 537, 546, 96]]),
      ocrLine(160, [['Notice', 164, 193, 96], ['of', 196, 206, 96], ['Motion', 208, 240, 96], ['dated', 244, 267, 96], ['April', 270, 292, 84], ['8.2022', 296, 328, 33], ['106', 527, 542, 96]]),
    ]));
    expect(rows.map((r) => r.text)).toEqual([
      'Affidavit of Patrick Kowalski, sworn October 16, 2019 38',
      'Affidavit of Omar sworn December 7, 2017 85',
      'Notice of Motion dated April 8, 2022 106',
    ]);
    expect(rows.map((r) => r.leader)).toEqual([true, true, false]);
    // The page number stays a cell of its own, after the leader or the gap.
    expect(rows.every((r) => r.words[r.words.length - 1]!.breakBefore)).toBe(true);
  });

  it('drops a leader read as a few letters stretched over its length, or spread over the words after it', () => {
    const rows = pageRows(ocrPage([
      ocrLine(100, [['dated', 349, 372, 96], ['May', 376, 395, 96], ['4,', 399, 406, 95], ['2018', 410, 431, 88], ['vrei', 438, 500, 0], ['57', 533, 543, 90]]),
      ocrLine(130, [['020', 168, 522, 32], ['TT', 457, 522, 44], ['93', 534, 544, 96]]),
    ]));
    expect(rows.map((r) => r.text)).toEqual(['dated May 4, 2018 57', '93']);
    expect(rows.map((r) => r.leader)).toEqual([true, true]);
  });

  it('keeps the page number a stretched leader reading ran into, and no 0 of the leader', () => {
    const rows = pageRows(ocrPage([
      ocrLine(100, [['A.', 98, 108, 95], ['Price', 134, 156, 96], ['Effects', 161, 190, 91], ['........', 197, 236, 44], ['03', 241, 541, 17]]),
      ocrLine(130, [['VIII.', 73, 97, 34], ['Conclusion', 109, 158, 81], ['..........', 165, 216, 36], ['0', 230, 244, 8], ['10', 396, 540, 36]]),
    ]));
    expect(rows.map((r) => r.text)).toEqual(['A. Price Effects 3', 'VIII. Conclusion 10']);
    const last = rows.map((r) => r.words[r.words.length - 1]!);
    expect(last.every((w) => w.breakBefore && w.bbox[0] > 500)).toBe(true);
  });

  it('leaves letter-spaced and low-confidence words of ordinary width alone', () => {
    const rows = pageRows(ocrPage([
      ocrLine(100, [['INDEX', 250, 350, 50]]),
      ocrLine(130, [['Exhibit', 100, 135, 40], ['DOTS', 351, 372, 54], ['34', 527, 538, 96]]),
    ]));
    expect(rows.map((r) => r.text)).toEqual(['INDEX', 'Exhibit DOTS 34']);
  });
});

describe('pageRows: a title wrapped over two tight lines on a straight scan', () => {
  // OCR boxed one word of the first line with a speck below it, reaching into the second line's box
  const page = makePage(2, {
    source: 'ocr',
    rows: [
      { text: 'A. There Is No Genuine Dispute That Plaintiffs Consented', x: 148, y: 514, size: 10 },
      { text: 'To Receive Promotional Faxes From SK&A ..... 10', x: 185, y: 527, size: 10 },
    ],
  });
  const dispute = page.lines.flatMap((l) => l.words).find((w) => w.text === 'Dispute')!;
  dispute.bbox[3] = 536;
  page.lines[0]!.bbox[3] = 536;

  it('keeps the two lines apart, each with its words in order', () => {
    expect(pageRows(page).map((r) => r.text)).toEqual([
      'A. There Is No Genuine Dispute That Plaintiffs Consented',
      'To Receive Promotional Faxes From SK&A 10',
    ]);
  });
});

describe('pageRows: specks read by OCR between words', () => {
  const row = (words: Array<[string, number, number, number]>): PageText => {
    const ws = words.map(([text, x0, x1, confidence]) => ({ text, bbox: [x0, 300, x1, 312] as Line['bbox'], confidence }));
    return { page: 2, width: 612, height: 792, source: 'ocr', confidence: 90, lines: [{ text: ws.map((w) => w.text).join(' '), bbox: [ws[0]!.bbox[0], 300, ws.at(-1)!.bbox[2], 312], words: ws }] };
  };

  it('drops a stop standing alone between words or black boxes, and keeps one ending a word', () => {
    expect(pageRows(row([['trial', 100, 130, 95], ['.', 134, 136, 80], ['by', 140, 152, 95], ['jury.', 156, 180, 95]]))[0]!.text).toBe('trial by jury.');
    expect(pageRows(row([['[redacted]', 180, 330, 90], ['.', 332, 334, 71], ['[redacted]', 340, 500, 90], ['.....', 502, 560, 90], ['6', 565, 571, 96]]))[0]!.text)
      .toBe('[redacted] [redacted] 6');
  });
});

describe('pageRows: specks OCR reads as small words or bars', () => {
  const page = (words: Array<[string, number, number, number, number, number]>): PageText => {
    const ws = words.map(([text, x0, y0, x1, y1, confidence]) => ({ text, bbox: [x0, y0, x1, y1] as Line['bbox'], confidence }));
    return { page: 2, width: 612, height: 792, source: 'ocr', confidence: 90, lines: [{ text: ws.map((w) => w.text).join(' '), bbox: [100, 390, 500, 404], words: ws }] };
  };

  it('drops a mark or two read from a speck a third of a letter across, however sure OCR was, and keeps real small words', () => {
    const row = pageRows(page([
      ['Plaintiff', 114, 392, 158, 401, 93], ['demands', 162, 392, 208, 401, 96], ['trial', 214, 392, 236, 401, 96],
      ['0', 261, 392, 263, 394, 74], ['by', 242, 392, 255, 403, 96], ['jury', 259, 395, 282, 403, 96], ['s.', 447, 397, 449, 399, 27],
      ['a', 290, 395, 295, 401, 96], ['-', 300, 399, 301, 400, 90], ['in', 305, 395, 314, 401, 96],
      // read unsure over a word read sure
      ['s.', 306, 390, 310, 397, 27], ['this', 318, 393, 337, 402, 96],
    ]))[0]!;
    expect(row.text).toBe('Plaintiff demands trial by jury a in this');
  });

  it('drops an unsure bar taller than the letters (a piece of a rule), and keeps a footer\'s bar', () => {
    expect(pageRows(page([['Service', 308, 480, 363, 489, 96], ['Detail', 374, 481, 429, 490, 96], ['|', 426, 478, 431, 494, 43], ['Report', 436, 481, 480, 490, 96]]))[0]!.text)
      .toBe('Service Detail Report');
    expect(pageRows(page([['26', 100, 700, 112, 709, 95], ['|', 116, 699, 118, 710, 95], ['COMPLAINT', 122, 700, 190, 709, 95]]))[0]!.text).toBe('26 | COMPLAINT');
  });
});

describe('pageRows: a line of nothing but specks', () => {
  it('is no row, however small the specks make its letters look', () => {
    const ws = [{ text: 'i', bbox: [190, 555, 190.8, 555.8] as Line['bbox'], confidence: 26 }, { text: ')', bbox: [452.5, 553.3, 453.2, 554] as Line['bbox'], confidence: 0 }];
    const page: PageText = { page: 4, width: 612, height: 792, source: 'ocr', confidence: 90, lines: [{ text: 'i )', bbox: [190, 553, 453, 556], words: ws }] };
    expect(pageRows(page).filter((r) => r.words.length > 0)).toEqual([]);
  });
});

describe('pageRows: a date whose ordinal is set superscript, read by OCR', () => {
  it('reads the mark OCR made of the ordinal after a day of the month as the ordinal', () => {
    const words = (list: string[]) => list.map((text, k) => ({ text, bbox: [100 + 40 * k, 300, 136 + 40 * k, 309] as Line['bbox'], confidence: 80 }));
    const row = (list: string[]) => pageRows({ page: 26, width: 612, height: 792, source: 'ocr', confidence: 90,
      lines: [{ text: list.join(' '), bbox: [100, 300, 140 + 40 * list.length, 309], words: words(list) }] })[0]!.text;
    expect(row(['CIVIL', 'SUIT', 'FILED', 'JAN', '25%', '2021'])).toBe('CIVIL SUIT FILED JAN 25th 2021');
    expect(row(['Damages', 'from', 'March', '6%', 'false', 'arrest'])).toBe('Damages from March 6th false arrest');
    expect(row(['on', 'June', '1°,', '2020'])).toBe('on June 1st, 2020');
    // (or as a quotation mark, the raised letters' tops: `25'"`, `6"`)
    expect(row(['FILED', 'JAN', '25\'"', '2021'])).toBe('FILED JAN 25th 2021');
    expect(row(['from', 'March', '6"', 'false', 'arrest'])).toBe('from March 6th false arrest');
    expect(row(['on', 'May', '2”', 'and'])).toBe('on May 2nd and');
    // the same in a scan's text layer another program's OCR made; not in a text layer as typed
    const layer = (scan: boolean) => pageRows({ page: 26, width: 612, height: 792, source: 'text-layer', confidence: 100, ...(scan ? { scan: true as const } : {}),
      lines: [{ text: 'JAN 25\'" 2021', bbox: [100, 300, 220, 309], words: words(['JAN', '25\'"', '2021']).map((w) => ({ ...w, confidence: 100 })) }] })[0]!.text;
    expect(layer(true)).toBe('JAN 25th 2021');
    expect(layer(false)).toBe('JAN 25\'" 2021');
    // a percentage is no date
    expect(row(['a', 'fee', 'of', '25%', 'of', 'damages'])).toBe('a fee of 25% of damages');
    expect(row(['the', 'fee', 'may', '25%', 'exceed'])).toBe('the fee may 25% exceed');
  });
});

describe('normWords: words as titles and headings are compared', () => {
  it('reads an ordinal as its number, so `March 6th` matches a heading read `March 6%` or `March 6`', () => {
    expect(normWords('Damages from March 6th false arrest')).toEqual(normWords('DAMAGES FROM MARCH 6% FALSE ARREST'));
    expect(normWords('the 21st day')).toEqual(['the', '21', 'day']);
  });
});

describe('pageRows: pieces of words OCR read again on a line of its own over the same row', () => {
  const line = (words: Array<[string, number, number, number, number]>): Line => {
    const ws = words.map(([text, x0, y0, x1, y1]) => ({ text, bbox: [x0, y0, x1, y1] as Line['bbox'], confidence: 90 }));
    return { text: ws.map((w) => w.text).join(' '), bbox: [ws[0]!.bbox[0], Math.min(...ws.map((w) => w.bbox[1])), ws.at(-1)!.bbox[2], Math.max(...ws.map((w) => w.bbox[3]))], words: ws };
  };
  const page = (source: PageText['source']): PageText => ({ page: 2, width: 612, height: 792, source, confidence: 90, lines: [
    line([['(', 103, 282, 105, 292], ['y', 141, 285, 146, 292], ['liabil', 169, 292, 170, 293]]),
    line([['1)', 107, 283, 110, 289], ['Party', 122, 283, 141, 290], ['liability', 150, 283, 183, 292], ['5', 536, 284, 540, 291]]),
  ] });

  it('drops `y` ending where `Party` ends and `liabil` inside `liability`, keeping the bracket, whichever line comes first', () => {
    expect(pageRows(page('ocr'))[0]!.text).toBe('( 1) Party liability 5');
    const swapped = page('ocr');
    swapped.lines.reverse();
    expect(pageRows(swapped)[0]!.text).toBe('( 1) Party liability 5');
  });

  it('keeps every word of a text layer', () => {
    expect(pageRows(page('text-layer'))[0]!.text).toBe('( 1) Party y liability liabil 5');
  });
});

describe('pageRows: a possessive whose apostrophe OCR lost', () => {
  const row = (words: Array<[string, number, number, number]>, source: PageText['source'] = 'ocr'): PageText => {
    const ws = words.map(([text, x0, x1, confidence]) => ({ text, bbox: [x0, 684, x1, 693] as Line['bbox'], confidence }));
    return { page: 5, width: 612, height: 792, source, confidence: 90, lines: [{ text: ws.map((w) => w.text).join(' '), bbox: [ws[0]!.bbox[0], 684, ws.at(-1)!.bbox[2], 693], words: ws }] };
  };

  it('joins an `s` boxed over the end of the word before to it (`COPA` `s` → COPA’s); an `s` set apart stays a word', () => {
    expect(pageRows(row([['COPA', 86, 126, 16], ['s', 118, 125, 16], ['application', 130, 182, 96]]))[0]!.text).toBe('COPA’s application');
    expect(pageRows(row([['Schedule', 86, 126, 96], ['s', 131, 136, 90], ['application', 140, 192, 96]]))[0]!.text).toBe('Schedule s application');
  });
});

describe('pageRows: a word OCR was unsure of ending a short line', () => {
  const row = (words: Array<[string, number, number, number]>): PageText => {
    const ws = words.map(([text, x0, x1, confidence]) => ({ text, bbox: [x0, 234, x1, 243] as Line['bbox'], confidence }));
    return { page: 2, width: 612, height: 792, source: 'ocr', confidence: 90, lines: [{ text: ws.map((w) => w.text).join(' '), bbox: [ws[0]!.bbox[0], 234, ws.at(-1)!.bbox[2], 243], words: ws }] };
  };

  it('keeps it as the title\'s (`regarding Jodi O\'Malley).`); a run read from a leader out to the page column goes', () => {
    expect(pageRows(row([['regarding', 71, 112, 96], ['Jodi', 116, 133, 96], ["O'Malley).", 137, 180, 10]]))[0]!.text).toBe("regarding Jodi O'Malley).");
    expect(pageRows(row([['Statement', 71, 130, 96], ['of', 134, 145, 96], ['Facts', 149, 180, 96], ['eee', 190, 380, 12], ['ete', 384, 530, 10]]))[0]!.text).toBe('Statement of Facts');
  });
});
