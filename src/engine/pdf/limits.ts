import './wasm-handle.ts';
import { inflateSync } from 'node:zlib';
import type * as mupdf from 'mupdf';
import { EngineError } from '../types.ts';

/** How much one page may need once decoded. */
export interface PageLimits {
  /** Bytes of drawing instructions (content streams and forms) once decompressed. */
  contentBytes: number;
  /** Bytes of decoded image pixels. */
  imageBytes: number;
  /**
   * Bytes of drawing instructions the whole document may decode to, counting a stream once for every
   * page that draws it: reading a page parses what it draws, so a small stream under the page limit
   * drawn by 2,000 pages costs 2,000 times its parsing. Unset: no limit on the whole.
   */
  documentContentBytes?: number;
}

/** Rendering for OCR stops at this many pixels a page (a 600 dpi tabloid page is 61 million). */
export const MAX_RENDER_PIXELS = 120_000_000;

export const TOO_LARGE_PREFIX = 'this PDF needs more memory than allowed';
export const TOO_COSTLY_PREFIX = 'this PDF would take too long to read';

const COMPONENTS: Record<string, number> = { DeviceGray: 1, CalGray: 1, DeviceRGB: 3, CalRGB: 3, Lab: 3, DeviceCMYK: 4 };

function res(obj: mupdf.PDFObject): mupdf.PDFObject {
  // MuPDF reads through a reference on every call (get, forEach, isDictionary, asName…). Resolving it
  // by hand must not be done: mupdf.js 1.28 then saves a stream so resolved (a scan's page image)
  // without its data when the save collects garbage.
  return obj;
}

function components(cs: mupdf.PDFObject): number {
  const c = res(cs);
  if (c.isName()) return COMPONENTS[c.asName()] ?? 3;
  if (c.isArray() && c.length > 0) {
    const family = res(c.get(0)).isName() ? res(c.get(0)).asName() : '';
    if (family === 'Indexed' || family === 'Separation') return 1;
    if (family === 'ICCBased') {
      const n = res(c.get(1)).isStream() || res(c.get(1)).isDictionary() ? res(res(c.get(1)).get('N')) : null;
      return n?.isNumber() ? n.asNumber() : 3;
    }
    if (family === 'DeviceN') return res(c.get(1)).isArray() ? res(c.get(1)).length : 4;
  }
  return 3;
}

/**
 * Decoded length of a stream, or a number over `atMost` as soon as it is known to be over it. A plain
 * Flate stream (nearly every content stream) is inflated here, stopping at `atMost` bytes; any other is
 * decoded by MuPDF, through the reference (MuPDF finds a stream's data by its object number).
 */
