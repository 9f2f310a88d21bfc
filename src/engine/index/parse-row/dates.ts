import { MONTH, rowCells, type Row, type Token } from '../../page-model/rows.ts';

/** Dates in an index row: a cell that is only a date is the item's date; a date inside the description stays in it. */

const DATE_SRC = `(?:${MONTH}\\s+\\d{1,2}(?:,\\s*|\\s+)\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}|${MONTH}\\s+\\d{4})`;
const DATE_FULL = new RegExp(`^${DATE_SRC}$`, 'i');
const DATE_ANY = new RegExp(DATE_SRC, 'i');

/**
 * A date cell's text as its date: without the comma or semicolon after it, nor a mark OCR read in a
 * speck before it (`"December 10, 2019`, `‘September 25,2021`: OCR also drops the space after the comma).
 */
const dateCellText = (text: string) => text.trim().replace(/^["'‘’“”`·.,]+(?=\p{L})/u, '').replace(/[,;]$/, '');

export function isDateText(text: string): boolean {
  return DATE_FULL.test(dateCellText(text));
}

/** The first date written in a text (`sworn May 3, 2021`), or undefined. */
export function findDate(text: string): string | undefined {
  return DATE_ANY.exec(text)?.[0];
}

export interface DateAndDescription {
  date?: string;
  /** Column of the date cell, when the date stands in its own column. */
  dateCol?: [number, number];
  /** The description's words: every cell but the date's, without a dash or colon after the label. */
  desc: Token[];
}

/** Splits the row's words after its label and page reference (`rest`) into its date cell and its description. */
export function dateAndDescription(row: Row, rest: Token[]): DateAndDescription {
  let date: string | undefined;
  let dateCol: [number, number] | undefined;
  const cells = rowCells({ ...row, words: rest, text: '' });
  const desc: Token[] = [];
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c]!;
    const text = cell.map((t) => t.text).join(' ');
    if (!date && cells.length > 1 && DATE_FULL.test(dateCellText(text))) {
      date = dateCellText(text);
      dateCol = [cell[0]!.bbox[0], cell[cell.length - 1]!.bbox[2]];
      continue;
    }
    desc.push(...cell);
  }
  // A dash or colon between the label and the title (`PART I – OVERVIEW`) is not part of the title.
  while (desc.length > 1 && /^[-–—:]+$/.test(desc[0]!.text)) desc.shift();
  // (a date written inside the description is the item's date too, the words staying in it)
  if (!date && desc.length > 0) date = findDate(desc.map((t) => t.text).join(' '));
  return { date, dateCol, desc };
}
