import { keywordType, parseLabel } from './labels.ts';
import { type ParsedRow, parseRow } from './parse-row.ts';
import { type Row, type Token, rowCells, rowFromTokens, unionBox } from '../page-model/rows.ts';

/**
 * A label column too narrow for `Tab 10` wraps it: `Tab` on the row's first line and `10` under it.
 * The label is moved up beside its keyword, so the first line reads `Tab 10 | date | description`
 * as in a wider table.
 */
export function joinWrappedLabels(rows: Row[], ocr: boolean): Row[] {
  const out = [...rows];
  for (let i = 0; i + 1 < out.length; i++) {
    const row = out[i]!;
    const first = row.words[0];
    if (!first || !keywordType(first.text) || keywordType(first.text) === 'section') continue;
    // A table's header row (`TAB | DOCUMENT | PAGE`) keeps its place above the first row.
    if (parseRow(row, { ocr, light: true }).header) continue;
    // The keyword stands alone in its cell: the next word (if any) is set apart by a column gap.
    if (row.words.length > 1 && !row.words[1]!.breakBefore) continue;
    const below = out[i + 1]!;
    const label = below.words[0];
    if (!label || below.page !== row.page) continue;
    const gap = below.bbox[1] - row.bbox[3];
    if (gap > 0.6 * Math.max(row.size, 1) || Math.abs(label.bbox[0] - first.bbox[0]) > 3) continue;
    if (below.words.length > 1 && !below.words[1]!.breakBefore) continue;
    if (/^(no|nos|number)\.?$/i.test(label.text) || parseLabel(label.text, { ocr }).length === 0) continue;
    const moved: Token = { ...label, breakBefore: false, bbox: [first.bbox[2] + 0.25 * row.size, first.bbox[1], first.bbox[2] + 0.25 * row.size + (label.bbox[2] - label.bbox[0]), first.bbox[3]] };
    out[i] = rowFromTokens(row.page, [first, moved, ...row.words.slice(1)], row.size, row.leader);
    const rest = below.words.slice(1);
    if (rest.length > 0) out[i + 1] = rowFromTokens(below.page, rest, below.size, below.leader);
    else out.splice(i + 1, 1);
  }
  return out;
}

/**
 * Entries whose label stands on a line of its own (`TAB 3`) with the description under it: the label
 * is read as the start of the description's first line, so that line opens the item.
 */
export function joinStackedLabels(rows: Row[], parse: (r: Row) => ParsedRow): Row[] {
  const out = [...rows];
  for (let i = 0; i + 1 < out.length; i++) {
    const row = out[i]!;
    const p = parse(row);
    if (!p.bare || p.keyword === null || p.keyword === 'section' || row.words.length > 3) continue;
    const below = out[i + 1]!;
    if (below.page !== row.page || below.words.length === 0) continue;
    const gap = below.bbox[1] - row.bbox[3];
    if (gap < -0.3 * row.size || gap > 0.8 * Math.max(row.size, below.size) || below.bbox[0] < row.bbox[0] - 2) continue;
    const q = parse(below);
    if (q.labels.length > 0 || q.heading || q.header) continue;
    const dy = below.bbox[1] - row.bbox[1];
    const lifted: Token[] = row.words.map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] + dy, w.bbox[2], w.bbox[3] + dy] }));
    const desc = below.words.map((w, k) => (k === 0 ? { ...w, breakBefore: true } : w));
    out[i] = rowFromTokens(row.page, [...lifted, ...desc], below.size, below.leader);
    out.splice(i + 1, 1);
  }
  return out;
}

const LABEL_HEADER = /^(tab|tabs|tab no\.?|no\.?|exhibit|exhibit no\.?|schedule|appendix)$/i;

/** A label column found under a table header: its x range and where the table's first column starts. */
export interface LabelColumn {
  range: [number, number];
  labelX: number;
}

/**
 * A table whose label column is not the first (`Authority | Tab`, `Document | Tab | Page`): each row's
 * label, read under that column's header, is moved to the front of the row, where index rows carry it.
 * `carried` is the column of the page before when its table ran on to this page without repeating its
 * header; the column returned is this page's, when its table ran to the page's end.
 */
export function labelsFromLaterColumn(rows: Row[], ocr: boolean, carried: LabelColumn | null = null): { rows: Row[]; column: LabelColumn | null } {
  const out = [...rows];
  let column: LabelColumn | null = carried;
  let last = -1;
  for (let i = 0; i < out.length; i++) {
    const row = out[i]!;
    const cells = rowCells(row);
    const texts = cells.map((c) => c.map((t) => t.text).join(' '));
    if (cells.length >= 2 && !/\d/.test(row.text) && row.words.length <= 10) {
      const at = texts.findIndex((t, k) => k > 0 && LABEL_HEADER.test(t));
      // A volume column before the tab column (`Vol. | Tab | Document`) is read as such elsewhere.
      if (at > 0 && !LABEL_HEADER.test(texts[0]!) && !/^vol(ume)?\.?$/i.test(texts[0]!)) {
        const c = cells[at]!;
        column = { range: [c[0]!.bbox[0] - 25, c[c.length - 1]!.bbox[2] + 25], labelX: cells[0]![0]!.bbox[0] };
        continue;
      }
    }
    if (!column || cells.length < 2) continue;
    const range = column.range;
    const k = cells.findIndex((c, n) => n > 0 && c.length === 1 && c[0]!.bbox[0] >= range[0] && c[0]!.bbox[2] <= range[1]);
    const label = k > 0 ? cells[k]![0]! : null;
    if (!label || parseLabel(label.text, { ocr }).length === 0) continue;
    const width = label.bbox[2] - label.bbox[0];
    const x0 = Math.min(column.labelX, row.bbox[0]) - 24;
    const moved: Token = { ...label, breakBefore: false, bbox: [x0, label.bbox[1], x0 + width, label.bbox[3]] };
    const rest = row.words.filter((w) => w !== label).map((w, n) => (n === 0 ? { ...w, breakBefore: true } : w));
    const movedRow = rowFromTokens(row.page, [moved, ...rest], row.size, row.leader);
    // The row's box still covers the label where it is printed (the link goes over the whole row).
    out[i] = { ...movedRow, bbox: unionBox(movedRow.bbox, row.bbox) };
    last = i;
  }
  // The table ran to the end of the page when no more than a couple of rows (a wrapped line, a note) follow its last label.
  const runsOn = column !== null && last >= 0 && out.length - 1 - last <= 2;
  return { rows: out, column: runsOn ? column : null };
}
