import './wasm-handle.ts';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import * as mupdf from 'mupdf';

/**
 * A MuPDF stream over an open file: MuPDF reads the parts it needs (cross-reference, the objects of the
 * pages it loads) when it needs them, so the file is never held whole, neither in this thread's memory
 * nor in MuPDF's. The file is closed when MuPDF drops the stream (the document is destroyed).
 */
export function fileStream(fd: number, size: number): mupdf.Stream {
  let open = true;
  return new mupdf.Stream({
    fileSize: () => size,
    read: (memory, offset, length, position) => (position >= size ? 0 : readSync(fd, memory, offset, Math.min(length, size - position), position)),
    close: () => {
      if (open) closeSync(fd);
      open = false;
    },
  });
}

/** Open the file at `path` as a MuPDF PDF document read from disk (no checks: see openPdf for those). */
export function openPdfFile(path: string): mupdf.PDFDocument {
  const fd = openSync(path, 'r');
  let stream: mupdf.Stream;
  try {
    stream = fileStream(fd, fstatSync(fd).size);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  try {
    const doc = mupdf.Document.openDocument(stream, 'application/pdf');
    const pdf = doc.asPDF();
    if (!pdf) {
      doc.destroy();
      throw new Error('not a PDF file');
    }
    return pdf;
  } finally {
    stream.destroy();
  }
}
