import { validateMaster } from '../link.ts';
import { openPdf } from '../pdf/index.ts';
import type { PdfDoc, PdfSource } from '../pdf/types.ts';
import type { BBox, ItemType, PageText, ReviewAuthority, ReviewJson, ReviewRecord, ReviewReference } from '../types.ts';
import { isExternalUri, overSameRow } from '../util/geometry.ts';
import { prepareMaster } from './write-master.ts';

/** One index item as the reviewer left it: its link removed, or going to `targetPage` (null: none yet). */
export interface ReviewedEntry {
  ordinal: number;
  label: string;
  type: ItemType;
  text: string;
  /** Index page of the item's row and the link rectangle over it. */
  srcPage: number;
  bbox: BBox;
  /** 'record': `targetPage` counts in the trial record appended after the brief (default 'source'). */
  target?: 'source' | 'record';
  targetPage: number | null;
  removed: boolean;
  confidence: number;
  why: string;
}

export interface ReviewedSet {
  briefName: string;
  briefPages: number;
  /** The trial record appended after the brief (the merged master); null or absent: the brief alone. */
  record?: { name: string; pages: number } | null;
  indexPages: number[];
  entries: ReviewedEntry[];
  /** The record documents appended, in order (their bookmarks); absent: one record, or none. */
  records?: ReviewRecord[];
  /**
   * The references of the brief's body as the reviewer left them (removed ones left out): each linked over
   * its words to `targetPage` of the merged master; one without a destination is written without a link.
   */
  references?: ReviewReference[];
  /**
   * The authorities as the reviewer left them (removed ones left out): each linked over its words to
   * `targetPage` of the merged master, else to its `url`; one with neither is written without a link.
   */
  authorities?: ReviewAuthority[];
}

export type ReviewedValidation = Omit<ReviewJson['validation'], 'markers_used'>;

/**
 * The reviewed link set as review.json: removed entries left out (they are not expected in the
 * reviewed PDF), every other entry expected with its reviewed destination; one without a
 * destination stays expected and unlinked, so validation fails until it gets one or is removed.
 */
export function reviewedReview(set: ReviewedSet): ReviewJson {
  const kept = set.entries.filter((e) => !e.removed).sort((a, b) => a.ordinal - b.ordinal);
  const record = set.record ?? null;
  const limit = (e: ReviewedEntry) => (e.target === 'record' ? (record?.pages ?? 0) : set.briefPages);
  const inDoc = (e: ReviewedEntry) => {
    const p = e.targetPage;
    return p !== null && Number.isInteger(p) && p >= 1 && p <= limit(e) ? p : null;
  };
  const master = (e: ReviewedEntry) => {
    const p = inDoc(e);
    return p === null ? null : e.target === 'record' ? p + set.briefPages : p;
  };
  return {
    source: { file: set.briefName, pages: set.briefPages },
    record: record ? { file: record.name, pages: record.pages, offset: set.briefPages } : null,
    index: {
      pages: [...set.indexPages],
      items: kept.map((e) => ({ ordinal: e.ordinal, label: e.label, type: e.type, text: e.text, page: e.srcPage, bbox: e.bbox })),
    },
    links: kept.map((e) => ({
      item: e.ordinal,
      srcPage: e.srcPage,
      bbox: e.bbox,
      target: e.target === 'record' ? ('record' as const) : ('source' as const),
      targetPage: inDoc(e),
      masterPage: master(e),
      confidence: e.confidence,
      why: e.why,
      status: 'auto' as const,
    })),
    validation: { expected_tabs: kept.length, found_tabs: 0, links_created: 0, broken_links: 0, markers_used: 0, success: false },
    ...(set.records?.length ? { records: set.records } : {}),
    ...(set.references ? { references: set.references } : {}),
    ...(set.authorities ? { authorities: set.authorities } : {}),
  };
}

/**
 * The reviewed PDF, written from the uploaded original (never from an earlier output, so no old link
 * lingers): internal links over the rows of removed entries deleted, one link per kept entry with a
 * destination, bookmarks for exactly those; pages read by OCR (in `pages`, the text stored when the
 * document was read) get their invisible text layer as in Master.linked.pdf. `doc` is the original,
 * changed in place. With `record` (a paired brief), the record is appended and the result is the
 * merged master, like Master.linked.pdf.
 */
export function writeReviewed(
  doc: PdfDoc,
  set: ReviewedSet,
  pages: readonly PageText[] | null = null,
  record: { doc: PdfDoc; pages: readonly PageText[] | null } | null = null,
): Uint8Array {
  prepareReviewed(doc, set, pages, record);
  return doc.save();
}

/** Everything writeReviewed does to `doc` but saving it: save it after (`save()` or `saveToFile()`). */
export function prepareReviewed(
  doc: PdfDoc,
  set: ReviewedSet,
  pages: readonly PageText[] | null = null,
  record: { doc: PdfDoc; pages: readonly PageText[] | null } | null = null,
): void {
  for (const e of set.entries) if (e.removed && e.srcPage >= 1 && e.srcPage <= doc.pageCount) doc.deleteLinksAt(e.srcPage, e.bbox);
  prepareMaster(doc, record?.doc ?? null, reviewedReview(set), { brief: pages, record: record?.pages ?? null });
}

/**
 * Reads the reviewed PDF back: expected = the entries not removed, found = those with a destination,
 * links = those written and pointing right, broken = links missing, wrong or going nowhere, and any
 * internal link left over the row of a removed entry. Success: expected = found = links, 0 broken.
 */
export function validateReviewed(pdf: PdfSource, set: ReviewedSet): ReviewedValidation {
  const v = validateMaster(pdf, reviewedReview(set));
  const removed = set.entries.filter((e) => e.removed);
  let lingering = 0;
  if (removed.length) {
    const doc = openPdf(pdf);
    try {
      for (const e of removed) {
        if (e.srcPage < 1 || e.srcPage > doc.pageCount) continue;
        lingering += doc.links(e.srcPage).filter((k) => !isExternalUri(k.uri) && overSameRow(k.rect, e.bbox)).length;
      }
    } finally {
      doc.close();
    }
  }
  const broken = v.broken_links + lingering;
  const expected = set.entries.length - removed.length;
  return {
    expected_tabs: expected,
    found_tabs: v.found_tabs,
    links_created: v.links_created,
    broken_links: broken,
    // an empty reviewed set (every link removed) is a valid PDF without links
    success: broken === 0 && (v.references_broken ?? 0) === 0 && (v.authorities_broken ?? 0) === 0 && v.found_tabs === expected && v.links_created === expected && (v.success || expected === 0),
    ...(v.references_linked !== undefined ? { references_linked: v.references_linked, references_broken: v.references_broken ?? 0 } : {}),
    ...(v.authorities_linked !== undefined ? { authorities_linked: v.authorities_linked, authorities_broken: v.authorities_broken ?? 0 } : {}),
  };
}
