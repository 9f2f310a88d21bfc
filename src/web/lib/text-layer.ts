import type { DocumentRecord } from './document-types.ts';

/**
 * While the searchable text layer of a scanned document is still being read in the background
 * (links are built before it is complete): 'links ready · text layer 240 of 400 pages', or the text
 * layer alone before links are built; null once it is complete.
 */
export function textLayerNote(doc: Pick<DocumentRecord, 'textLayer' | 'has_links' | 'status'>): string | null {
  const { done, total } = doc.textLayer;
  if (doc.status !== 'completed' || total === 0 || done >= total) return null;
  const layer = `text layer ${done} of ${total} ${total === 1 ? 'page' : 'pages'}`;
  return doc.has_links ? `links ready · ${layer}` : layer;
}
