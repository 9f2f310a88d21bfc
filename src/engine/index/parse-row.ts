import type { ItemType } from '../types.ts';
import type { Label } from './labels.ts';
import type { Row, Token } from '../page-model/rows.ts';
import { unglueRef } from './parse-row/glued-page-numbers.ts';
import { spacedRef } from './parse-row/spaced-page-numbers.ts';
import { headingOrHeader, type IndexHeading } from './parse-row/row-headings.ts';
import { leadingMarks } from './parse-row/leading-marks.ts';
import { rowLabel } from './parse-row/row-label.ts';
import { takePageReference } from './parse-row/page-reference.ts';
import { dateAndDescription } from './parse-row/dates.ts';

export type { IndexHeading } from './parse-row/row-headings.ts';

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

/**
 * Reads one row: keyword, label, description, date, page reference. The steps, in order (each in
 * `parse-row/`): a page number glued to the title, or typed after a few spaces, set apart; a heading naming an index or a table header;
 * the marks before the first word; the keyword and label; the page reference at the end; the date cell and
 * the description.
 */
export function parseRow(input: Row, opts: { ocr: boolean; light?: boolean; entry?: boolean }): ParsedRow {
  const row = spacedRef(unglueRef(input));
  const base: ParsedRow = {
    row, keyword: null, labels: [], labelX: row.bbox[0], descX: row.bbox[0], desc: [], header: false, heading: null, bare: false,
  };
  if (row.words.length === 0) return base;
  // (`entry`: the row is read as an entry, whatever it names: `LIST OF EXHIBITS    45` in a contents list)
  const named = opts.entry ? null : headingOrHeader(row);
  if (named) return { ...base, ...named };

  const marks = leadingMarks(row.words, opts.ocr);
  const words = marks.words;
  if (words.length === 0) return base;
  if (marks.separator) return { ...base, row: { ...row, words: [marks.separator], text: marks.separator.text, bbox: marks.separator.bbox } };
  const labelX = marks.bulletX ?? words[0]!.bbox[0];
  const { keyword, labels, consumed } = rowLabel(words, row, { ocr: opts.ocr, quotedFirst: marks.quotedFirst });
  const lastWord = words[words.length - 1]!;
  const setApart = lastWord.breakBefore && /^\d{1,4}$/.test(lastWord.text);
  // (a light reading wants only rows that look like entries)
  if (opts.light && labels.length === 0 && !row.leader && !setApart) return base;
  const rest = words.slice(consumed);
  if (labels.length > 0 && rest.length === 0) return { ...base, keyword, labels, labelX, bare: true };

  const { pageRef, refTokens } = takePageReference(rest, row, labels.length > 0, opts.ocr);
  const { date, dateCol, desc } = dateAndDescription(row, rest);
  if (desc.length === 0) {
    return { ...base, keyword, labels, labelX, pageRef, refTokens, date, dateCol, bare: labels.length > 0 && pageRef === undefined && !date };
  }
  return {
    ...base, keyword, labels, labelX, descX: desc[0]!.bbox[0], desc, pageRef, refTokens, date, dateCol,
  };
}
