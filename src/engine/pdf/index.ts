import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { saveBytes } from './save-bytes.ts';
import { EngineError } from '../types.ts';
import type { PdfDoc } from './types.ts';
import { MupdfDoc } from './mupdf-doc.ts';

export type { PdfDoc } from './types.ts';
export { MAX_RENDER_PIXELS, TOO_LARGE_PREFIX, type PageLimits } from './limits.ts';

// MuPDF reports repairs and font fallbacks on stderr; failures reach us as exceptions instead.
mupdf.setLog(null);

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - MAGIC.length, 1024 - MAGIC.length);
  for (let i = 0; i <= end; i++) {
    let ok = true;
    for (let j = 0; j < MAGIC.length; j++) {
      if (bytes[i + j] !== MAGIC[j]) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

function usesObjectStreams(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf('/ObjStm') >= 0;
}

/**
 * Open a PDF from bytes. Refuses anything without `%PDF-` in its first 1024 bytes ('not-pdf'),
 * files that need a password ('password-protected'), and files MuPDF cannot repair ('damaged').
 */
export function openPdf(bytes: Uint8Array): PdfDoc {
  if (!hasPdfHeader(bytes)) throw new EngineError('not-pdf', 'not a PDF file');
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch (err) {
    throw new EngineError('damaged', `damaged PDF that cannot be repaired: ${(err as Error).message}`);
  }
  const pdf = doc.asPDF();
  if (!pdf) {
    doc.destroy();
    throw new EngineError('not-pdf', 'not a PDF file');
  }
  if (pdf.needsPassword()) {
    pdf.destroy();
    throw new EngineError('password-protected', 'password-protected PDF');
  }
  let count = 0;
  try {
    count = pdf.countPages();
    if (count > 0) pdf.loadPage(0).destroy();
  } catch (err) {
    pdf.destroy();
    throw new EngineError('damaged', `damaged PDF that cannot be repaired: ${(err as Error).message}`);
  }
  if (count < 1) {
    pdf.destroy();
    throw new EngineError('damaged', 'damaged PDF that cannot be repaired: no pages');
  }
  return new MupdfDoc(pdf, usesObjectStreams(bytes));
}

function imagePageContents(widthPt: number, heightPt: number): string {
  return `q ${widthPt} 0 0 ${heightPt} 0 0 cm /Im0 Do Q`;
}

/** Make an image-only PDF: one page per PNG, the image filling the page (a scanned document). */
export function createPdfFromImages(pages: Array<{ png: Uint8Array; widthPt: number; heightPt: number }>): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    for (const { png, widthPt, heightPt } of pages) {
      const image = new mupdf.Image(png);
      try {
        const ref = doc.addImage(image);
        const resources = doc.addObject({ XObject: { Im0: ref } });
        const page = doc.addPage([0, 0, widthPt, heightPt], 0, resources, imagePageContents(widthPt, heightPt));
        doc.insertPage(-1, page);
      } finally {
        image.destroy();
      }
    }
    return saveBytes(doc, 'garbage=compact,compress');
  } finally {
    doc.destroy();
  }
}
