import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { deflateSync } from 'node:zlib';
import type { BBox } from '../types.ts';
import type { PdfDoc } from './types.ts';
import { MupdfDoc } from './mupdf-doc.ts';
import { pageFacts, type PageFacts, type TextDirection } from './court-facts.ts';
import { saveBytes } from './save-bytes.ts';
import { openPdf } from './index.ts';

/**
 * The changes a court's rules may ask of a written file (court-rules/fix.ts decides which): each
 * written into the PDF itself. Nothing here adds an action: the view the file opens at is a plain
 * destination (what pdf/action-rules.ts lets an output keep), never JavaScript.
 */

const docOf = (pdf: PdfDoc): mupdf.PDFDocument => (pdf as MupdfDoc).doc;

/** Read the facts of one page again (after it was turned). */
export function readPageFacts(pdf: PdfDoc, page: number): PageFacts {
  const doc = docOf(pdf);
  const p = doc.loadPage(page - 1);
  try {
    return pageFacts(doc, p, page, doc.countPages());
  } finally {
    p.destroy();
  }
}

/**
 * Turn a page whose text runs `direction` (as it is shown) so that it reads left to right: its
 * /Rotate changed, its content untouched. Returns the new /Rotate.
 */
export function turnUpright(pdf: PdfDoc, page: number, direction: TextDirection): number {
  const obj = docOf(pdf).findPage(page - 1);
  const r = obj.getInheritable('Rotate');
  const now = r.isNumber() ? r.asNumber() : 0;
  // /Rotate turns clockwise: text running downwards (turned 90° clockwise) wants 270° more
  const next = (((now + 360 - direction) % 360) + 360) % 360;
  obj.put('Rotate', next);
  return next;
}

/**
 * Open at 100% on page 1: an explicit destination `[page1 /XYZ null null 1]` as the catalog's
 * /OpenAction (a destination, not an action: no script, nothing run), and the bookmarks panel shown
 * when there are bookmarks.
 */
export function setDefaultView100(pdf: PdfDoc): void {
  const doc = docOf(pdf);
  const root = doc.getTrailer().get('Root');
  const dest = doc.newArray();
  dest.push(doc.findPage(0));
  dest.push(doc.newName('XYZ'));
  dest.push(doc.newNull());
  dest.push(doc.newNull());
  dest.push(1);
  root.put('OpenAction', dest);
  if (pdf.outline().length) root.put('PageMode', doc.newName('UseOutlines'));
}

const STAMP_SIZE = 10;
const MARGIN = 18;
const PAD = 3;

function hits(a: BBox, b: BBox): boolean {
  return a[0] < b[2] + PAD && b[0] < a[2] + PAD && a[1] < b[3] + PAD && b[1] < a[3] + PAD;
}

/**
 * Where a page's number can stand without covering any of its text, as the page is shown: the
 * bottom right corner, then bottom centre, top right, bottom left, top left. Null when none is free.
 */
export function freeCorner(p: PageFacts, text: string): { x: number; y: number; box: BBox; where: string } | null {
  const w = text.length * STAMP_SIZE * 0.56;
  const h = STAMP_SIZE;
  const W = p.width;
  const H = p.height;
  const spots: Array<[string, number, number]> = [
    ['bottom right', W - MARGIN - w, H - MARGIN],
    ['bottom centre', (W - w) / 2, H - MARGIN],
    ['top right', W - MARGIN - w, MARGIN + h],
    ['bottom left', MARGIN, H - MARGIN],
    ['top left', MARGIN, MARGIN + h],
    ['bottom right, at the edge', W - 6 - w, H - 6],
    ['top right, at the edge', W - 6 - w, 6 + h],
  ];
  const boxes = p.edgeText.map((g) => g.box);
  for (const [where, x, y] of spots) {
    const box: BBox = [x, y - h, x + w, y + 2];
    if (!boxes.some((b) => hits(b, box))) return { x, y, box, where };
  }
  return null;
}

/** The font resource the page numbers are drawn in, added once per document. */
const stampFonts = new WeakMap<mupdf.PDFDocument, mupdf.PDFObject>();

function stampFont(doc: mupdf.PDFDocument): mupdf.PDFObject {
  let f = stampFonts.get(doc);
  if (!f) {
    const font = new mupdf.Font('Helvetica');
    try {
      f = doc.addSimpleFont(font, 'Latin');
    } finally {
      font.destroy();
    }
    stampFonts.set(doc, f);
  }
  return f;
}

/** The one `q` stream every stamped page's content starts with, added once per document. */
const openingQs = new WeakMap<mupdf.PDFDocument, mupdf.PDFObject>();

function openingQ(doc: mupdf.PDFDocument): mupdf.PDFObject {
  let q = openingQs.get(doc);
  if (!q) {
    q = doc.addStream('q\n', {});
    openingQs.set(doc, q);
  }
  return q;
}

