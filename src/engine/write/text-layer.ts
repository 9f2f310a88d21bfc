import type { PdfDoc } from '../pdf/types.ts';
import type { PageText } from '../types.ts';

/**
 * The invisible text layer of every page that was read by OCR (`source: 'ocr'`), so the output is
 * searchable where the input was a scan; pages with their own text layer are left as they are.
 * `offset` is added to each page's number (a record appended after the brief). Returns how many pages
 * and words got a layer.
 */
export function addOcrTextLayers(doc: PdfDoc, pages: readonly PageText[], offset = 0): { pages: number; words: number } {
  let pageCount = 0;
  let words = 0;
  for (const text of pages) {
    // (a scan whose own text layer another program made keeps that one)
    if (text.source !== 'ocr' || text.scan) continue;
    const page = text.page + offset;
    if (!Number.isInteger(page) || page < 1 || page > doc.pageCount) continue;
    const n = doc.addTextLayer(page, text);
    if (n > 0) {
      pageCount++;
      words += n;
    }
  }
  return { pages: pageCount, words };
}
