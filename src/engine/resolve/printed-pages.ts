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
}

export function calibratePrinted(pages: PageEvidence[]): PrintedPages {
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
  return { byNumber, byLabel, offset, support, numbered };
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
