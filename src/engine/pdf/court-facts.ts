import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import type { BBox } from '../types.ts';
import type { PdfDoc } from './types.ts';
import { MupdfDoc } from './mupdf-doc.ts';

/**
 * What a court's rules are checked against, read from a written PDF (never assumed from how it was
 * made): one pass of the page's drawing per page through a device that only counts (no structured
 * text, no rendering), so a 1,200-page file is read in a few seconds.
 */

/** Which way a page's text runs as the page is shown: 0 left to right, 90 downwards (turned clockwise), 180 upside down, 270 upwards. */
export type TextDirection = 0 | 90 | 180 | 270;

export interface ImagePlacement {
  /** Pixels of the image. */
  width: number;
  height: number;
  /** Resolution as drawn on the page (the larger of across and down). */
  dpi: number;
}

export interface PageFacts {
  page: number;
  /** /Rotate of the page (0, 90, 180, 270). */
  rotate: number;
  /** Size as shown (rotation applied), points. */
  width: number;
  height: number;
  label: string;
  /** Glyphs read (a sample of the page's, and all near its top and foot); 0 when the page draws no text at all, visible or not (an OCR layer is invisible text). */
  glyphs: number;
  /** Text objects drawn. */
  texts: number;
  /** Text objects drawn (at least in part) between the top and foot bands: text other than a running header, footer or page number. */
  bodyTexts: number;
  /** The direction most of the page's glyphs run, or null with no text. */
  direction: TextDirection | null;
  /** Boxes of the glyphs in the top and bottom eighth of the page as shown (where a page number goes), top-left origin. */
  edgeText: Array<{ box: BBox; char: string }>;
  images: ImagePlacement[];
  /** Links to pages of this document. */
  internalLinks: Array<{ rect: BBox; targetPage: number | null }>;
}

export interface DocFacts {
  pages: PageFacts[];
  /** Outline flattened depth first. */
  outline: Array<{ title: string; page: number | null; level: number }>;
  /** The zoom the file opens at (1 = 100%) when its open destination sets one, else null. */
  openZoom: number | null;
  pageMode: string | null;
  encrypted: boolean;
  /** Content and image streams stored without compression (of more than 1 KB). */
  uncompressedStreams: number;
}

const EDGE = 0.12;
/** Glyphs of a page read for its direction (all of those near its top and foot are read too). */
const DIRECTION_SAMPLE = 200;

