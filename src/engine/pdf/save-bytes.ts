import './wasm-handle.ts';
import type * as mupdf from 'mupdf';

/** Save a MuPDF document with `options` and return its bytes, freeing MuPDF's buffer either way. */
export function saveBytes(doc: mupdf.PDFDocument, options: string): Uint8Array {
  const buf = doc.saveToBuffer(options);
  try {
    return buf.asUint8Array().slice();
  } finally {
    buf.destroy();
  }
}
