import type { ParsedRow } from './parse-row.ts';

/**
 * Group headings inside an index (`A. STATEMENTS OF CASE`, `B. WITNESS STATEMENTS` over numbered tabs):
 * lettered or roman rows in upper case, without a keyword, page number or date, standing at the same
 * indentation as at least as many numbered rows (two or more).
 */
export function groupHeadings(rows: ParsedRow[]): Set<ParsedRow> {
  const out = new Set<ParsedRow>();
  const labelled = rows.filter((r) => r.labels.length > 0 && !r.bare);
  // (a number OCR may have read for `III` does not make the row a numbered one)
  const numeric = (r: ParsedRow) => r.labels.some((l) => !l.ocrGuess && (l.kind === 'number' || l.kind === 'number-letter' || l.kind === 'compound'));
  for (const g of labelled) {
    if (g.labels.some((l) => !l.ocrGuess && (l.kind === 'number' || l.kind === 'number-letter' || l.kind === 'compound'))) continue;
    if (g.pageRef !== undefined || g.date !== undefined || g.keyword !== null) continue;
    // a title wrapped onto the line below, which brings its page number, is an entry
    const below = rows[rows.indexOf(g) + 1];
    if (below && below.labels.length === 0 && below.pageRef !== undefined && below.row.page === g.row.page) continue;
    const text = g.desc.map((t) => t.text).join(' ');
    const letters = text.replace(/[^A-Za-z]/g, '');
    if (letters.length < 3 || letters !== letters.toUpperCase()) continue;
    const same = labelled.filter((r) => Math.abs(r.labelX - g.labelX) <= 8);
    // `l EMAIL EXCHANGE …` is tab 1 read by OCR when the next row at its indentation is tab 2.
    const guess = g.labels.find((l) => l.kind === 'number' && l.ocrGuess);
    const next = same[same.indexOf(g) + 1];
    if (guess && next?.labels.some((l) => l.kind === 'number' && l.value === guess.value + 1)) continue;
    const groupsHere = same.filter((r) => !numeric(r));
    const items = same.filter((r) => numeric(r));
    if (items.length >= 2 && groupsHere.length <= items.length) out.add(g);
  }
  return out;
}
