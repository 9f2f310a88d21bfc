import type { ItemType } from '../../types.ts';
import { keywordType, parseLabel, splitGluedKeyword, type Label } from '../labels.ts';
import type { Row, Token } from '../../page-model/rows.ts';

/**
 * The label that opens a row: after a keyword (`Tab 7`, `Exhibit No. 3`, glued `TAB4`), or bare when it looks
 * like one (`12.`, `IV.`, `5(a)`, a word set apart from the text by a column gap).
 */

export interface RowLabel {
  keyword: ItemType | null;
  /** Readings of the label; empty when the row has none. */
  labels: Label[];
  /** How many of the row's words the keyword and label take. */
  consumed: number;
}

/** A roman numeral set before a title in capitals without a stop (`II BACKGROUND`), in a row that ends in a page number. */
export function bareRoman(words: Token[], row: Row, ocr: boolean): boolean {
  const next = words[1]?.text.replace(/[^A-Za-z]/g, '') ?? '';
  const heading = next.length >= 3 && next === next.toUpperCase();
  // read by OCR: an I read as l (`Ill`), or the stop drawn into the last I's stem (`VIL` for `VII.`: no word ends so)
  const first = ocr ? words[0]!.text.replace(/l/g, 'I') : words[0]!.text;
  if (ocr && /^[IVX]{1,4}L$/.test(first) && heading) return true;
  return /^[IVX]{1,5}$/.test(first) && heading && row.leader && /^\d{1,4}$/.test(words[words.length - 1]!.text);
}

/** Keywords long enough that one letter misread still names them. */
const LONG_KEYWORDS = ['part', 'exhibit', 'schedule', 'appendix', 'section'];

/**
 * A keyword read by OCR with one letter wrong (`Parr II` for PART II, `Exhibil 4`): a word of its length and first
 * letter that differs from it in one letter only. It counts only where a label follows (see `rowLabel`).
 */
export function misreadKeyword(word: string): ItemType | null {
  const w = word.toLowerCase().replace(/[.:]+$/, '');
  for (const k of LONG_KEYWORDS) {
    if (w.length !== k.length || w[0] !== k[0]) continue;
    let diff = 0;
    for (let i = 1; i < k.length; i++) if (w[i] !== k[i]) diff++;
    if (diff === 1) return keywordType(k);
  }
  return null;
}

/** Reads the keyword and label at the start of `words` (the row's words without their leading marks). */
export function rowLabel(words: Token[], row: Row, opts: { ocr: boolean; quotedFirst: boolean }): RowLabel {
  let keyword: ItemType | null = null;
  let labels: Label[] = [];
  let consumed = 0;
  const first = words[0]!.text;
  const kw = keywordType(first) ?? (opts.ocr ? misreadKeyword(first) : null);
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
    const ls = parseLabel(opts.quotedFirst ? `"${first}` : first, { ocr: opts.ocr });
    // A bare label must look like one: '12', '12.', 'A.', 'IV.', '5(a)', '(a)'; a plain word like 'I' or 'A'
    // opening a sentence is only a label when set apart from the text (a column gap or trailing dot).
    const marked = /[.):]$/.test(first) || /^\d/.test(first) || (words[1]?.breakBefore ?? false) || first.startsWith('(') || bareRoman(words, row, opts.ocr);
    if (ls.length > 0 && marked && words.length >= 2) {
      labels = ls;
      consumed = 1;
    }
  }
  // A number and a stop opening the last line of a wrapped title (`22. ........ 17`, the end of `… after July`)
  // is the title's text: a label is never followed by nothing but a page number.
  if (labels.length > 0 && keyword === null && words.length === 2 && row.leader && words[1]!.breakBefore && /^\d{1,4}$/.test(words[1]!.text)) {
    labels = [];
    consumed = 0;
  }
  return { keyword, labels, consumed };
}
