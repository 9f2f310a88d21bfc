import { keywordType, parseLabel } from '../labels.ts';
import type { Token } from '../../page-model/rows.ts';

/**
 * What stands before a row's first word and is no part of it: table rules and specks OCR reads in the margin,
 * a quote glued to a label, a list bullet; and a separator between blocks (`--oOo--`).
 */

/** A separator of dashes or rules around an `oOo` (OCR reads the O's as zeros): `--oOo--`, `———`. */
export const ORNAMENT = /^[-–—=_*~]{2,}[oO0]*[-–—=_*~]*$|^[-–—=_*~]*[oO0]*[-–—=_*~]{2,}$/;

export interface LeadingMarks {
  /** The row's words without the marks. */
  words: Token[];
  /** An opening quote stood before the first word (`"Jr`: an exhibit letter whose closing quote OCR read as a letter). */
  quotedFirst: boolean;
  /** Where the bullet stood, when the row opens with one: the item begins there (its wrapped lines start under it). */
  bulletX?: number;
  /** The row is a separator between an index's blocks, with a speck OCR read as a letter before it. */
  separator?: Token;
}

/**
 * The box of a word without the speck OCR glued before it: the speck may stand well left of the word
 * (`"A.` boxed from the margin, its A indented under the I. above), so the word's own left edge is
 * estimated from the width of a letter in the row's other words. Never wider than the box read.
 */
export function withoutLead(word: Token, text: string, others: readonly Token[]): Token['bbox'] {
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

/** Takes off the marks before a row's first word (OCR's specks and rules only on a page read by OCR). */
export function leadingMarks(rowWords: readonly Token[], ocr: boolean): LeadingMarks {
  const words = [...rowWords];
  let quotedFirst = false;
  // Table rules and specks read by OCR before the first word (`|`, `[`, `_`, a stray `’`) are not labels.
  if (ocr) {
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
    // A bracketed label read in two pieces (`( 1)`): one word, `(1)`
    if (words.length >= 3 && /^[([]$/.test(words[0]!.text) && /^[0-9A-Za-z]{1,4}\)$/.test(words[1]!.text)) {
      const [a, b] = [words[0]!, words[1]!];
      words.splice(0, 2, { ...a, text: `(${b.text}`, bbox: [a.bbox[0], Math.min(a.bbox[1], b.bbox[1]), b.bbox[2], Math.max(a.bbox[3], b.bbox[3])] });
    }
    // A label read as a bracket glued to the title's first word (`(The majority …` for `C. The majority …`,
    // no closing bracket after it): the bracket set apart, a mark where the label stands (see lost-labels.ts).
    const bracket = words.length >= 2 ? /^[([{]([A-Z][a-z]+)$/.exec(words[0]!.text) : null;
    if (bracket) {
      const w = words[0]!;
      const box = withoutLead(w, bracket[1]!, words.slice(1));
      words.splice(0, 1, { ...w, text: w.text[0]!, bbox: [w.bbox[0], w.bbox[1], box[0], w.bbox[3]] }, { ...w, text: bracket[1]!, bbox: box, breakBefore: true });
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
  const out: LeadingMarks = { words, quotedFirst, ...(bulleted && bulletX !== undefined ? { bulletX } : {}) };
  // A separator between an index's blocks (`--oOo--`, read `—-—00o0——`) with a speck OCR read as a letter
  // before it: no label, no entry; the row is the separator alone.
  if (ocr && words.length === 2 && [...words[0]!.text].length === 1 && ORNAMENT.test(words[1]!.text)) out.separator = words[1]!;
  return out;
}
