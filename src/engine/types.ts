/**
 * Types shared by every stage of the engine. Plain data only: each stage takes and returns these,
 * so stages can be tested alone and run in worker threads (everything here is structured-cloneable).
 *
 * Coordinates: PDF points, origin at the top left of the page (MuPDF's structured-text space),
 * boxes as [x0, y0, x1, y1]. Pages are 1-based everywhere outside src/engine/pdf.
 */

import type { AuthorityParts } from './authorities/types.ts';
import type { RefKind, RefParts, RefSpan } from './refs/types.ts';

export type BBox = [number, number, number, number];

export interface Word {
  text: string;
  bbox: BBox;
  /** 0..100 for OCR words; 100 for words from a text layer. */
  confidence: number;
}

export interface Line {
  text: string;
  bbox: BBox;
  words: Word[];
}

export interface PageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  lines: Line[];
  /** Where the text came from. 'none' means no usable text layer and no OCR yet. */
  source: 'text-layer' | 'ocr' | 'none';
  /** Mean word confidence 0..100 (OCR), 100 for a text layer, 0 when there is no text. */
  confidence: number;
  /**
   * 180 for a page scanned upside down and read turned the right way up: its boxes are on the
   * turned page (see pageBox in util/geometry.ts for the box on the page as it is in the file).
   */
  rotation?: 180;
  /**
   * True for a scan that carries a text layer made elsewhere (an image over the whole page, the text
   * drawn over it by another program's OCR): its words may be misread, and it needs no layer of ours.
   */
  scan?: true;
  /**
   * True for an OCR'd page of which only what the destinations need was read (its top and footer
   * bands: ocr/quick-read.ts); its full reading, for the text layer, follows.
   */
  partial?: true;
  /**
   * Of a partial page: where its top band ended and its footer band began (the middle band, not
   * read yet, lies between them). Partial readings stored before these were kept have none: such a
   * page is read again in full.
   */
  bands?: ReadBands;
}

/** The bands of a page read quickly (ocr/quick-read.ts), in points from the top of the page. */
export interface ReadBands {
  /** The top band was read down to here (a gap between lines). */
  topEnd: number;
  /** The footer band was read from here on (a gap between lines, never above topEnd). */
  footStart: number;
}

export type ItemType = 'tab' | 'exhibit' | 'schedule' | 'appendix' | 'document' | 'section';

export interface IndexItem {
  /** 1-based position in the index. */
  ordinal: number;
  /** As printed, normalised: '1', '12', 'A', 'IV', '5A', '5(a)', 'I.A.1' for nested TOC entries. */
  label: string;
  type: ItemType;
  /** Description with wrapped rows joined by single spaces. */
  text: string;
  /** 1-based page of the index on which the row stands. */
  page: number;
  /** Box of the row (all its wrapped lines) on that page. */
  bbox: BBox;
  /** Printed page reference given in the index, when there is one. */
  pageRef?: string;
  date?: string;
}

export interface IndexDetection {
  /** 1-based index pages. Empty when no index was found. */
  pages: number[];
  items: IndexItem[];
  /** Set when items is empty: why no index was found, in words a lawyer can read. */
  reason?: string;
}

export interface Destination {
  item: number; // ordinal
  target: 'source' | 'record';
  /** 1-based page within the target document, or null when none was found. */
  targetPage: number | null;
  confidence: number; // 0..1
  why: string;
  /** What stands behind the page chosen: a divider, marker or cover page, a heading, a printed number, a document boundary … */
  evidence?: Array<'divider' | 'marker' | 'cover' | 'printed' | 'offset' | 'raw-ref' | 'heading' | 'boundary'>;
  /** Taken out of index order: the one page printed with the item's number, nothing in order having been found. */
  outOfOrder?: true;
}

export interface OcrProgress {
  done: number;
  total: number;
  avgMsPerPage: number;
  etaMs: number;
}

/** review.json, exactly as DESIGN §5. */
/** What the writer removed from the output so that it can run, open or carry nothing (pdf/sanitize.ts). */
export type RemovedContentKind =
  | 'javascript'
  | 'additional-actions'
  | 'launch'
  | 'submit-form'
  | 'import-data'
  | 'remote-file'
  | 'file-link'
  | 'media'
  | 'rich-media'
  | 'embedded-file'
  | 'xfa'
  | 'open-action';

