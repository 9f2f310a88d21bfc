import type { ItemType } from '../types.ts';
import { keywordType, parseLabel, splitGluedKeyword, type Label } from './labels.ts';
import { MONTH, MONTH_NAME, rowCells, type Row, type Token } from '../page-model/rows.ts';

/** What one row of a candidate index page says. */
export interface ParsedRow {
  row: Row;
  /** Item type named on the row (`Tab 3`, `Exhibit "A"`), when there is one. */
  keyword: ItemType | null;
  /** Readings of the label that opens the row; empty when the row has none. */
  labels: Label[];
  /** Left edge of the label and of the description. */
  labelX: number;
  descX: number;
  /** Description words (label, date cell and page reference taken out). */
  desc: Token[];
  pageRef?: string;
  date?: string;
  /** Words that make up the page reference (`p.`, `12`). */
  refTokens?: Token[];
  /** Column of the date cell, when the date stands in its own column. */
  dateCol?: [number, number];
  /** A table header (`Tab No. | Date | Nature of Document`). */
  header: boolean;
  /**
   * A heading naming an index (`INDEX`, `INDEX OF EXHIBITS` → its item type, `TABLE OF CONTENTS` → 'toc'),
   * or 'stop' for a list that is not an index of the brief (`TABLE OF AUTHORITIES`).
   */
  heading: IndexHeading | null;
  /** Only a keyword and a label, nothing else (`TAB 7`): a divider, not an index row. */
  bare: boolean;
}

const DATE_SRC = `(?:${MONTH}\\s+\\d{1,2}(?:,\\s*|\\s+)\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}|${MONTH}\\s+\\d{4})`;
const DATE_FULL = new RegExp(`^${DATE_SRC}$`, 'i');
const DATE_ANY = new RegExp(DATE_SRC, 'i');
/**
 * A date cell's text as its date: without the comma or semicolon after it, nor a mark OCR read in a
 * speck before it (`"December 10, 2019`, `‘September 25,2021`: OCR also drops the space after the comma).
 */
