import type { BBox, Destination, IndexDetection, IndexItem, ReviewJson } from '../types.ts';

export interface ReviewInput {
  briefName: string;
  briefPages: number;
  recordName?: string;
  recordPages?: number;
  detection: IndexDetection;
  /** One per item, in item order (resolveDestinations output). */
  destinations: Destination[];
  /** The number printed on each page of the brief and of the record (null where none was read). */
  printedPages?: { source: Array<string | null>; record?: Array<string | null> };
}

/**
 * Link rectangles for the items: each item's row box, trimmed where it runs into the box of a row
 * below it on the same page (row boxes read by OCR can overlap), so a click lands on one link only.
 */
export function linkRects(items: IndexItem[]): Map<number, BBox> {
  const rects = new Map<number, BBox>(items.map((it) => [it.ordinal, [...it.bbox] as BBox]));
  const byPage = new Map<number, IndexItem[]>();
  for (const it of items) byPage.set(it.page, [...(byPage.get(it.page) ?? []), it]);
  for (const onPage of byPage.values()) {
    for (const a of onPage) {
      const ra = rects.get(a.ordinal)!;
      for (const b of onPage) {
        if (a === b) continue;
        const rb = b.bbox;
        const xOverlap = Math.min(ra[2], rb[2]) - Math.max(ra[0], rb[0]) > 0;
        // b starts inside a, below a's top: a stops where b starts
        if (xOverlap && rb[1] > ra[1] && rb[1] < ra[3]) ra[3] = rb[1];
      }
    }
  }
  return rects;
}

/**
 * review.json (DESIGN §5) before validation: the index items and one link entry per item, with
 * masterPage counted in Master.linked.pdf (record pages follow the brief's pages).
 */
export function buildReview(input: ReviewInput): ReviewJson {
  const offset = input.briefPages;
  const hasRecord = input.recordPages !== undefined;
  const byItem = new Map(input.destinations.map((d) => [d.item, d]));
  const items = input.detection.items;
  const rects = linkRects(items);
  return {
    source: { file: input.briefName, pages: input.briefPages, ...(input.printedPages ? { printedPages: input.printedPages.source } : {}) },
    record: hasRecord
      ? { file: input.recordName ?? 'record.pdf', pages: input.recordPages!, offset, ...(input.printedPages?.record ? { printedPages: input.printedPages.record } : {}) }
      : null,
    index: {
      pages: [...input.detection.pages],
      items: items.map((it) => ({
        ordinal: it.ordinal,
        label: it.label,
        type: it.type,
        text: it.text,
        page: it.page,
        bbox: [...it.bbox],
        ...(it.pageRef !== undefined ? { pageRef: it.pageRef } : {}),
      })),
    },
    links: items.map((it) => {
      const d = byItem.get(it.ordinal);
      const target = d?.target === 'record' ? 'record' : 'source';
      // a page in a record that was not given cannot be linked
      const limit = target === 'record' ? (input.recordPages ?? 0) : input.briefPages;
      const page = d?.targetPage ?? null;
      const targetPage = page !== null && Number.isInteger(page) && page >= 1 && page <= limit ? page : null;
      const masterPage = targetPage === null ? null : target === 'record' ? targetPage + offset : targetPage;
      return {
        item: it.ordinal,
        srcPage: it.page,
        bbox: rects.get(it.ordinal)!,
        target,
        targetPage,
        masterPage,
        confidence: targetPage === null ? 0 : Math.max(0, Math.min(1, d?.confidence ?? 0)),
        why: d?.why ?? 'no destination found',
        status: 'auto' as const,
      };
    }),
    validation: {
      expected_tabs: items.length,
      found_tabs: 0,
      links_created: 0,
      broken_links: 0,
      markers_used: 0,
      success: false,
    },
  };
}
