/** A page label range: from `page` (1-based) on, pages read `start`, `start + 1`, … in `style`. */
export interface PageLabelRange {
  page: number;
  /** 'D' decimal (1, 2, 3), 'r' lower-case roman (i, ii, iii). */
  style: 'D' | 'r';
  start: number;
}

const MIN_RUN = 3;

/**
 * Page labels that match the numbers printed on the pages, so a viewer's "page 12" is the page that
 * shows 12. `printed[i]` holds the numbers printed alone in the header or footer of page i + 1.
 * A run is a stretch of numbered pages whose number is its PDF page minus one offset, at least three
 * of them (a restart, as in a second volume, starts a new run); it labels its pages from where its
 * number 1 falls (from its first numbered page when that is taken or not in the document), and the
 * unnumbered pages after it. Pages before the first run (cover, index) read i, ii, iii. No run: no
 * labels, the viewer's own numbers stay.
 */
export function pageLabelRanges(printed: number[][]): PageLabelRange[] {
  const runs: Array<{ offset: number; first: number; firstNumber: number; last: number; count: number }> = [];
  let current: (typeof runs)[number] | null = null;
  for (let i = 0; i < printed.length; i++) {
    const page = i + 1;
    const numbers = printed[i]!.filter((n) => Number.isInteger(n) && n >= 1 && n <= page + 10_000);
    if (numbers.length === 0) continue;
    if (current && numbers.some((n) => page - n === current!.offset)) {
      current.count++;
      current.last = page;
      continue;
    }
    // a new run starts with the smallest number (a page shows its number once; others are noise)
    const n = Math.min(...numbers);
    current = { offset: page - n, first: page, firstNumber: n, last: page, count: 1 };
    runs.push(current);
  }
  const kept = runs.filter((r) => r.count >= MIN_RUN);
  const ranges: PageLabelRange[] = [];
  let from = 1;
  for (const r of kept) {
    // from where its number 1 falls, unless that is before the pages already labelled (or the
    // document): then from its first numbered page
    const ideal = r.first - r.firstNumber + 1;
    const page = ideal >= from ? ideal : r.first;
    if (ranges.length === 0 && page > 1) ranges.push({ page: 1, style: 'r', start: 1 });
    ranges.push({ page, style: 'D', start: page - r.offset });
    from = r.last + 1;
  }
  return ranges;
}
