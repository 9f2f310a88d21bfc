import type { BBox, PageText, RemovedContent } from '../types.ts';
import type { PageLimits } from './limits.ts';

/**
 * What a PDF is opened from: its bytes, or a file read from disk as the library needs it (never held
 * whole in memory: the way big files are opened).
 */
export type PdfSource = Uint8Array | { path: string };

export interface SaveToFileOptions {
  /** Files from this size (bytes) on are saved as an incremental update when they can be. */
  incrementalFrom?: number;
}

/**
 * Why a document opened from a file is written whole rather than as an incremental update of it: read
 * from bytes; a file under the size from which updates are written; encrypted (the output is not);
 * active content taken out (it would stay in the file's bytes); repaired on opening, or a
 * cross-reference this code cannot read with certainty (an update must point at the file's own);
 * the file changed on disk since it was opened.
 */
export type WholeSaveReason =
  | 'opened from bytes'
  | 'small file'
  | 'encrypted'
  | 'active content'
  | 'repaired'
  | 'cross-reference not readable'
  | 'file changed';

export type SaveMethod = { incremental: true } | { incremental: false; whole: WholeSaveReason };

export interface SavedFile {
  size: number;
  /** SHA-256 of the file written, hex. */
  sha256: string;
  /** Written as an incremental update of the file the document was opened from. */
  incremental: boolean;
  /** When written whole: why not as an update. */
  whole?: WholeSaveReason;
}

/**
 * Our own small interface over the PDF library. Everything outside src/engine/pdf uses only this;
 * only files in src/engine/pdf import 'mupdf'. Pages are 1-based here too.
 */
export interface PdfDoc {
  readonly pageCount: number;
  /** Text of one page with line and word boxes (text layer only; no OCR). */
  pageText(page: number): PageText;
  /** Width and height of a page in points, as it is shown (its rotation applied). */
  pageSize(page: number): { width: number; height: number };
  /** True when the page has no usable text layer (needs OCR). */
  needsOcr(page: number): boolean;
  /**
   * Filled dark rectangles of about a line of text's height drawn on the page: the black boxes of a
   * redacted filing (the text under them is gone from the file). Boxes in page points, top-left origin.
   */
  darkBoxes(page: number): BBox[];
  /** pageText and needsOcr from one pass over the page (faster than calling both). */
  analysePage(page: number): { text: PageText; needsOcr: boolean };
  /**
   * Render one page to PNG bytes at the given dpi (grayscale unless color is true), turned clockwise
   * by `rotate` degrees (the image of a page turned 90° is as wide as the page is tall). Refuses
   * (EngineError 'too-large') an image over MAX_RENDER_PIXELS.
   */
  renderPng(page: number, dpi: number, opts?: { color?: boolean; rotate?: 0 | 90 | 180 | 270 }): Uint8Array;
  /**
   * renderPng in grayscale, as a binary PGM (P5): the same pixels, without a PNG to compress here and
   * decompress again where they are read (OCR: ~50 ms a page at 200 dpi).
   */
  renderGray(page: number, dpi: number, opts?: { rotate?: 0 | 90 | 180 | 270 }): Uint8Array;
  /**
   * Throws EngineError 'too-large' when a page needs more than `limits` once decoded (page content,
   * image pixels): checked before any page is read.
   */
  checkLimits(limits: PageLimits): void;
  /** Add an internal link over rect on page `page` going to page `targetPage` (both 1-based). */
  addLink(page: number, rect: BBox, targetPage: number): void;
  /** Add a link over rect on page `page` that opens the web address `uri` (a URI action; an authority's public copy). */
  addUriLink(page: number, rect: BBox, uri: string): void;
  /**
   * Remove the links to pages of this document that stand over the same row as rect (left by an
   * earlier run, or drawn by hand), so that the row carries one link; links to the web or other
   * files stay. Returns how many were removed.
   */
  deleteLinksAt(page: number, rect: BBox): number;
  /**
   * Replace the outline (bookmarks) with these entries, each to a 1-based page, in order; `level`
   * (0 = top, default) nests an entry under the entry before it with a lower level.
   */
  setOutline(entries: Array<{ title: string; page: number; level?: number }>): void;
  /**
   * Page labels from the numbers printed on the pages (`ii`, `12`; null where a page shows none), one per
   * page, so a viewer shows the printed number (`p. 12` where the paper says 12). Pages without a number
   * are labelled `[n]` with their place in the file.
   */
  setPageLabels(labels: Array<string | null>): void;
  /** The page's label as a viewer shows it (its number in the file when the document defines none). */
  pageLabel(page: number): string;
  /**
   * Put an invisible text layer on a page from the words OCR read on it (`text.lines[].words[]`, boxes
   * in the page's text space, see PageText.rotation): each word over its box, as wide as its box, in an
   * embedded font, so search, selection and copy land on the scanned words. The page's own content is
   * kept as it was. Returns the number of words written.
   */
  addTextLayer(page: number, text: PageText): number;
  /** Append all pages of another document at the end; returns the 1-based page where it starts. */
  append(other: PdfDoc): number;
  /** Internal links present on a page (for validation): rect and 1-based target page (null = broken/external). */
  links(page: number): Array<{ rect: BBox; targetPage: number | null; uri: string }>;
  /** Outline entries, flattened in order (depth first), with their nesting level. */
  outline(): Array<{ title: string; page: number | null; level: number }>;
  /**
   * Remove all active content (JavaScript, additional actions, launch, form submission, links to files
   * and shares, media, XFA, embedded files) and return what was removed; web links and links within
   * the document stay.
   */
  removeActiveContent(): RemovedContent[];
  /** Save to bytes (a full, garbage-collected save, unencrypted). */
  save(): Uint8Array;
  /**
   * Save into a file (written under a temporary name, then renamed) without a copy of the bytes in this
   * thread's memory; returns the file's size and SHA-256 (hex). A document opened from a file of
   * `incrementalFrom` bytes or more (default INCREMENTAL_SAVE_FROM_BYTES), unencrypted, out of whose own
   * objects removeActiveContent took nothing (what it takes out of appended pages does not count), is
   * written as that file unchanged followed by an incremental update (its changed objects and the new ones
   * in use), the file copied a few megabytes at a time: memory does not grow with the file. Any other is
   * saved whole as save() does (in the PDF library's memory, up to 2.5 × its size).
   */
  saveToFile(path: string, opts?: SaveToFileOptions): SavedFile;
  /**
   * How saveToFile will write this document, told before it is changed (what removeActiveContent will
   * take out is looked for, nothing is taken): so that a file which must be written whole, in the PDF
   * library's memory, can be refused for its size before the work is done.
   */
  saveMethod(opts?: SaveToFileOptions): SaveMethod;
  /**
   * For a document read from its file: let go of what the PDF library keeps decoded between calls
   * (fonts, images, for every document on this thread); the document stays open. Between batches of
   * pages, this bounds a big file's memory. A document opened from bytes keeps them.
   */
  dropCaches(): void;
  /** Release all memory held for this document. Safe to call twice. */
  close(): void;
}
