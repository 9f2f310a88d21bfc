import type { ItemType } from '../../../engine/types.ts';

/** Ground truth of a generated document (shared by the sample case and the test fixtures). */

/** One ground-truth index item: where the item starts, in the brief ('source') or in the record. */
export interface TruthItem {
  ordinal: number;
  label: string;
  type: ItemType;
  text: string;
  target: 'source' | 'record';
  targetPage: number;
  /** Set when the index's printed page reference deliberately disagrees with where the item starts. */
  refDisagrees?: boolean;
  /** Pages showing the same start mark that are not where the item starts (an exhibit's own exhibit covers). */
  decoyPages?: number[];
  /** The page reference printed on the index row ('7', 'iii'), when the row prints one. */
  printedPage?: string;
  /**
   * The row points at a page the file does not hold (a deposition excerpt's index naming a transcript page
   * that was not filed): the item is kept for review with no destination; `targetPage` is 0.
   */
  noDestination?: boolean;
  /** The item has no heading of its own: it starts on the page printed `printedPage` (a transcript page). */
  startsAtPrinted?: boolean;
  /**
   * An exhibit filed with no slip sheet or cover: nothing on the page names it; it starts where a document begins
   * (its stamp's `Page 1 of N`, a turn to landscape, a numbering starting again at 1 …).
   */
  startsAtBoundary?: boolean;
}

export interface Truth {
  indexPages: number[];
  noIndex: boolean;
  items: TruthItem[];
  /** The page number printed on each page of the brief, in PDF page order ('' where none is printed). */
  printedPages?: string[];
}

/** What a style generator returns before any scanning. */
export interface GeneratedDocs {
  brief: Uint8Array;
  record?: Uint8Array;
  truth: Truth;
  /** Pages (1-based) of the brief to turn into images when the fixture is 'mixed'. */
  mixedScanPages?: number[];
}
