import { parseLabel } from './labels.ts';
import type { ParsedRow } from './parse-row.ts';
import { type Row, type Token, rowCells, rowFromTokens } from '../page-model/rows.ts';

/**
 * Tables whose cells are centred vertically (a common word-processor setting): the label of a row with
 * a description wrapped over several lines stands beside the middle of it, below the description's
 * first line. Read top to bottom, that first line would end the item above and the label would open
 * an item with only the rest of its text.
 *
 * Such a label is moved up to the first line of its table row: the lines packed tightly above it that
 * leave the label column empty, up to a gap clearly wider than the gaps inside the packed lines.
 */
export function liftCentredLabels(rows: Row[], parse: (r: Row) => ParsedRow): Row[] {
  const out = [...rows];
  for (let i = 1; i < out.length; i++) {
    const row = out[i]!;
    const p = parse(row);
    // A label alone on its line (`11`) is no index row by itself, but may be one beside a centred description.
    const lone = row.words.length === 1 && parseLabel(row.words[0]!.text, { ocr: row.words[0]!.confidence < 100 }).length > 0;
    if (p.labels.length === 0 && !lone) continue;
    const cell = rowCells(row)[0]!;
    // The label stands alone in its cell (`11`, `Tab 11`).
    if (cell.length > 3 || (!p.bare && p.desc[0] && cell.includes(p.desc[0]))) continue;
    const labelRight = Math.max(...cell.map((t) => t.bbox[2]));
    const size = Math.max(row.size, 1);
    // Where the row's other cells start (the label line's own cells, or the line packed under it).
    const below = out[i + 1];
    const under = below && below.bbox[1] - row.bbox[3] <= 0.5 * size ? below.words : [];
    const rest0 = row.words.filter((w) => !cell.includes(w));
    const starts = [...rest0, ...under].filter((w, k, all) => k === 0 || w.breakBefore || all[k - 1]!.bbox[1] !== w.bbox[1]).map((w) => w.bbox[0]);
    const inColumns = (r: Row) => starts.some((x) => Math.abs(x - r.bbox[0]) <= 3) && Math.abs(r.size - row.size) <= 0.15 * size;
    let top = i;
    let inside = -Infinity;
    while (top > 0) {
      const above = out[top - 1]!;
      const gap = out[top]!.bbox[1] - above.bbox[3];
      if (gap > 0.5 * size || above.page !== row.page) break;
      if (above.bbox[0] < labelRight + 4 || !inColumns(above) || parse(above).labels.length > 0) break;
      inside = Math.max(inside, gap);
      top--;
    }
    if (top === i) continue;
    const before = out[top - 1];
    const gapBefore = before ? out[top]!.bbox[1] - before.bbox[3] : Infinity;
    if (!(gapBefore > Math.max(inside, 0) + 0.3 * size)) continue;
    const first = out[top]!;
    // The label takes the first line's height, so it opens the table row there.
    const lifted: Token[] = cell.map((t) => ({ ...t, bbox: [t.bbox[0], first.bbox[1], t.bbox[2], first.bbox[3]] }));
    const firstWords = first.words.map((w, k) => (k === 0 ? { ...w, breakBefore: true } : w));
    out[top] = rowFromTokens(row.page, [...lifted, ...firstWords], first.size, first.leader || row.leader);
    const rest = row.words.filter((w) => !cell.includes(w));
    if (rest.length > 0) out[i] = rowFromTokens(row.page, rest, row.size, row.leader);
    else {
      out.splice(i, 1);
      i--;
    }
  }
  return out;
}
