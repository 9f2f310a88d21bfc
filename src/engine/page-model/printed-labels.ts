import type { PageLayout } from './page-layout.ts';
import { labelValue } from '../util/page-numbers.ts';

/**
 * The number printed on each page as the engine read it (`12`, `ii`, `A5`), or null: one per page, for
 * review.json and the PDF's page labels. Where a page shows several candidates, the one that continues the
 * page before (or leads into the page after) is taken.
 */
export function printedPageLabels(pages: Array<Pick<PageLayout, 'printed' | 'printedRoman' | 'printedLabels'>>): Array<string | null> {
  const cands = pages.map((p) => [...new Set([...p.printed.map(String), ...p.printedRoman, ...p.printedLabels])]);
  const out: Array<string | null> = cands.map((c) => (c.length === 1 ? c[0]! : null));
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i]!;
    if (c.length < 2) continue;
    const prev = out[i - 1];
    const next = cands[i + 1]?.length === 1 ? cands[i + 1]![0] : null;
    out[i] = c.find((x) => prev != null && follows(prev, x)) ?? c.find((x) => next != null && follows(x, next)) ?? null;
  }
  return out;
}

/** Whether label b is the page after label a (`11` → `12`, `ii` → `iii`). */
function follows(a: string, b: string): boolean {
  const na = labelValue(a);
  const nb = labelValue(b);
  return na !== null && nb !== null && na.style === nb.style && nb.value === na.value + 1;
}