/**
 * Draw `text` on page `page` at (x, y), a baseline in points on the page as it is shown (top-left
 * origin), upright as shown whatever the page's /Rotate. The page's own drawing is wrapped in q … Q
 * first, so nothing it leaves set moves or hides the number.
 */
export function stampText(pdf: PdfDoc, page: number, text: string, x: number, y: number): void {
  const doc = docOf(pdf);
  const p = doc.loadPage(page - 1);
  try {
    const obj = p.getObject();
    const toPdf = mupdf.Matrix.invert(p.getTransform());
    const tm = mupdf.Matrix.concat([1, 0, 0, -1, x, y], toPdf);
    const res = obj.getInheritable('Resources');
    let own = obj.get('Resources');
    if (own.isNull()) {
      own = res.isNull() ? doc.newDictionary() : res;
      obj.put('Resources', own);
    }
    let fonts = own.get('Font');
    if (fonts.isNull()) {
      fonts = doc.newDictionary();
      own.put('Font', fonts);
    }
    fonts.put('BLpn', stampFont(doc));
    const num = (n: number) => Number(n.toFixed(4));
    const ops = `Q q BT /BLpn ${STAMP_SIZE} Tf 0 g 0 Tr ${tm.map(num).join(' ')} Tm (${text.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET Q\n`;
    const before = openingQ(doc);
    const after = doc.addStream(ops, {});
    const contents = obj.get('Contents');
    const list = doc.newArray();
    list.push(before);
    if (contents.isArray()) contents.forEach((c) => list.push(c));
    else if (!contents.isNull()) list.push(contents);
    list.push(after);
    obj.put('Contents', list);
  } finally {
    p.destroy();
  }
}

export interface ResampleOutcome {
  /** Images replaced, with their pixels before and after. */
  replaced: Array<{ page: number; from: [number, number]; to: [number, number]; dpiBefore: number }>;
  /** Images over the limit left as they were, and why. */
  kept: Array<{ page: number; why: string }>;
}

/**
 * Resample the images a page draws at more than `maxDpi` to `maxDpi` (those in the page's own
 * resources; a JPEG stays a JPEG). The page's text layer is a separate drawing and does not change.
 * An image shared by several pages is replaced once for all of them.
 */
export function resampleImages(pdf: PdfDoc, pages: PageFacts[], maxDpi: number, slack = 1.05): ResampleOutcome {
  const doc = docOf(pdf);
  const out: ResampleOutcome = { replaced: [], kept: [] };
  const done = new Map<number, mupdf.PDFObject | null>();
  for (const f of pages) {
    const over = f.images.filter((i) => i.dpi > maxDpi * slack);
    if (!over.length) continue;
    const obj = doc.findPage(f.page - 1);
    const xobjects = obj.getInheritable('Resources').get('XObject');
    if (!xobjects.isDictionary()) {
      out.kept.push({ page: f.page, why: 'its images are drawn by a form' });
      continue;
    }
    const names: string[] = [];
    xobjects.forEach((_v, k) => names.push(String(k)));
    for (const name of names) {
      const ref = xobjects.get(name);
      if (!ref.isIndirect()) continue;
      const num = ref.asIndirect();
      if (done.has(num)) {
        const repl = done.get(num);
        if (repl) xobjects.put(name, repl);
        continue;
      }
      const dict = ref.resolve();
      if (dict.get('Subtype').isName() === false || dict.get('Subtype').asName() !== 'Image') continue;
      const w = dict.get('Width').asNumber();
      const h = dict.get('Height').asNumber();
      const placed = over.find((i) => i.width === w && i.height === h);
      if (!placed) continue;
      if (!dict.get('SMask').isNull() || !dict.get('Mask').isNull() || dict.get('ImageMask').valueOf() === true) {
        out.kept.push({ page: f.page, why: `a ${w}×${h} image with a transparency mask` });
        done.set(num, null);
        continue;
      }
      const scale = maxDpi / placed.dpi;
      const nw = Math.max(1, Math.round(w * scale));
      const nh = Math.max(1, Math.round(h * scale));
      const image = doc.loadImage(ref);
      let pix: mupdf.Pixmap | null = null;
      let small: mupdf.Pixmap | null = null;
      let next: mupdf.Image | null = null;
      try {
        pix = image.toPixmap();
        small = pix.warp([[0, 0], [pix.getWidth(), 0], [pix.getWidth(), pix.getHeight()], [0, pix.getHeight()]], nw, nh);
        // a scan in colour whose every pixel is grey (black print on white paper) is kept in grey: a third of the samples
        if (isGreyRgb(small)) {
          const grey = small.convertToColorSpace(mupdf.ColorSpace.DeviceGray);
          small.destroy();
          small = grey;
        }
        const filter = dict.get('Filter');
        const jpeg = (filter.isName() && filter.asName() === 'DCTDecode') || (filter.isArray() && filter.length && filter.get(filter.length - 1).asName?.() === 'DCTDecode');
        next = jpeg ? new mupdf.Image(small.asJPEG(85)) : null;
        const newRef = next ? doc.addImage(next) : addDeflatedImage(doc, small);
        const oldLen = dict.get('Length').asNumber();
        // an image from pixels is stored raw until the save compresses it: weigh it compressed
        const added = newRef.resolve();
        const newLen = added.get('Filter').isNull() ? rawDeflatedLength(newRef) : added.get('Length').asNumber();
        if (newLen >= oldLen) {
          out.kept.push({ page: f.page, why: `a ${w}×${h} image would not be smaller at ${maxDpi} dpi` });
          done.set(num, null);
          continue;
        }
        xobjects.put(name, newRef);
        done.set(num, newRef);
        out.replaced.push({ page: f.page, from: [w, h], to: [nw, nh], dpiBefore: placed.dpi });
      } finally {
        next?.destroy();
        small?.destroy();
        pix?.destroy();
        image.destroy();
      }
    }
  }
  return out;
}

