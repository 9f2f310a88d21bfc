import type { PageSpec, RowSpec } from '../page-model/make-page-text.ts';
import { makePage } from '../page-model/make-page-text.ts';
import { pageRows, type Row } from '../page-model/rows.ts';
import { parseRow, type ParsedRow } from './parse-row.ts';

/**
 * Rows of an index page built from plain text (`make-page-text.ts`), as the steps of row parsing and item
 * assembly receive them: for tests that exercise one step on a few rows.
 */

/** The visual rows of a page made of these rows. */
export function rowsOf(rows: Array<string | RowSpec>, opts: Omit<PageSpec, 'rows'> & { page?: number } = {}): Row[] {
  const { page = 1, ...spec } = opts;
  return pageRows(makePage(page, { ...spec, rows }));
}

/** The one visual row of a page made of this row. */
export function rowOf(row: string | RowSpec, opts: Omit<PageSpec, 'rows'> & { page?: number } = {}): Row {
  return rowsOf([row], opts)[0]!;
}

/** The parsed rows of a page made of these rows. */
export function parsedRowsOf(rows: Array<string | RowSpec>, opts: Omit<PageSpec, 'rows'> & { page?: number } = {}): ParsedRow[] {
  return rowsOf(rows, opts).map((r) => parseRow(r, { ocr: opts.source === 'ocr' }));
}
