import type { Destination, IndexItem, PageText } from '../types.ts';

/** For every index item, the page where it starts (one destination per item, same order). */
export function resolveDestinations(input: {
  items: IndexItem[];
  indexPages: number[];
  source: PageText[];
  record: PageText[] | null;
}): Destination[] {
  return input.items.map((it) => ({
    item: it.ordinal,
    target: 'source' as const,
    targetPage: null,
    confidence: 0,
    why: 'no destination found',
  }));
}
