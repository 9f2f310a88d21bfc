import type { PageLayout } from '../page-model/page-layout.ts';

/**
 * Where one document of several filed together in one file starts, when nothing (a slip sheet, a cover, a
 * stamp naming the exhibit) says so: what the page itself and the page before it carry. An earlier filing's
 * stamp reads `Page 1 of 5` on its first page and `Page 5 of 5` on its last; a page turned from portrait to
 * landscape, or of another size, is another document's; a page numbered 1 after a numbered page begins a
 * numbering of its own (or an unnumbered page followed by a page 2: a letter prints no number on its first page);
 * a running header that gives way to another (an email printout's mailbox owner after a spreadsheet's title).
 */
export interface DocumentStart {
  page: number;
  /** Each piece of evidence, in words, with its weight. */
  reasons: Array<{ kind: StartKind; why: string; weight: number }>;
  /** Sum of the weights, at most 1. */
  strength: number;
}

export type StartKind = 'stamp-first' | 'stamp-ended' | 'page-size' | 'numbering' | 'running-header';

const WEIGHT: Record<StartKind, number> = { 'stamp-first': 0.5, 'stamp-ended': 0.4, 'page-size': 0.4, numbering: 0.3, 'running-header': 0.3 };

/** Per page (index page − 1), the evidence that a document starts there, or null. The first page never starts one. */
export function documentStarts(layouts: PageLayout[]): Array<DocumentStart | null> {
  return layouts.map((l, i) => {
    const prev = layouts[i - 1];
    if (!prev) return null;
    const reasons: DocumentStart['reasons'] = [];
    const add = (kind: StartKind, why: string) => reasons.push({ kind, why, weight: WEIGHT[kind] });
    if (l.pageOf?.n === 1) add('stamp-first', `its stamp reads 'Page 1 of ${l.pageOf.of}'`);
    if (prev.pageOf && prev.pageOf.n === prev.pageOf.of) {
      add('stamp-ended', `the page before ends its document ('Page ${prev.pageOf.n} of ${prev.pageOf.of}')`);
    }
    const size = sizeChange(prev, l);
    if (size) add('page-size', size);
    const restart = numberingRestart(prev, l, layouts[i + 1]);
    if (restart) add('numbering', restart);
    const header = headerChange(layouts[i - 2], prev, l, layouts[i + 1]);
    if (header) add('running-header', header);
    if (reasons.length === 0) return null;
    return { page: l.page, reasons, strength: Math.min(1, reasons.reduce((s, r) => s + r.weight, 0)) };
  });
}

function sizeChange(a: PageLayout, b: PageLayout): string | null {
  if (!(a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0)) return null;
  const landscape = (l: PageLayout) => l.width > l.height;
  if (landscape(a) !== landscape(b)) return `the page turns from ${landscape(a) ? 'landscape to portrait' : 'portrait to landscape'}`;
  // (a few points either way is one paper size cut or scanned a little differently)
  if (Math.abs(a.width - b.width) > 6 || Math.abs(a.height - b.height) > 6) {
    return `the page size changes (${Math.round(a.width)}×${Math.round(a.height)} to ${Math.round(b.width)}×${Math.round(b.height)} pt)`;
  }
  return null;
}

/** A page numbered 1 (or unnumbered before a page 2) after a page with a number of its own (not a 1 or 0). */
function numberingRestart(prev: PageLayout, l: PageLayout, next: PageLayout | undefined): string | null {
  const before = prev.printed.length === 1 ? prev.printed[0]! : null;
  if (before === null || before < 2) return null;
  if (l.printed.length === 1 && l.printed[0] === 1) return `its page number restarts at 1 (the page before is numbered ${before})`;
  if (l.printed.length === 0 && next?.printed.length === 1 && next.printed[0] === 2) {
    return `the numbering restarts (the page before is numbered ${before}, this one is unnumbered and the next is numbered 2)`;
  }
  return null;
}

/** The page's header row with its numbers aside (`Page 2`, a date), or null. */
function headerRow(l: PageLayout | undefined): string | null {
  return l?.header ? l.header.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim() : null;
}

/**
 * One running header gives way to another: the page before carries the header of the page before it, this page a
 * different one that the next page carries too. (A header first printed on a document's second page, a letter's
 * continuation header, is no change: the page before it has none of its own.)
 */
function headerChange(twoBack: PageLayout | undefined, prev: PageLayout, l: PageLayout, next: PageLayout | undefined): string | null {
  const was = headerRow(prev);
  const now = headerRow(l);
  if (!was || !now || was === now || headerRow(twoBack) !== was || headerRow(next) !== now) return null;
  return `the running header changes ('${l.header!.slice(0, 40)}' after '${prev.header!.slice(0, 40)}')`;
}
