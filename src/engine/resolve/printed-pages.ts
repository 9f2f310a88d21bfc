import type { PageEvidence } from './page-evidence.ts';

/**
 * Printed page numbers, calibrated from the footers: which PDF page shows printed page n, and the
 * offset (PDF page − printed page) that most footers agree on. Court headers such as `Page 3 of 391`
 * never count (they are set apart when pages are laid out).
 */
export interface PrintedPages {
  /** Printed number → PDF pages showing it. */
  byNumber: Map<number, number[]>;
  /** Printed section page number (`A5`) → PDF pages showing it. */
  byLabel: Map<string, number[]>;
  /** Offset most footers agree on, or null when too few footers agree. */
  offset: number | null;
  /** How many pages agree on that offset, and how many pages carry a footer number at all. */
  support: number;
  numbered: number;
  /** The run of numbers that follows the index: the pages its numbers mean (see `runAfterIndex`). */
  run: NumberRun | null;
  /** Where the offset comes from: most footers, or the run that follows the index (`meantRun`). */
  offsetFrom: 'footers' | 'index-run' | null;
}

/** Consecutive pages numbered at one offset (PDF page − printed page), `from` … `to`. */
export interface NumberRun {
  offset: number;
  from: number;
  to: number;
  /** Pages in the run that show their number. */
  pages: number;
}

export function calibratePrinted(pages: PageEvidence[], index?: { pages: number[]; refs: number[] }): PrintedPages {
  const byNumber = new Map<number, number[]>();
  const byLabel = new Map<string, number[]>();
  for (const p of pages) {
    for (const l of new Set(p.printedLabels.map(normPageLabel))) {
      const list = byLabel.get(l);
      if (list) list.push(p.page);
      else byLabel.set(l, [p.page]);
    }
  }
  const offsets = new Map<number, number>();
  let numbered = 0;
  for (const p of pages) {
    if (p.printed.length === 0) continue;
    numbered++;
    for (const n of new Set(p.printed)) {
      const list = byNumber.get(n);
      if (list) list.push(p.page);
      else byNumber.set(n, [p.page]);
      offsets.set(p.page - n, (offsets.get(p.page - n) ?? 0) + 1);
    }
  }
  let offset: number | null = null;
  let support = 0;
  for (const [o, c] of offsets) {
    if (c > support || (c === support && offset !== null && Math.abs(o) < Math.abs(offset))) {
      offset = o;
      support = c;
    }
  }
  // An offset needs at least three pages and a clear majority of the numbered pages behind it.
  if (support < 3 || support < 0.5 * numbered) offset = null;
  const run = index ? runAfterIndex(pages, index.pages) : null;
  let offsetFrom: PrintedPages['offsetFrom'] = offset === null ? null : 'footers';
  // A brief filed inside a larger file (behind a cover letter, as an exhibit to a motion, before an appended
  // opinion) shares its numbers with the other parts, whose pages may be the most: the run that follows its
  // index is the brief's own when it holds the pages the index names and the most common offset would send
  // some of them back to pages before the index, or all of them past the brief into a later part.
  if (run && index && run.offset !== offset && meantRun(run, offset, index)) {
    offset = run.offset;
    support = run.pages;
    offsetFrom = 'index-run';
  }
  return { byNumber, byLabel, offset, support, numbered, run, offsetFrom };
}

/** Whether the index's page numbers mean the run after it rather than the pages at `offset`. */
function meantRun(run: NumberRun, offset: number | null, index: { pages: number[]; refs: number[] }): boolean {
  const refs = index.refs.filter((r) => r > 0);
  if (refs.length === 0) return false;
  const inRun = refs.filter((r) => r + run.offset >= run.from && r + run.offset <= run.to).length;
  if (inRun < 0.8 * refs.length) return false;
  if (offset === null) return true;
  const firstIndex = Math.min(...index.pages);
  // (or past the run, every one: a later part numbered from 1 again, an appended opinion of more pages)
  return refs.some((r) => r + offset < firstIndex) || refs.every((r) => r + offset > run.to);
}

/** Unnumbered pages a run may pass over (a slip sheet, a page whose footer was not read). */
const RUN_GAP = 2;
/** Pages after the index (a table of authorities, a cover) within which its run must start. */
const RUN_START = 12;

/**
 * The run of printed numbers that follows the index (its first block of pages): the first page after it
 * showing an arabic number starts it, the pages after it that continue the count extend it. That run holds
 * the pages the index's numbers mean. At least three pages, or null.
 */
export function runAfterIndex(pages: PageEvidence[], indexPages: number[]): NumberRun | null {
  if (indexPages.length === 0) return null;
  const sorted = [...indexPages].sort((a, b) => a - b);
  let last = sorted[0]!;
  for (const p of sorted.slice(1)) {
    if (p !== last + 1) break;
    last = p;
  }
  const start = pages.find((p) => p.page > last && p.printed.length > 0);
  if (!start || start.page - last > RUN_START) return null;
  let best: NumberRun | null = null;
  for (const n of new Set(start.printed)) {
    const offset = start.page - n;
    let to = start.page;
    let count = 1;
    for (let i = start.page; i < pages.length && pages[i]!.page - to <= RUN_GAP + 1; i++) {
      const p = pages[i]!;
      if (p.printed.length === 0) continue;
      if (!p.printed.includes(p.page - offset)) break;
      to = p.page;
      count++;
    }
    if (!best || count > best.pages) best = { offset, from: start.page, to, pages: count };
  }
  return best && best.pages >= 3 ? best : null;
}

/** `A-5`, `a5` → `A5`. */
export function normPageLabel(s: string): string {
  return s.toUpperCase().replace(/[-\s]/g, '');
}

/** A page reference as printed in an index, as a number (`245`, `245-260` → 245); null if not numeric. */
export function refNumber(ref: string | undefined): number | null {
  if (!ref) return null;
  // (an appendix's page, `12a`, is a label of its own, not page 12)
  if (/^\d{1,4}a$/i.test(ref.trim())) return null;
  const m = /^(\d{1,5})/.exec(ref.trim());
  return m ? Number(m[1]) : null;
}
