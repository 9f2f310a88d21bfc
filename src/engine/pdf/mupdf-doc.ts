import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { saveBytes, saveFile } from './save-bytes.ts';
import { saveIncremental, xrefChainReadable } from './incremental-save.ts';
import { EngineError, type BBox, type PageText, type RemovedContent } from '../types.ts';
import { overSameRow } from '../util/geometry.ts';
import type { PdfDoc, SaveMethod, SaveToFileOptions, SavedFile, WholeSaveReason } from './types.ts';
import { appendDocument } from './append.ts';
import { redactionBoxes } from './dark-boxes.ts';
import { analysePage, type PageAnalysis } from './page-text.ts';
import { pageLabelRanges } from './page-labels.ts';
import { removeActiveContent } from './sanitize.ts';
import { TextLayerWriter } from './text-layer.ts';
import { checkPageLimits, checkRenderSize, type PageLimits } from './limits.ts';

/**
 * From this size on, a document opened from its file is saved as an incremental update of that file
 * (docs/adr/0005): a full save holds the whole output in MuPDF's memory, up to two and a half times the
 * file. Below it the full save stays: it drops what is no longer used and packs the rest, which can be what
 * makes a file fit a court's cap (8 to 100 MB), and at 2.5 × 100 MB its memory is no matter.
 */
export const INCREMENTAL_SAVE_FROM_BYTES = 100 * 1048576;

/** PdfDoc over a MuPDF PDFDocument. Pages are loaded per call and released at once. */
export class MupdfDoc implements PdfDoc {
  #doc: mupdf.PDFDocument | null;
  /** Whether the input packed objects into object streams; the output then does too (else it grows by half). */
  #objectStreams: boolean;

  /** The file the document is read from (a big upload's way) and its size then; null when opened from bytes. */
  readonly #file: { path: string; size: number } | null;

  /**
   * Whether removeActiveContent took anything out of the document as it was opened (its output is then
   * written whole: see saveToFile). What it takes out of pages appended from another document is in new
   * objects, which an update writes as they are now.
   */
  #removedActiveContent = false;
  readonly #openedPages: number;

  constructor(doc: mupdf.PDFDocument, objectStreams = false, file: { path: string; size: number } | null = null) {
    this.#doc = doc;
    this.#objectStreams = objectStreams;
    this.#file = file;
    this.#openedPages = doc.countPages();
  }

  get doc(): mupdf.PDFDocument {
    if (!this.#doc) throw new EngineError('io', 'the document is closed');
    return this.#doc;
  }

  get pageCount(): number {
    return this.doc.countPages();
  }

  #withPage<T>(page: number, fn: (p: mupdf.PDFPage) => T): T {
    const count = this.pageCount;
    if (!Number.isInteger(page) || page < 1 || page > count) {
      throw new RangeError(`page ${page} is outside 1..${count}`);
    }
    let p: mupdf.PDFPage;
    try {
      p = this.doc.loadPage(page - 1);
    } catch (err) {
      throw new EngineError('damaged', `page ${page} cannot be read: ${(err as Error).message}`);
    }
    try {
      return fn(p);
    } finally {
      p.destroy();
    }
  }

  analysePage(page: number): PageAnalysis {
    return this.#withPage(page, (p) => analysePage(p, page));
  }