const dateCellText = (text: string) => text.trim().replace(/^["'‘’“”`·.,]+(?=\p{L})/u, '').replace(/[,;]$/, '');

/** A separator of dashes or rules around an `oOo` (OCR reads the O's as zeros): `--oOo--`, `———`. */
export const ORNAMENT = /^[-–—=_*~]{2,}[oO0]*[-–—=_*~]*$|^[-–—=_*~]*[oO0]*[-–—=_*~]{2,}$/;

/** Marks OCR reads in a speck after a row's last word (`… 3 .`, `SERVICE.97 |`, the edge of a rule `… 12 }`). */
const TRAILING_SPECK = /^[.,:;'‘’`•·|}\]]+$/;

const HEADER_WORDS = new Set(['tabno', 'tab', 'tabs', 'no', 'nos', 'number', 'date', 'dated', 'nature', 'of', 'the', 'document', 'documents', 'description', 'page', 'pages', 'exhibit', 'exhibits', 'item', 'items', 'title', 'volume', 'vol', 'pg', 'particulars', 'doc', 'ref', 'reference', 'schedule', 'appendix', 'name', 'filed', 'by']);

export type IndexHeading = ItemType | 'index' | 'toc' | 'stop';

const HEADINGS: Array<[RegExp, IndexHeading]> = [
  [/^(table|index|list) of (authorities|cases|statutes)\b|^authorities (cited|relied)/, 'stop'],
  [/^(table of contents|contents)\b/, 'toc'],
  [/^(index|list|schedule) of (exhibits?|tabs)\b|^exhibit list$|^(?:(?:numerical|chronological|alphabetical) )?exhibits? index$/, 'exhibit'],
  [/^(index|list) of (schedules)\b/, 'schedule'],
  [/^(index|list) of (appendices)\b/, 'appendix'],
  [/^(index|index of documents|index to|list of documents|document index|index of the|record index)\b/, 'index'],
];

/** Heading that names an index, or null. */
export function indexHeading(text: string): IndexHeading | null {
  let t = text.toLowerCase();
  // Letter-spaced titles (`I N D E X`) and OCR readings of them (`lNDEX`, `C0NTENTS`).
  if (/^(\S ){2,}\S$/.test(t.trim())) t = t.replace(/ /g, '');
  t = t.replace(/\b[l1|!]nde[xk]\b/g, 'index').replace(/\bc[o0]ntents\b/g, 'contents').replace(/\btab[l1]e\b/g, 'table');
  t = t.replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
  // a speck or a line number OCR read before the heading (`l TABLE OF CONTENTS`)
  t = t.replace(/^[a-z]{1,2} (?=(table of contents|contents|index)\b)/, '');
  if (t.length === 0 || t.length > 90) return null;
  for (const [re, kind] of HEADINGS) {
    if (re.test(t)) {
      if (kind === 'exhibit' && /^list of exhibits/.test(t) && t.split(' ').length > 8) return null;
      return kind;
    }
  }
  if (/^(exhibits|tabs)$/.test(t)) return t === 'exhibits' ? 'exhibit' : 'tab';
  return null;
}

function isHeader(row: Row): boolean {
  if (/\d/.test(row.text)) return false;
  const words = row.text.toLowerCase().split(/[^a-z#]+/).filter((w) => w.length > 0);
  if (words.length < 2 || words.length > 12) return false;
  const hits = words.filter((w) => HEADER_WORDS.has(w) || w === '#').length;
  // OCR glues and garbles header words (`TabNo.`): most words, not all, must be header words.
  return hits >= Math.max(2, Math.ceil(0.75 * words.length)) && /\b(date|document|description|page|nature|title|particulars)\b/i.test(row.text);
}

/**
 * A page number glued to the end of its entry with a single dot and no leader (`INTRODUCTION.14`,
 * `(ECF 36).30`): the row read with the number as its own word after a leader.
 */
function unglueRef(input: Row): Row {
  // (a speck OCR read after it, `SERVICE.97 |`, is nothing)
  let n = input.words.length;
  while (n > 2 && input.words[n - 1]!.confidence < 100 && TRAILING_SPECK.test(input.words[n - 1]!.text)) n--;
  const row = n < input.words.length ? { ...input, words: input.words.slice(0, n) } : input;
  const last = row.words[row.words.length - 1];
  // Two dots before a number set apart (`Merchantable.. 20`): a leader cut short. So is one dot glued to the
  // title with a space OCR read after it (`BACKGROUND. 16`, printed `BACKGROUND.16`), after a word of four
  // letters or more (`No. 12` is a title's number).
  const prev = row.words[row.words.length - 2];
  if (last && prev && !row.leader && /^\d{1,4}$/.test(last.text)) {
    const dots = /[A-Za-z)]\.{2}$/.test(prev.text) ? 2 : last.confidence < 100 && /(?:[A-Za-z]{4}|\))\.$/.test(prev.text) ? 1 : 0;
    // (or OCR lost the dot and boxed the number over the word's end: `COMPLIANCE 97`, printed `COMPLIANCE.97`)
    const touching = dots === 0 && last.confidence < 100 && last.bbox[0] < prev.bbox[2] && /[A-Za-z]{4}$/.test(prev.text);
    if (dots > 0 || touching) {
      const words: Token[] = [...row.words.slice(0, -2), { ...prev, text: dots > 0 ? prev.text.slice(0, -dots) : prev.text }, { ...last, breakBefore: true }];
      return { ...row, words, text: words.map((w) => w.text).join(' '), leader: true };
    }
    // A leader cut to two dots of its own after the title's full stop (`Poisonous Tree. .. 15`, the justified
    // line left no room for more).
    if (/^(?:\.{2}|…)$/.test(prev.text) && row.words.length >= 3) {
      const words: Token[] = [...row.words.slice(0, -2), { ...last, breakBefore: true }];
      return { ...row, words, text: words.map((w) => w.text).join(' '), leader: true };
    }
  }
  // (read by OCR, a speck read inside the number is nothing: `CONCLUSION.9%4`)
  // (or to a question's mark: `… their Garrity statements?1`)
  const m = last ? /^(.*(?:[A-Za-z]{2}|\)))([.?])(\d{1,4}|\d{1,3}[%'’*°^·:;]\d{1,3})$/.exec(last.text) : null;
  const digits = m?.[3]!.replace(/\D/g, '') ?? '';
  // (read by OCR, a leader read as garbage after it and dropped leaves the row marked as having one)
  if (!last || !m || (row.leader && last.confidence === 100) || digits.length > 4 || (digits !== m[3] && last.confidence === 100)) return input;
  const [x0, y0, x1, y1] = last.bbox;
  const split = x0 + ((x1 - x0) * (m[1]!.length + 1)) / last.text.length;
  const words: Token[] = [
    ...row.words.slice(0, -1),
    { ...last, text: m[2] === '?' ? `${m[1]!}?` : m[1]!, bbox: [x0, y0, split, y1] },
    { ...last, text: digits, bbox: [split, y0, x1, y1], breakBefore: true },
  ];
  return { ...row, words, text: words.map((w) => w.text).join(' '), leader: true };
}

/** A roman numeral set before a title in capitals without a stop (`II BACKGROUND`), in a row that ends in a page number. */
function bareRoman(words: Token[], row: Row, ocr: boolean): boolean {
  const next = words[1]?.text.replace(/[^A-Za-z]/g, '') ?? '';
  const heading = next.length >= 3 && next === next.toUpperCase();
  // read by OCR: an I read as l (`Ill`), or the stop drawn into the last I's stem (`VIL` for `VII.`: no word ends so)
  const first = ocr ? words[0]!.text.replace(/l/g, 'I') : words[0]!.text;
  if (ocr && /^[IVX]{1,4}L$/.test(first) && heading) return true;
  return /^[IVX]{1,5}$/.test(first) && heading && row.leader && /^\d{1,4}$/.test(words[words.length - 1]!.text);
}

/**
 * The box of a word without the speck OCR glued before it: the speck may stand well left of the word
 * (`"A.` boxed from the margin, its A indented under the I. above), so the word's own left edge is
 * estimated from the width of a letter in the row's other words. Never wider than the box read.
 */
function withoutLead(word: Token, text: string, others: readonly Token[]): Token['bbox'] {
  let chars = 0;
  let width = 0;
  for (const w of others) {
    if (w.text.length < 3) continue;
    chars += w.text.length;
    width += w.bbox[2] - w.bbox[0];
  }
  if (chars === 0) return word.bbox;
  const x0 = Math.max(word.bbox[0], word.bbox[2] - (width / chars) * text.length);
  return [x0, word.bbox[1], word.bbox[2], word.bbox[3]];
}

/** Reads one row: keyword, label, description, date, page reference. */
export function parseRow(input: Row, opts: { ocr: boolean; light?: boolean }): ParsedRow {
  const row = unglueRef(input);
  const base: ParsedRow = {
    row, keyword: null, labels: [], labelX: row.bbox[0], descX: row.bbox[0], desc: [], header: false, heading: null, bare: false,
  };
  if (row.words.length === 0) return base;
  // A lone word (`Index`, `exhibits`) is a heading only in capitals or near the top of the page:
  // elsewhere it is the end of a wrapped description.
  const caps = row.text.replace(/l/g, 'I');
  // The same with a page number after it (`exhibits  40`: the last line of `…, with exhibits`).
  const words1 = row.words.length === 1 || (row.words.length === 2 && row.words[1]!.breakBefore && /^\d{1,4}$/.test(row.words[1]!.text));
  const lone = words1 && caps !== caps.toUpperCase() && (row.bbox[1] > 200 || /^[a-z]/.test(row.text));
  if (row.words.length <= 12 && !row.leader && !lone) {
    const heading = indexHeading(row.text);
    if (heading) return { ...base, heading };
    if (isHeader(row)) return { ...base, header: true };
  }

  const words = [...row.words];
  let quotedFirst = false;
  // Table rules and specks read by OCR before the first word (`|`, `[`, `_`, a stray `’`) are not labels.
  if (opts.ocr) {
    // A lone `|` before a word that is no label is the label I itself (`|  2020-09-07  Endorsement …`).
    while (words.length > 1 && /^[|[\]{}_~•·—–‘’'"`´,.]+$/.test(words[0]!.text) &&
      !(words[0]!.text === '|' && words[1]!.breakBefore && !keywordType(words[1]!.text) && parseLabel(words[1]!.text, { ocr: true }).length === 0)) {
      words.shift();
    }
    // A quote or speck glued before the first word (`‘TAB4`), or a dash before a label (`-B.`).
    const lead = /^[‘’'"`´,.•·\-–—]+(?=[A-Za-z0-9])/.exec(words[0]!.text);
    const after = lead ? words[0]!.text.slice(lead[0].length) : '';
    if (lead && (!/[-–—]/.test(lead[0]) || (/[.)]$/.test(after) && parseLabel(after, { ocr: true }).length > 0))) {
      words[0] = { ...words[0]!, text: after, bbox: withoutLead(words[0]!, after, words.slice(1)) };
      // an opening quote tells an exhibit letter whose closing quote OCR read as a letter (`"Jr`)
      if (/["“”'‘’]/.test(lead[0])) quotedFirst = true;
    }
    // A speck read as a short word in the margin (`oe  2  December 26, …`): set apart from a label.
    const [a, b] = words;
    if (a && b && words.length >= 3 && a.text.length <= 3 && b.breakBefore && !keywordType(a.text) &&
        parseLabel(a.text, { ocr: false }).length === 0 && parseLabel(b.text, { ocr: true }).length > 0) {
      words.shift();
    }
  }
  // A list bullet before the row's first word (`•  Exhibit "A" – …`) is not part of it; the item still
  // begins at the bullet (its wrapped lines start under it).
  const bulletX = words[0]?.bbox[0];
  let bulleted = false;
  while (words.length > 1 && /^[•◦▪▫●○■□►▸‣⁃*]$/.test(words[0]!.text)) {
    words.shift();
    bulleted = true;
  }
  const bullet = /^[•◦▪●►▸‣](?=\S)/.exec(words[0]?.text ?? '');
  if (bullet && words[0]) {
    words[0] = { ...words[0], text: words[0].text.slice(bullet[0].length) };
    bulleted = true;
  }
  if (words.length === 0) return base;
  // A separator between an index's blocks (`--oOo--`, read `—-—00o0——`) with a speck OCR read as a letter
  // before it: no label, no entry; the row is the separator alone.
  if (opts.ocr && words.length === 2 && [...words[0]!.text].length === 1 && ORNAMENT.test(words[1]!.text)) {
    return { ...base, row: { ...row, words: [words[1]!], text: words[1]!.text, bbox: words[1]!.bbox } };
  }
  let keyword: ItemType | null = null;
  let labels: Label[] = [];
  let labelX = bulleted && bulletX !== undefined ? bulletX : words[0]!.bbox[0];
  let consumed = 0;

  const first = words[0]!.text;
  const kw = keywordType(first);
  const glued = kw ? null : splitGluedKeyword(first);
  if (kw && words.length >= 2) {
    let i = 1;
    if (/^(no\.?|#|number)$/i.test(words[i]!.text) && words.length > 2) i++;
    const ls = parseLabel(words[i]!.text, { ocr: opts.ocr });
    if (ls.length > 0) {
      keyword = kw;
      labels = ls;
      consumed = i + 1;
    }
  } else if (glued) {
    const ls = parseLabel(glued.rest, { ocr: true });
    if (ls.length > 0) {
      keyword = glued.keyword;
      labels = ls;
      consumed = 1;
    }
  }
  if (labels.length === 0) {
    const ls = parseLabel(quotedFirst ? `"${first}` : first, { ocr: opts.ocr });
    // A bare label must look like one: '12', '12.', 'A.', 'IV.', '5(a)', '(a)'; a plain word like 'I' or 'A'
    // opening a sentence is only a label when set apart from the text (a column gap or trailing dot).
    const marked = /[.):]$/.test(first) || /^\d/.test(first) || (words[1]?.breakBefore ?? false) || first.startsWith('(') || bareRoman(words, row, opts.ocr);
    if (ls.length > 0 && marked && words.length >= 2) {
      labels = ls;
      consumed = 1;
      labelX = bulleted && bulletX !== undefined ? bulletX : words[0]!.bbox[0];
    }
  }
  // A number and a stop opening the last line of a wrapped title (`22. ........ 17`, the end of `… after July`)
  // is the title's text: a label is never followed by nothing but a page number.
  if (labels.length > 0 && keyword === null && words.length === 2 && row.leader && words[1]!.breakBefore && /^\d{1,4}$/.test(words[1]!.text)) {
    labels = [];
    consumed = 0;
  }
  const lastWord = words[words.length - 1]!;
  const setApart = lastWord.breakBefore && /^\d{1,4}$/.test(lastWord.text);
  if (opts.light && labels.length === 0 && !row.leader && !setApart) return base;
  const rest = words.slice(consumed);
  if (labels.length > 0 && rest.length === 0) return { ...base, keyword, labels, labelX, bare: true };

  // Page reference: the last cell when it is a number set apart by a leader or a column gap.
  // A speck after the page number (`… 3 .`) hides it.
  // (or a bar, the edge of a rule: `… 12 |`, `… 10 }`)
  if (opts.ocr) while (rest.length > 2 && TRAILING_SPECK.test(rest[rest.length - 1]!.text)) rest.pop();
  // (or a speck out beyond it read as a letter or two, unsure: `… 1 i`)
  if (opts.ocr && rest.length > 2 && rest[rest.length - 1]!.confidence < 40 && [...rest[rest.length - 1]!.text].length <= 2 &&
      /^\d{1,4}$/.test(rest[rest.length - 2]!.text)) rest.pop();
  let pageRef: string | undefined;
  const refTokens: Token[] = [];
  const last = rest[rest.length - 1]!;
  // (a mark OCR read after the number, `31'`, is no part of it)
  // (nor a stop OCR read after it, `14.`)
  let refText = last.text.replace(/[,;]$/, '').replace(/(?<=\d)['’"`]+$/, '');
  if (opts.ocr) refText = refText.replace(/(?<=\d)\.$/, '');
  // OCR reads the digits of a page number after a leader as letters shaped like them (`ST` for 57).
  if (opts.ocr && row.leader && last.breakBefore && /^[\dIlOSZBT]{2,4}$/.test(refText) && /[SZBT]/.test(refText)) {
    refText = refText.replace(/S/g, '5').replace(/Z/g, '2').replace(/B/g, '8').replace(/T/g, '7');
  }
  const lastIsRef = /^\d{1,4}(?:\s*[-–]\s*\d{1,4})?$/.test(refText) || /^[A-Z]{1,2}-?\d{1,4}$/.test(refText) || /^\d{1,4}a$/.test(refText) || (opts.ocr && /^[\dIlLO|]{1,4}$/.test(refText) && (/\d/.test(refText) || row.leader)) || /^[ivxlc]{1,6}$/.test(refText);
  // The year of a date (`March 6, 2020`, `6 March 2020`, `March 2020`) is no page number, even after a leader.
  const before = (k: number) => rest[rest.length - 1 - k]?.text ?? '';
  const yearOfDate = /^(19|20)\d\d$/.test(refText) && !last.breakBefore &&
    (MONTH_NAME.test(before(1)) || (/^\d{1,2}(st|nd|rd|th)?,?$/.test(before(1)) && MONTH_NAME.test(before(2))));
  // `pp. 12–15` in its own column: the gap stands before the `pp.`, not before the number.
  const lead = rest.length >= 3 && /^(p|pp|pg|page|pages)\.?$/i.test(rest[rest.length - 2]!.text) ? rest[rest.length - 2]! : null;
  // A list of pages in the page column (`7, 114`): set apart before its first number.
  let listAt = rest.length - 1;
  while (listAt > 0 && /^\d{1,4},$/.test(rest[listAt - 1]!.text)) listAt--;
  // (OCR sets the words of typewriter text wide apart: the list's numbers are still nearer each other than
  // to the title)
  const gapAt = (k: number) => (k > 0 ? rest[k]!.bbox[0] - rest[k - 1]!.bbox[2] : 0);
  const tight = !last.breakBefore || (opts.ocr && gapAt(rest.length - 1) < 0.5 * gapAt(listAt));
  // (never a date: `September 19, 2017` set wide in a justified column)
  const listed = listAt < rest.length - 1 && /^\d{1,4}$/.test(refText) && rest[listAt]!.breakBefore && tight &&
    !MONTH_NAME.test(rest[listAt - 1]?.text ?? '') && !/^(19|20)\d\d$/.test(refText);
  if (rest.length >= (labels.length > 0 ? 2 : 1) && lastIsRef && !yearOfDate && ((last.breakBefore && apartFromWords(rest, opts.ocr)) || row.leader || (lead?.breakBefore ?? false) || listed)) {
    pageRef = /^[A-Z]{1,2}-?\d/.test(refText) ? refText : refText.replace(/[IlL|]/g, '1').replace(/O/g, '0').split(/[-–]/)[0]!.trim();
    refTokens.push(rest.pop()!);
    // A range written with spaces (`12 – 15`): the reference is where it starts.
    const n = rest.length;
    if (n >= 3 && /^[-–—]$/.test(rest[n - 1]!.text) && /^\d{1,4}$/.test(rest[n - 2]!.text) && /^\d/.test(pageRef)) {
      pageRef = rest[n - 2]!.text;
      refTokens.push(rest.pop()!, rest.pop()!);
    }
    // Several pages (`7, 114`: an examination resumed later): the entry starts at the first.
    // (not a date's day before a leader: `sworn May 3, ..... 4`, where the number itself stands apart)
    while (rest.length >= 2 && /^\d{1,4},$/.test(rest[rest.length - 1]!.text) && /^\d/.test(pageRef) && (listed || !refTokens[refTokens.length - 1]!.breakBefore)) {
      const t = rest.pop()!;
      pageRef = t.text.slice(0, -1);
      refTokens.push(t);
    }
    // `p. 12`, `page 12`: the word before the number belongs to the reference.
    if (rest.length >= 2 && /^(p|pp|pg|page)\.?$/i.test(rest[rest.length - 1]!.text)) refTokens.push(rest.pop()!);
  } else if (opts.ocr && ((row.leader && last.breakBefore && rest.length >= 2 && [...refText].length <= 3) || (row.endsInLeader && rest.length >= 1))) {
    // OCR lost the number after the leader (`..... Cn` for 11): the row still ends its entry there, at a
    // page the index does not tell (an empty reference: the heading places the entry)
    pageRef = '';
    if (!row.endsInLeader) refTokens.push(rest.pop()!);
  }

  // Date: a cell that is only a date comes out of the description; a date inside it stays.
  let date: string | undefined;
  let dateCol: [number, number] | undefined;
  const cells = rowCells({ ...row, words: rest, text: '' });
  const descTokens: Token[] = [];
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c]!;
    const text = cell.map((t) => t.text).join(' ');
    if (!date && cells.length > 1 && DATE_FULL.test(dateCellText(text))) {
      date = dateCellText(text);
      dateCol = [cell[0]!.bbox[0], cell[cell.length - 1]!.bbox[2]];
      continue;
    }
    descTokens.push(...cell);
  }
  // A dash or colon between the label and the title (`PART I – OVERVIEW`) is not part of the title.
  while (descTokens.length > 1 && /^[-–—:]+$/.test(descTokens[0]!.text)) descTokens.shift();
  if (descTokens.length === 0) {
    return { ...base, keyword, labels, labelX, pageRef, refTokens, date, dateCol, bare: labels.length > 0 && pageRef === undefined && !date };
  }
  if (!date) {
    const m = DATE_ANY.exec(descTokens.map((t) => t.text).join(' '));
    if (m) date = m[0];
  }
  return {
    ...base, keyword, labels, labelX, descX: descTokens[0]!.bbox[0], desc: descTokens, pageRef, refTokens, date, dateCol,
  };
}

/**
 * Whether a row's last word stands apart from the words before it as a page column does. On a page read by
 * OCR, typewriter text (a transcript's Courier) comes back with every word set wide apart: there a number
 * ending a line of prose (`… through page 130, line 1`) is set no wider from the word before it than the
 * row's other words are from each other, while a page number stands well beyond them.
 */
function apartFromWords(rest: Token[], ocr: boolean): boolean {
  const n = rest.length;
  if (!ocr || n < 4) return true;
  const gaps: number[] = [];
  for (let k = 1; k < n - 1; k++) gaps.push(rest[k]!.bbox[0] - rest[k - 1]!.bbox[2]);
  gaps.sort((a, b) => a - b);
  return rest[n - 1]!.bbox[0] - rest[n - 2]!.bbox[2] > 1.5 * gaps[gaps.length >> 1]!;
}

export function isDateText(text: string): boolean {
  return DATE_FULL.test(dateCellText(text));
}

/** The first date written in a text (`sworn May 3, 2021`), or undefined. */
export function findDate(text: string): string | undefined {
  return DATE_ANY.exec(text)?.[0];
}
