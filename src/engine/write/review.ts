import type { Destination, IndexDetection, ReviewJson } from '../types.ts';

export interface ReviewInput {
  briefName: string;
  briefPages: number;
  recordName?: string;
  recordPages?: number;
  detection: IndexDetection;
  /** One per item, in item order (resolveDestinations output). */
  destinations: Destination[];
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
  return {
    source: { file: input.briefName, pages: input.briefPages },
    record: hasRecord ? { file: input.recordName ?? 'record.pdf', pages: input.recordPages!, offset } : null,
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
      const target = d?.target === 'record' && hasRecord ? 'record' : 'source';
      const limit = target === 'record' ? input.recordPages! : input.briefPages;
      const page = d?.targetPage ?? null;
      const targetPage = page !== null && Number.isInteger(page) && page >= 1 && page <= limit ? page : null;
      const masterPage = targetPage === null ? null : target === 'record' ? targetPage + offset : targetPage;
      return {
        item: it.ordinal,
        srcPage: it.page,
        bbox: [...it.bbox],
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
