import { createPdfFromImages, openPdf } from '../pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from '../pdf/make-text-pdf.ts';

/**
 * Sample pages for OCR tests, as a scan would show them: each text page is rendered to an image and
 * the images become an image-only PDF (no text layer at all).
 */
export const SAMPLE_PAGES: TextLineSpec[][] = [
  // 1: start of a record document carrying a *T3 marker at the top right
  [
    { text: '*T3', x: 500, y: 60, size: 12 },
    { text: 'AFFIDAVIT OF JANE MORRISON', x: 180, y: 120, size: 16 },
    { text: 'I, Jane Morrison, of the City of Toronto, make oath and say:', x: 72, y: 170 },
    { text: '1. I am the president of the applicant and have knowledge of the matters.', x: 72, y: 200 },
    { text: '2. The lease between the parties was signed on March 14, 2019.', x: 72, y: 230 },
  ],
  // 2: an index page with dot leaders and page numbers
  [
    { text: 'INDEX', x: 280, y: 90, size: 16 },
    { text: 'Tab 1   Notice of Motion dated May 3, 2021 . . . . . . . . . . . . . . . . 1', x: 72, y: 150 },
    { text: 'Tab 2   Affidavit of Jane Morrison sworn May 3, 2021 . . . . . . . . . . 7', x: 72, y: 180 },
    { text: 'Tab 3   Exhibit A to the Affidavit: the Lease . . . . . . . . . . . . . . 24', x: 72, y: 210 },
    { text: 'Tab 4   Factum of the Moving Party . . . . . . . . . . . . . . . . . . . . . 58', x: 72, y: 240 },
  ],
  // 3: a divider page with one huge label
  [{ text: 'TAB 1', x: 150, y: 430, size: 110 }],
];

/** An image-only PDF of `pages` rendered at `dpi` (letter size). */
export function makeScannedPdf(pages: TextLineSpec[][] = SAMPLE_PAGES, dpi = 200): Uint8Array {
  const text = openPdf(makeTextPdf(pages));
  try {
    const images = [];
    for (let p = 1; p <= text.pageCount; p++) images.push({ png: text.renderPng(p, dpi), widthPt: 612, heightPt: 792 });
    return createPdfFromImages(images);
  } finally {
    text.close();
  }
}
