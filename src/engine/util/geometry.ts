import type { BBox } from '../types.ts';

/**
 * Whether two boxes stand over the same row of a page: they overlap across, and up and down by at
 * least half the height of the lower one. Rows side by side (two columns) or one above the other are
 * not the same row.
 */
export function overSameRow(a: BBox, b: BBox): boolean {
  const across = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const down = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return across > 0 && down >= 0.5 * Math.min(a[3] - a[1], b[3] - b[1]);
}

/** Whether a link's URI leaves the document (http:, mailto:, file: …), as opposed to a page in it. */
export function isExternalUri(uri: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(uri);
}

/** A box of a page's text (see PageText.rotation) on the page as it stands in the file. */
export function pageBox(box: BBox, page: { width: number; height: number; rotation?: 180 }): BBox {
  if (page.rotation !== 180) return box;
  return [page.width - box[2], page.height - box[3], page.width - box[0], page.height - box[1]];
}