/**
 * A pixmap (grey or RGB, no alpha) as a Flate image deflated at zlib's best compression: a scan resampled
 * for the court comes out about a tenth smaller than at the default level the save would use.
 */
function addDeflatedImage(doc: mupdf.PDFDocument, pix: mupdf.Pixmap): mupdf.PDFObject {
  const n = pix.getNumberOfComponents();
  const w = pix.getWidth();
  const h = pix.getHeight();
  const stride = pix.getStride();
  const px = pix.getPixels();
  const row = w * n;
  const samples = new Uint8Array(row * h);
  for (let y = 0; y < h; y++) samples.set(px.subarray(y * stride, y * stride + row), y * row);
  const dict = doc.newDictionary();
  dict.put('Type', doc.newName('XObject'));
  dict.put('Subtype', doc.newName('Image'));
  dict.put('Width', w);
  dict.put('Height', h);
  dict.put('ColorSpace', doc.newName(n === 1 ? 'DeviceGray' : 'DeviceRGB'));
  dict.put('BitsPerComponent', 8);
  dict.put('Filter', doc.newName('FlateDecode'));
  return doc.addRawStream(deflateSync(samples, { level: 9 }), dict);
}

/** An RGB pixmap without alpha whose every pixel has its three samples equal. */
function isGreyRgb(pix: mupdf.Pixmap): boolean {
  if (pix.getNumberOfComponents() !== 3 || pix.getAlpha()) return false;
  const px = pix.getPixels();
  for (let i = 0; i < px.length; i += 3) if (px[i] !== px[i + 1] || px[i] !== px[i + 2]) return false;
  return true;
}

function rawDeflatedLength(ref: mupdf.PDFObject): number {
  const buf = ref.readRawStream();
  try {
    return deflateSync(buf.asUint8Array()).length;
  } finally {
    buf.destroy();
  }
}

/** Save compacted: unused objects dropped, every stream compressed, no encryption. */
export function saveCompact(pdf: PdfDoc): Uint8Array {
  return saveBytes(docOf(pdf), 'garbage=compact,compress,objstms,encrypt=none');
}

/** Save as is, unencrypted (the source of volumes that are each saved compacted). */
export function saveQuick(pdf: PdfDoc): Uint8Array {
  return saveBytes(docOf(pdf), 'encrypt=none');
}

/**
 * One volume of a written file: its pages `first`..`last` (1-based), with the bookmarks that go to
 * them, the page labels given (one per page of the volume), links into other volumes removed (a
 * volume is a file of its own), and the view it opens at set again. Saved compacted.
 */
export function writeVolume(
  bytes: Uint8Array,
  first: number,
  last: number,
  opts: { outline: Array<{ title: string; page: number; level: number }>; labels: string[] | null; defaultView100: boolean },
): { bytes: Uint8Array; linksRemoved: number } {
  const pdf = openPdf(bytes);
  try {
    const doc = docOf(pdf);
    // one rearrangement keeping the volume's pages (deleting the others one at a time is quadratic)
    doc.rearrangePages(Array.from({ length: last - first + 1 }, (_, i) => first - 1 + i));
    let linksRemoved = 0;
    const n = doc.countPages();
    for (let i = 0; i < n; i++) {
      const page = doc.loadPage(i);
      try {
        for (const link of page.getLinks()) {
          if (link.isExternal()) continue;
          const idx = doc.resolveLink(link.getURI());
          if (idx < 0 || idx >= n) {
            page.deleteLink(link);
            linksRemoved++;
          }
        }
      } finally {
        page.destroy();
      }
    }
    pdf.setOutline(opts.outline.filter((o) => o.page >= first && o.page <= last).map((o) => ({ title: o.title, page: o.page - first + 1, level: o.level })));
    if (opts.labels) pdf.setPageLabels(opts.labels);
    if (opts.defaultView100) setDefaultView100(pdf);
    return { bytes: saveCompact(pdf), linksRemoved };
  } finally {
    pdf.close();
  }
}
