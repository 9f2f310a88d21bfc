// Small generated briefs for the multi-process runs (test/api/scale-out.test.ts, bench/scale.ts): the
// tabbed style of the 'ontario-brief' fixture with fewer tabs, each brief its own seed (its own text),
// some with scanned pages (image only, read by OCR) so that the work is CPU-bound. Cached in memory.
import { PDFDocument } from 'pdf-lib';
import { scanPages } from '../../fixtures/scan.ts';
import { generateTabbed } from '../../fixtures/styles/tabbed.ts';
import type { Truth } from '../../fixtures/types.ts';

export interface SmallBrief {
  name: string;
  bytes: Uint8Array;
  pages: number;
  /** Pages that are images only. */
  scannedPages: number;
  truth: Truth;
}

const LOOK = { family: 'times', paper: 'letter', margin: 72, marginY: 72, bodySize: 12, leading: 1.5 } as const;
const cache = new Map<string, SmallBrief>();

/**
 * A brief with `tabs` tabs (cover, index, a TAB divider and `bodyPages` pages per tab), its last
 * `scanned` pages turned into images.
 */
export async function smallBrief(name: string, tabs: number, bodyPages: number, scanned: number): Promise<SmallBrief> {
  const key = `${name}:${tabs}:${bodyPages}:${scanned}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const docs = await generateTabbed({
    seed: name,
    look: LOOK,
    labels: Array.from({ length: tabs }, (_, i) => String(i + 1)),
    dividers: { word: 'TAB', size: 44 },
    index: 'ontario-table',
    heading: 'INDEX',
    pageRefs: false,
    printed: null,
    bodyPages: [bodyPages, bodyPages],
    coverTitle: 'APPEAL BOOK AND COMPENDIUM',
  });
  const pages = (await PDFDocument.load(docs.brief)).getPageCount();
  const count = Math.min(scanned, pages);
  const scanFrom = pages - count + 1;
  const bytes = count ? await scanPages(docs.brief, Array.from({ length: count }, (_, i) => scanFrom + i), name) : docs.brief;
  const brief = { name, bytes, pages, scannedPages: count, truth: docs.truth };
  cache.set(key, brief);
  return brief;
}