function apply(m: mupdf.Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function directionOf(m: mupdf.Matrix): TextDirection {
  const [dx, dy] = [m[0], m[1]];
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 0 : 180;
  return dy > 0 ? 90 : 270;
}

/** Facts of one loaded page. */
export function pageFacts(doc: mupdf.PDFDocument, page: mupdf.PDFPage, n: number, count: number): PageFacts {
  const bounds = page.getBounds();
  const width = bounds[2] - bounds[0];
  const height = bounds[3] - bounds[1];
  const rotObj = page.getObject().getInheritable('Rotate');
  const rotate = rotObj.isNumber() ? ((((rotObj.asNumber() % 360) + 360) % 360)) : 0;
  const votes = [0, 0, 0, 0];
  let glyphs = 0;
  let texts = 0;
  let bodyTexts = 0;
  const edgeText: PageFacts['edgeText'] = [];
  const images: ImagePlacement[] = [];
  const top = bounds[1] + height * EDGE;
  const bottom = bounds[3] - height * EDGE;
  // the glyphs walked for the page's direction: a sample is enough, and walking every glyph of a dense
  // page through the library's callbacks is most of the time this read takes
  let sampled = 0;
  const onText = (text: mupdf.Text, ctm: mupdf.Matrix) => {
    texts++;
    const b = text.getBounds(null as unknown as mupdf.StrokeState, ctm);
    const atEdge = b[1] < top || b[3] > bottom;
    if (b[3] > top && b[1] < bottom) bodyTexts++;
    if (!atEdge && sampled >= DIRECTION_SAMPLE) return;
    text.walk({
      showGlyph(_font, trm, _glyph, unicode) {
        glyphs++;
        sampled++;
        const m = mupdf.Matrix.concat(trm, ctm);
        const d = directionOf(m);
        votes[d / 90]!++;
        const [x, y] = [m[4], m[5]];
        if (y < top || y > bottom) {
          const pts = [apply(m, 0, -0.2), apply(m, 0.6, -0.2), apply(m, 0, 0.9), apply(m, 0.6, 0.9)];
          const xs = pts.map((p) => p[0]);
          const ys = pts.map((p) => p[1]);
          edgeText.push({ box: [Math.min(...xs, x), Math.min(...ys), Math.max(...xs), Math.max(...ys)], char: String.fromCodePoint(unicode > 0 ? unicode : 0xfffd) });
        }
      },
    });
  };
  const onImage = (image: mupdf.Image, ctm: mupdf.Matrix) => {
    const w = Math.hypot(ctm[0], ctm[1]);
    const h = Math.hypot(ctm[2], ctm[3]);
    if (w < 1 || h < 1) return;
    const iw = image.getWidth();
    const ih = image.getHeight();
    // which side of the image lies along which side of the placement: the image's x runs along (ctm[0], ctm[1])
    const dpi = Math.max((iw / w) * 72, (ih / h) * 72);
    images.push({ width: iw, height: ih, dpi: Math.round(dpi) });
  };
  const device = new mupdf.Device({
    fillText: (t, ctm) => onText(t, ctm),
    strokeText: (t, _s, ctm) => onText(t, ctm),
    clipText: (t, ctm) => onText(t, ctm),
    clipStrokeText: (t, _s, ctm) => onText(t, ctm),
    ignoreText: (t, ctm) => onText(t, ctm),
    fillImage: (img, ctm) => onImage(img, ctm),
    fillImageMask: (img, ctm) => onImage(img, ctm),
    clipImageMask: (img, ctm) => onImage(img, ctm),
  });
  try {
    page.runPageContents(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  const most = votes.indexOf(Math.max(...votes));
  const internalLinks: PageFacts['internalLinks'] = [];
  for (const link of page.getLinks()) {
    if (link.isExternal()) continue;
    const idx = doc.resolveLink(link.getURI());
    const r = link.getBounds();
    internalLinks.push({ rect: [r[0], r[1], r[2], r[3]], targetPage: idx >= 0 && idx < count ? idx + 1 : null });
  }
  return {
    page: n,
    rotate,
    width,
    height,
    label: page.getLabel(),
    glyphs,
    texts,
    bodyTexts,
    direction: glyphs ? ((most * 90) as TextDirection) : null,
    edgeText,
    images,
    internalLinks,
  };
}

function openZoom(doc: mupdf.PDFDocument): number | null {
  const open = doc.getTrailer().get('Root').get('OpenAction');
  const dest = open.isDictionary() ? open.get('D') : open;
  if (!dest.isArray() || dest.length < 5) return null;
  if (!dest.get(1).isName() || dest.get(1).asName() !== 'XYZ') return null;
  const z = dest.get(4);
  return z.isNumber() && z.asNumber() > 0 ? z.asNumber() : null;
}

function uncompressedStreams(doc: mupdf.PDFDocument): number {
  let n = 0;
  const count = doc.countObjects();
  for (let i = 1; i < count; i++) {
    const obj = doc.newIndirect(i);
    if (!obj.isStream()) continue;
    const resolved = obj.resolve();
    if (!resolved.get('Filter').isNull()) continue;
    const len = resolved.get('Length');
    if (len.isNumber() && len.asNumber() > 1024) n++;
  }
  return n;
}

/** Read what a court's rules are checked against from an open document. */
export function readDocFacts(pdf: PdfDoc, onPage?: (done: number, total: number) => void): DocFacts {
  const doc = (pdf as MupdfDoc).doc;
  const count = doc.countPages();
  const pages: PageFacts[] = [];
  for (let i = 0; i < count; i++) {
    const page = doc.loadPage(i);
    try {
      pages.push(pageFacts(doc, page, i + 1, count));
    } finally {
      page.destroy();
    }
    onPage?.(i + 1, count);
  }
  const root = doc.getTrailer().get('Root');
  const mode = root.get('PageMode');
  return {
    pages,
    outline: pdf.outline(),
    openZoom: openZoom(doc),
    pageMode: mode.isName() ? mode.asName() : null,
    encrypted: !doc.getTrailer().get('Encrypt').isNull(),
    uncompressedStreams: uncompressedStreams(doc),
  };
}