function decodedSize(stream: mupdf.PDFObject, atMost: number): number {
  const filter = res(res(stream).get('Filter'));
  const flate = (filter.isName() && filter.asName() === 'FlateDecode') || (filter.isArray() && filter.length === 1 && res(filter.get(0)).isName() && res(filter.get(0)).asName() === 'FlateDecode');
  if (flate && res(stream).get('DecodeParms').isNull()) {
    const raw = stream.readRawStream();
    try {
      return inflateSync(raw.asUint8Array(), { maxOutputLength: Math.max(1, Math.ceil(atMost)) }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return atMost + 1;
      // damaged data: MuPDF decodes what it can, as it will when the page is read
    } finally {
      raw.destroy();
    }
  }
  const data = stream.readStream();
  try {
    return data.length;
  } finally {
    data.destroy();
  }
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1048576)} MB`;
}

/**
 * Checks what each page needs once decoded against `limits` before any page is read, so that a small
 * file that decompresses to hundreds of megabytes a page (a decompression bomb) fails at once with a
 * reason instead of holding a processing slot for minutes. Content streams are decompressed to be
 * measured (stopping at the first page over); image sizes come from their dictionaries.
 */
export function checkPageLimits(doc: mupdf.PDFDocument, limits: PageLimits): void {
  const pages = doc.countPages();
  // a stream drawn by many pages is decoded once: its size is known after the first
  const known = new Map<number, number>();
  const sizeOf = (s: mupdf.PDFObject, atMost: number) => {
    const num = s.isIndirect() ? s.asIndirect() : null;
    const cached = num === null ? undefined : known.get(num);
    if (cached !== undefined) return cached;
    const size = decodedSize(s, atMost);
    if (num !== null && size <= atMost) known.set(num, size);
    return size;
  };
  let whole = 0;
  for (let i = 0; i < pages; i++) {
    let content = 0;
    let images = 0;
    const seen = new Set<number>();
    const streamBytes = (s: mupdf.PDFObject) => {
      if (s.isIndirect()) {
        if (seen.has(s.asIndirect())) return;
        seen.add(s.asIndirect());
      }
      if (!s.isStream()) return;
      const size = sizeOf(s, limits.contentBytes - content + 1);
      content += size;
      whole += size;
      if (content > limits.contentBytes) {
        throw new EngineError('too-large', `${TOO_LARGE_PREFIX}: page ${i + 1} decompresses to more than ${mb(limits.contentBytes)} of drawing instructions (the limit for one page)`);
      }
      if (limits.documentContentBytes !== undefined && whole > limits.documentContentBytes) {
        throw new EngineError(
          'too-large',
          `${TOO_COSTLY_PREFIX}: its first ${i + 1} of ${pages} pages already draw more than ${mb(limits.documentContentBytes)} of drawing instructions, a page drawing the same content as another counted again (the limit for a whole document)`,
        );
      }
    };
    const walkResources = (resources: mupdf.PDFObject, depth: number) => {
      // a page or form may have no resources (absent, null, inherited from nowhere): it draws no XObject
      if (!res(resources).isDictionary() || depth > 8) return;
      const xobjects = res(res(resources).get('XObject'));
      if (!xobjects.isDictionary()) return;
      const entries: mupdf.PDFObject[] = [];
      xobjects.forEach((v) => entries.push(v));
      for (const x of entries) {
        if (x.isIndirect() && seen.has(x.asIndirect())) continue;
        const xo = res(x);
        if (!xo.isDictionary()) continue; // a missing object or no XObject at all: nothing drawn
        const subtype = res(xo.get('Subtype'));
        const kind = subtype.isName() ? subtype.asName() : '';
        if (kind === 'Image') {
          if (x.isIndirect()) seen.add(x.asIndirect());
          const w = res(xo.get('Width')).isNumber() ? res(xo.get('Width')).asNumber() : 0;
          const h = res(xo.get('Height')).isNumber() ? res(xo.get('Height')).asNumber() : 0;
          const mask = res(xo.get('ImageMask'));
          const bpc = res(xo.get('BitsPerComponent')).isNumber() ? res(xo.get('BitsPerComponent')).asNumber() : 8;
          const perPixel = mask.isBoolean() && mask.asBoolean() ? 1 / 8 : (components(xo.get('ColorSpace')) * Math.max(1, bpc)) / 8;
          images += w * h * perPixel;
          if (images > limits.imageBytes) {
            throw new EngineError('too-large', `${TOO_LARGE_PREFIX}: the images of page ${i + 1} decode to ${mb(images)} (the limit is ${mb(limits.imageBytes)})`);
          }
        } else if (kind === 'Form') {
          streamBytes(x);
          walkResources(xo.get('Resources'), depth + 1);
        }
      }
    };
    const page = findPage(doc, i);
    const contents = res(page.get('Contents'));
    if (contents.isArray()) for (let k = 0; k < contents.length; k++) streamBytes(contents.get(k));
    else if (!page.get('Contents').isNull()) streamBytes(page.get('Contents'));
    walkResources(page.getInheritable('Resources'), 0);
  }
}

/**
 * Page `i` (0-based) of the page tree, or a refusal saying it is not there: a tree damaged beyond repair
 * (MuPDF cannot walk it), or one whose kid is a missing object (MuPDF counts it and shows an empty page,
 * and a copy saved of it holds no page at all).
 */
function findPage(doc: mupdf.PDFDocument, i: number): mupdf.PDFObject {
  const missing = (why: string) => new EngineError('damaged', `damaged PDF that cannot be repaired: page ${i + 1} of ${doc.countPages()} is missing from its page tree (${why})`);
  let page: mupdf.PDFObject;
  try {
    page = doc.findPage(i);
  } catch (err) {
    throw missing((err as Error).message);
  }
  if (!page.isDictionary()) throw missing('no such object');
  return page;
}

/** Throws when rendering `bounds` at `dpi` would exceed the pixel cap of OCR rendering. */
export function checkRenderSize(page: number, bounds: readonly number[], dpi: number): void {
  const scale = dpi / 72;
  const pixels = Math.abs((bounds[2]! - bounds[0]!) * scale) * Math.abs((bounds[3]! - bounds[1]!) * scale);
  if (pixels > MAX_RENDER_PIXELS) {
    throw new EngineError(
      'too-large',
      `${TOO_LARGE_PREFIX}: page ${page} would render to ${Math.round(pixels / 1e6)} million pixels at ${dpi} dpi (the limit is ${MAX_RENDER_PIXELS / 1e6} million)`,
    );
  }
}
