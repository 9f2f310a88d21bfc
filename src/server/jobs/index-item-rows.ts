// The stored form of the engine's index items, the same for index detection and link building.
import type { indexItems } from '../db/schema.ts';
import type { IndexItem } from '../../engine/types.ts';

export function indexItemRows(documentId: string, items: readonly IndexItem[]): (typeof indexItems.$inferInsert)[] {
  return items.map((i) => ({
    documentId,
    ordinal: i.ordinal,
    label: i.label,
    type: i.type,
    text: i.text,
    page: i.page,
    bbox: i.bbox,
    pageRef: i.pageRef ?? null,
  }));
}
