import type { ItemType } from '../../types.ts';
import type { Row } from '../../page-model/rows.ts';

/** Rows that name an index (`INDEX`, `TABLE OF CONTENTS`, `TABLE OF AUTHORITIES`) or head its table's columns. */

export type IndexHeading = ItemType | 'index' | 'toc' | 'stop';

const HEADER_WORDS = new Set(['tabno', 'tab', 'tabs', 'no', 'nos', 'number', 'date', 'dated', 'nature', 'of', 'the', 'document', 'documents', 'description', 'page', 'pages', 'exhibit', 'exhibits', 'item', 'items', 'title', 'volume', 'vol', 'pg', 'particulars', 'doc', 'ref', 'reference', 'schedule', 'appendix', 'name', 'filed', 'by']);

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

/** A table's header row (`Tab No. | Date | Nature of Document`): header words, no digits. */
export function isHeader(row: Row): boolean {
  if (/\d/.test(row.text)) return false;
  const words = row.text.toLowerCase().split(/[^a-z#]+/).filter((w) => w.length > 0);
  if (words.length < 2 || words.length > 12) return false;
  const hits = words.filter((w) => HEADER_WORDS.has(w) || w === '#').length;
  // OCR glues and garbles header words (`TabNo.`): most words, not all, must be header words.
  return hits >= Math.max(2, Math.ceil(0.75 * words.length)) && /\b(date|document|description|page|nature|title|particulars)\b/i.test(row.text);
}

/**
 * The row as a heading naming an index or as a table's header, or null. A lone word (`Index`, `exhibits`) is a
 * heading only in capitals or near the top of the page: elsewhere it is the end of a wrapped description (the
 * same with a page number after it, `exhibits  40`: the last line of `…, with exhibits`).
 */
export function headingOrHeader(row: Row): { heading: IndexHeading } | { header: true } | null {
  const caps = row.text.replace(/l/g, 'I');
  const words1 = row.words.length === 1 || (row.words.length === 2 && row.words[1]!.breakBefore && /^\d{1,4}$/.test(row.words[1]!.text));
  const lone = words1 && caps !== caps.toUpperCase() && (row.bbox[1] > 200 || /^[a-z]/.test(row.text));
  if (row.words.length <= 12 && !row.leader && !lone) {
    const heading = indexHeading(row.text);
    if (heading) return { heading };
    if (isHeader(row)) return { header: true };
  }
  return null;
}
