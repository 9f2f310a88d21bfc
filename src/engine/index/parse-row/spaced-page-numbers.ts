import type { Row, Token } from '../../page-model/rows.ts';

/**
 * A page number typed after a few spaces instead of a tab or a leader (a contents typed by hand: `PARTIES   10`,
 * `Problem on the Complaint in 21CV02575    4`): the row read with the number set apart, as in its own column.
 * The gap before it must be well wider than the row's gaps between words (two spaces at least), which a
 * justified line of prose never shows before its last word; the number is a page's (one to three digits, not
 * starting with 0). Only where the text layer gives the words' places as printed: OCR's word gaps say too
 * little for this.
 */
const OWN_NUMBER = /^(?:no\.?|nos?\.|§+|at|page|p\.|pp\.|pg\.?|rule|section|article|art\.|chapter|ch\.|volume|vol\.|tab|exhibit|count|claim|part|step|paragraph|para\.|line)$/i;

export function spacedRef(row: Row): Row {
  const n = row.words.length;
  if (n < 2 || row.leader) return row;
  const last = row.words[n - 1]!;
  if (last.breakBefore || last.confidence < 100 || !/^[1-9]\d{0,2}$/.test(last.text)) return row;
  // (a number a word before it names: `Page  5` at a transcript page's foot, `COUNT  10`, `No.  12`)
  if (OWN_NUMBER.test(row.words[n - 2]!.text)) return row;
  const gapBefore = (k: number) => row.words[k]!.bbox[0] - row.words[k - 1]!.bbox[2];
  const gap = gapBefore(n - 1);
  const others: number[] = [];
  for (let k = 1; k < n - 1; k++) others.push(gapBefore(k));
  others.sort((a, b) => a - b);
  // (with no other gap to compare with, a space of the row's type is about a quarter of its size)
  const usual = others.length > 0 ? Math.max(others[others.length >> 1]!, 0.15 * row.size) : 0.25 * row.size;
  if (gap < 0.4 * row.size || gap < 1.7 * usual) return row;
  const words: Token[] = [...row.words.slice(0, -1), { ...last, breakBefore: true }];
  return { ...row, words };
}
