import type { BBox } from '../types.ts';
import { parseRow, type ParsedRow } from './parse-row.ts';
import type { Token } from '../page-model/rows.ts';

/**
 * Multi-volume records indexed `Vol. | Tab | Document | Page`: the volume cell comes first on every row,
 * so the tab number is the second cell. Without this the volume (1, 1, 1, 2 …) is read as the label.
 */

/** Where the tab column starts, when a header row opens with a volume cell followed by a tab cell. */
export function volumeColumnEnd(headerCells: Token[][]): number | null {
  const head = headerCells.map((c) => c.map((t) => t.text).join(' ').toLowerCase());
  if (!/^vol(ume)?\.?$/.test(head[0] ?? '') || !/^tab/.test(head[1] ?? '')) return null;
  return headerCells[1]![0]!.bbox[0] - 4;
}

/** The row read without its volume cell (`1 | 3 | Affidavit …` is tab 3), or the row as parsed. */
export function withoutVolume(pr: ParsedRow, volumeEnd: number | null): ParsedRow {
  const words = pr.row.words;
  if (volumeEnd === null || pr.header || pr.heading || words.length < 3) return pr;
  if (words[0]!.bbox[2] >= volumeEnd || !/^[0-9IVXivx]{1,4}\.?$/.test(words[0]!.text)) return pr;
  const rest = words.slice(1);
  const bbox: BBox = [rest[0]!.bbox[0], pr.row.bbox[1], pr.row.bbox[2], pr.row.bbox[3]];
  return parseRow({ ...pr.row, words: rest, text: rest.map((t) => t.text).join(' '), bbox }, { ocr: rest.some((t) => t.confidence < 100) });
}
