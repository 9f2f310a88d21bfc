import './wasm-handle.ts';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { fileStream } from './file-stream.ts';
import { saveBytes } from './save-bytes.ts';
import { EngineError } from '../types.ts';
import type { PdfDoc } from './types.ts';
import { MupdfDoc } from './mupdf-doc.ts';

export type { PdfDoc, PdfSource, SavedFile, SaveMethod, SaveToFileOptions, WholeSaveReason } from './types.ts';
export { INCREMENTAL_SAVE_FROM_BYTES } from './mupdf-doc.ts';
import type { PdfSource } from './types.ts';
export { MAX_RENDER_PIXELS, TOO_COSTLY_PREFIX, TOO_LARGE_PREFIX, type PageLimits } from './limits.ts';

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

const OBJSTM = Buffer.from('/ObjStm', 'latin1');

/** usesObjectStreams over a file, read a few megabytes at a time (stops at the first one found). */
function fileUsesObjectStreams(fd: number, size: number): boolean {
  const chunk = Buffer.alloc(4 << 20);
  for (let pos = 0; pos < size; pos += chunk.length - OBJSTM.length) {
    const n = readSync(fd, chunk, 0, chunk.length, pos);
    if (chunk.subarray(0, n).indexOf(OBJSTM) >= 0) return true;
    if (n < chunk.length) break;
  }
  return false;
}

/** Open the MuPDF document and refuse what is not a readable, unlocked PDF with pages. */
function openChecked(from: Uint8Array | mupdf.Stream, objectStreams: () => boolean, file: { path: string; size: number } | null = null): PdfDoc {
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(from, 'application/pdf');
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
  return new MupdfDoc(pdf, objectStreams(), file);
}

/**
 * Open a PDF from bytes, or from a file (`{ path }`: read from disk as MuPDF needs it, never held
 * whole; the way big files are opened). Refuses anything without `%PDF-` in its first 1024 bytes
 * ('not-pdf'), files that need a password ('password-protected'), and files MuPDF cannot repair ('damaged').
 */
export function openPdf(source: PdfSource): PdfDoc {
  if (source instanceof Uint8Array) {
    if (!hasPdfHeader(source)) throw new EngineError('not-pdf', 'not a PDF file');
    return openChecked(source, () => usesObjectStreams(source));
  }
  let fd: number;
  try {
    fd = openSync(source.path, 'r');
  } catch (err) {
    throw new EngineError('io', `cannot read the PDF: ${(err as Error).message}`);
  }
  let stream: mupdf.Stream | null = null;
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(1024, size));
    readSync(fd, head, 0, head.length, 0);
    if (!hasPdfHeader(head)) throw new EngineError('not-pdf', 'not a PDF file');
    stream = fileStream(fd, size);
    return openChecked(stream, () => fileUsesObjectStreams(fd, size), { path: source.path, size });
  } finally {
    // the document keeps the stream it was opened from; without one (a refusal) this closes the file
    if (stream) stream.destroy();
    else closeSync(fd);
  }
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