export interface RemovedContent {
  kind: RemovedContentKind;
  /** 1-based page of the output, when the content was on a page. */
  page?: number;
  detail: string;
}

export interface ReviewJson {
  /** printedPages: the number printed on each page as the engine read it (`ii`, `12`), null where none. */
  source: { file: string; pages: number; printedPages?: Array<string | null> };
  record: { file: string; pages: number; offset: number; printedPages?: Array<string | null> } | null;
  index: {
    pages: number[];
    items: Array<{
      ordinal: number;
      label: string;
      type: ItemType;
      text: string;
      page: number;
      bbox: BBox;
      pageRef?: string;
    }>;
  };
  links: Array<{
    item: number;
    srcPage: number;
    bbox: BBox;
    target: 'source' | 'record';
    targetPage: number | null;
    masterPage: number | null;
    confidence: number;
    why: string;
    status: 'auto';
  }>;
  validation: {
    expected_tabs: number;
    found_tabs: number;
    links_created: number;
    broken_links: number;
    markers_used: number;
    success: boolean;
    /** Reference links: resolved references each with a link over every line it covers, read back from the file. */
    references_linked?: number;
    references_broken?: number;
    /** Authority links: each citation with a public address linked over every line it covers, read back from the file. */
    authorities_linked?: number;
    authorities_broken?: number;
  };
  /** Active content the input carried and the output does not (absent when there was none). */
  removedActiveContent?: RemovedContent[];
  /** The record documents, in the order they follow the brief in the master (absent without a record). */
  records?: ReviewRecord[];
  /** Every reference the brief's body makes to the record or to a brief (DESIGN §6, §8). */
  references?: ReviewReference[];
  /** Every authority the brief cites, when the case asks for authority links (DESIGN §8). */
  authorities?: ReviewAuthority[];
}

/** An authority the brief cites, as review.json and `brieflink authorities` give it. */
export interface ReviewAuthority {
  id: number;
  /** 1-based page of the brief where it starts. */
  page: number;
  text: string;
  kind: AuthorityParts['kind'];
  family: AuthorityParts['family'];
  parts: AuthorityParts;
  /** The public address built from it, or null (none: `why` says why). */
  url: string | null;
  /** 1-based page of the master it links to instead, in a Book of Authorities of the case; null when not there. */
  targetPage: number | null;
  /** The Book of Authorities' tab it stands at. */
  tab?: string;
  why: string;
  /** Box of its first line; `spans` holds one box per line it covers. */
  bbox: BBox;
  spans: RefSpan[];
  shortForm?: 'id' | 'ibid' | 'supra' | 'short';
  /** The id of the full citation a short form continues. */
  antecedent?: number;
  footnote?: true;
  /** A row of the brief's Table of Authorities (its link: the first page citing it, or the authority). */
  toaRow?: true;
  status: 'auto';
}

export interface ReviewRecord {
  file: string;
  /** The short name the brief cites it by (`AB`, `ER`, `Smith Affidavit`). */
  citeAs: string;
  volume: string | null;
  pages: number;
  /** Pages of the master before this document's first page. */
  offset: number;
}

/** A reference as review.json and `brieflink refs` give it (DESIGN §6). */
export interface ReviewReference {
  id: number;
  /** 1-based page of the brief where it starts. */
  page: number;
  text: string;
  kind: RefKind;
  doc: string;
  volume: string | null;
  target: string;
  /** 1-based page of the merged master it links to, or null (unresolved, or not a record reference). */
  targetPage: number | null;
  /** Box of its first line; `spans` holds one box per line it covers. */
  bbox: BBox;
  spans: RefSpan[];
  parts: RefParts;
  /** The record document it resolves into (its citeAs), or null. */
  record: string | null;
  confidence: number;
  why: string;
  status: 'auto';
  shortForm?: 'id' | 'ibid' | 'supra';
  footnote?: true;
  /** A reference to the brief's own part, linked within the brief (only when the case asks for it). */
  internal?: true;
}

/** Typed engine errors; `code` is what callers switch on. */
export type EngineErrorCode =
  | 'not-pdf'
  | 'password-protected'
  | 'damaged'
  | 'bad-index-pages'
  | 'too-large'
  | 'io';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
