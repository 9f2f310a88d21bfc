import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { openPdfFile } from './file-stream.ts';
import { removeActiveContent } from './sanitize.ts';
import type { PdfSource } from './types.ts';

/**
 * What in a written PDF would run or act on its own when a clerk opens it, by the same rules the
 * sanitizer removes by (`removeActiveContent`, looking only): the kinds of active content found
 * (`javascript`, `open-action`, `launch`…), and `encryption`. An empty list means none. An open action
 * that only sets the view the document opens at (a page of it, fit or zoom) is no active content.
 */
export function findActiveContent(source: PdfSource): string[] {
  const doc = source instanceof Uint8Array ? new mupdf.PDFDocument(source) : openPdfFile(source.path);
  try {
    if (doc.needsPassword()) return ['encryption']; // nothing else can be read
    const found = new Set<string>(removeActiveContent(doc, { dryRun: true }).map((r) => r.kind));
    if (!doc.getTrailer().get('Encrypt').isNull()) found.add('encryption');
    return [...found].sort();
  } finally {
    doc.destroy();
  }
}