  pageSize(page: number): { width: number; height: number } {
    return this.#withPage(page, (p) => {
      const [x0, y0, x1, y1] = p.getBounds();
      return { width: x1 - x0, height: y1 - y0 };
    });
  }

  pageText(page: number): PageText {
    return this.analysePage(page).text;
  }

  needsOcr(page: number): boolean {
    return this.analysePage(page).needsOcr;
  }

  darkBoxes(page: number): BBox[] {
    return this.#withPage(page, (p) => redactionBoxes(p));
  }

  renderPng(page: number, dpi: number, opts: { color?: boolean; rotate?: 0 | 90 | 180 | 270 } = {}): Uint8Array {
    return this.#render(page, dpi, opts, (pix) => pix.asPNG().slice());
  }

  renderGray(page: number, dpi: number, opts: { rotate?: 0 | 90 | 180 | 270 } = {}): Uint8Array {
    return this.#render(page, dpi, opts, (pix) => {
      const [width, height, stride] = [pix.getWidth(), pix.getHeight(), pix.getStride()];
      const samples = pix.getPixels();
      const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
      const pgm = new Uint8Array(header.length + width * height);
      pgm.set(header);
      for (let y = 0; y < height; y++) pgm.set(samples.subarray(y * stride, y * stride + width), header.length + y * width);
      return pgm;
    });
  }

  #render<T>(page: number, dpi: number, opts: { color?: boolean; rotate?: 0 | 90 | 180 | 270 }, out: (pix: mupdf.Pixmap) => T): T {
    return this.#withPage(page, (p) => {
      checkRenderSize(page, p.getBounds(), dpi);
      const cs = opts.color ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray;
      const scale = mupdf.Matrix.scale(dpi / 72, dpi / 72);
      const matrix = opts.rotate ? mupdf.Matrix.concat(scale, mupdf.Matrix.rotate(opts.rotate)) : scale;
      const pix = p.toPixmap(matrix, cs, false, true);
      try {
        return out(pix);
      } finally {
        pix.destroy();
        // Decoded page images stay in MuPDF's store and WASM memory never shrinks: a scanned
        // brief rendered page after page grew by ~2 MB a page until the store was emptied.
        mupdf.emptyStore();
      }
    });
  }

  #pageUri(targetPage: number): string {
    return this.doc.formatLinkURI({
      type: 'Fit', chapter: 0, page: targetPage - 1, x: 0, y: 0, width: 0, height: 0, zoom: 0,
    });
  }

  addLink(page: number, rect: BBox, targetPage: number): void {
    const uri = this.#pageUri(targetPage);
    this.#withPage(page, (p) => {
      p.createLink([rect[0], rect[1], rect[2], rect[3]], uri).destroy();
    });
  }

  addUriLink(page: number, rect: BBox, uri: string): void {
    if (!/^https:\/\//i.test(uri)) throw new Error(`not a web address: ${uri}`);
    this.#withPage(page, (p) => {
      p.createLink([rect[0], rect[1], rect[2], rect[3]], uri).destroy();
    });
  }

  deleteLinksAt(page: number, rect: BBox): number {
    return this.#withPage(page, (p) => {
      let removed = 0;
      for (const link of p.getLinks()) {
        const r = link.getBounds();
        if (!link.isExternal() && overSameRow([r[0], r[1], r[2], r[3]], rect)) {
          p.deleteLink(link);
          removed++;
        }
        link.destroy();
      }
      return removed;
    });
  }

  setPageLabels(labels: Array<string | null>): void {
    // the input's own labels go: ours cover every page
    this.doc.getTrailer().get('Root').delete('PageLabels');
    for (const r of pageLabelRanges(labels)) this.doc.setPageLabels(r.index, r.style, r.prefix, r.start);
  }

  pageLabel(page: number): string {
    return this.#withPage(page, (p) => p.getLabel());
  }

  setOutline(entries: Array<{ title: string; page: number; level?: number }>): void {
    const it = this.doc.outlineIterator();
    try {
      while (it.item()) it.delete();
      let depth = 0;
      for (const e of entries) {
        const level = Math.max(0, Math.min(e.level ?? 0, depth + 1));
        if (level > depth) {
          // under the entry just inserted
          it.prev();
          it.down();
          depth++;
        }
        while (level < depth) {
          it.up();
          it.next();
          depth--;
        }
        it.insert({ title: e.title, uri: this.#pageUri(e.page), open: false });
      }
    } finally {
      it.destroy();
    }
  }

  #textLayer: TextLayerWriter | null = null;

  addTextLayer(page: number, text: PageText): number {
    const count = this.pageCount;
    if (!Number.isInteger(page) || page < 1 || page > count) throw new RangeError(`page ${page} is outside 1..${count}`);
    this.#textLayer ??= new TextLayerWriter(this.doc);
    return this.#textLayer.add(page - 1, text);
  }

  append(other: PdfDoc): number {
    if (!(other instanceof MupdfDoc)) throw new TypeError('can only append a document opened with openPdf');
    this.#pageObjects = null;
    this.#objectStreams ||= other.#objectStreams;
    return appendDocument(this.doc, other.doc);
  }

  #pageObjects: Set<number> | null = null;

  /** Object numbers of the pages in the page tree (to tell a link to a removed page). */
  #pageObjectNumbers(): Set<number> {
    if (!this.#pageObjects) {
      const set = new Set<number>();
      for (let i = 0; i < this.pageCount; i++) set.add(this.doc.findPage(i).asIndirect());
      this.#pageObjects = set;
    }
    return this.#pageObjects;
  }

  /** For each link annotation on the page, in order: does its destination name a page object that is gone? */
  #danglingDestinations(p: mupdf.PDFPage): boolean[] {
    const out: boolean[] = [];
    const annots = p.getObject().get('Annots');
    if (!annots.isArray()) return out;
    const pages = this.#pageObjectNumbers();
    for (let i = 0; i < annots.length; i++) {
      const a = annots.get(i);
      if (!a.isDictionary() || a.get('Subtype').asName() !== 'Link') continue;
      let dest = a.get('Dest');
      const action = a.get('A');
      if (dest.isNull() && action.isDictionary() && action.get('S').asName() === 'GoTo') dest = action.get('D');
      const first = dest.isArray() && dest.length > 0 ? dest.get(0) : null;
      out.push(first !== null && first.isIndirect() && !pages.has(first.asIndirect()));
    }
    return out;
  }

  links(page: number): Array<{ rect: BBox; targetPage: number | null; uri: string }> {
    const count = this.pageCount;
    return this.#withPage(page, (p) => {
      const out: Array<{ rect: BBox; targetPage: number | null; uri: string }> = [];
      const links = p.getLinks();
      const dangling = this.#danglingDestinations(p);
      const byOrder = dangling.length === links.length;
      links.forEach((link, i) => {
        try {
          const r = link.getBounds();
          const uri = link.getURI();
          let target: number | null = null;
          if (!link.isExternal() && !(byOrder && dangling[i])) {
            const idx = this.doc.resolveLink(uri);
            target = idx >= 0 && idx < count ? idx + 1 : null;
          }
          out.push({ rect: [r[0], r[1], r[2], r[3]], targetPage: target, uri });
        } finally {
          link.destroy();
        }
      });
      return out;
    });
  }

  outline(): Array<{ title: string; page: number | null; level: number }> {
    const out: Array<{ title: string; page: number | null; level: number }> = [];
    const count = this.pageCount;
    const walk = (items: ReturnType<mupdf.Document['loadOutline']>, level: number) => {
      for (const item of items ?? []) {
        const page = typeof item.page === 'number' && item.page >= 0 && item.page < count ? item.page + 1 : null;
        out.push({ title: item.title ?? '', page, level });
        if (item.down) walk(item.down, level + 1);
      }
    };
    walk(this.doc.loadOutline(), 0);
    return out;
  }

  checkLimits(limits: PageLimits): void {
    checkPageLimits(this.doc, limits);
  }

  removeActiveContent(): RemovedContent[] {
    const removed = removeActiveContent(this.doc);
    if (removed.some((r) => r.page === undefined || r.page <= this.#openedPages)) this.#removedActiveContent = true;
    return removed;
  }

  // written unencrypted: courts' e-filing systems refuse encrypted PDFs (owner-locked input opens
  // without a password). Object streams only when the input had them (PDF/A-1 forbids them).
  get #saveOptions(): string {
    return `garbage=compact,encrypt=none${this.#objectStreams ? ',compress,objstms' : ''}`;
  }

  save(): Uint8Array {
    return saveBytes(this.doc, this.#saveOptions);
  }

  /** Why this document's output is written whole by what is known of it now, or null when it can be an update. */
  #wholeSaveReason(incrementalFrom: number): WholeSaveReason | null {
    if (!this.#file) return 'opened from bytes';
    if (this.#file.size < incrementalFrom) return 'small file';
    if (this.#removedActiveContent) return 'active content';
    if (!this.doc.getTrailer().get('Encrypt').isNull()) return 'encrypted';
    if (this.doc.wasRepaired() || !this.doc.canBeSavedIncrementally()) return 'repaired';
    return null;
  }

  saveMethod(opts: SaveToFileOptions = {}): SaveMethod {
    const reason = this.#wholeSaveReason(opts.incrementalFrom ?? INCREMENTAL_SAVE_FROM_BYTES);
    if (reason) return { incremental: false, whole: reason };
    // what removeActiveContent will find (it is called before saving), and whether the file's own
    // cross-reference sections can be read (the update's /Prev and the generations of its objects)
    if (removeActiveContent(this.doc, { dryRun: true }).some((r) => r.page === undefined || r.page <= this.#openedPages)) {
      return { incremental: false, whole: 'active content' };
    }
    if (!this.#file || !xrefChainReadable(this.#file.path, this.doc)) return { incremental: false, whole: 'cross-reference not readable' };
    return { incremental: true };
  }

  saveToFile(path: string, opts: SaveToFileOptions = {}): SavedFile {
    const reason = this.#wholeSaveReason(opts.incrementalFrom ?? INCREMENTAL_SAVE_FROM_BYTES);
    let whole: WholeSaveReason = reason ?? 'opened from bytes';
    if (reason === null && this.#file) {
      const saved = saveIncremental(this.doc, this.#file.path, this.#file.size, path);
      if (typeof saved !== 'string') return { ...saved, incremental: true };
      whole = saved;
    }
    return { ...saveFile(this.doc, this.#saveOptions, path), incremental: false, whole };
  }

  dropCaches(): void {
    // bytes in memory are a document small enough to keep its fonts decoded: decoding them again
    // every chunk cost 6% of the time a 1,200-page brief's text takes
    if (this.#file) mupdf.emptyStore();
  }

  close(): void {
    this.#textLayer?.close();
    this.#textLayer = null;
    if (this.#doc) {
      this.#doc.destroy();
      this.#doc = null;
    }
  }
}
