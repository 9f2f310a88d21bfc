import './wasm-handle.ts';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { openPdf } from './index.ts';
import { makeTextPdf } from './make-text-pdf.ts';

function labels(bytes: Uint8Array): string[] {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const page = doc.loadPage(i);
      try {
        return page.getLabel();
      } finally {
        page.destroy();
      }
    });
  } finally {
    doc.destroy();
  }
}

describe('setPageLabels', () => {
  it('gives the pages the labels asked for, replacing the ones the file had', () => {
    const doc = openPdf(makeTextPdf(Array.from({ length: 6 }, (_, i) => [{ text: `page ${i + 1}`, y: 100 }])));
    doc.setPageLabels([{ page: 1, style: 'D', start: 50 }]);
    const first = doc.save();
    doc.close();
    expect(labels(first)).toEqual(['50', '51', '52', '53', '54', '55']);
    const again = openPdf(first);
    again.setPageLabels([
      { page: 1, style: 'r', start: 1 },
      { page: 3, style: 'D', start: 1 },
    ]);
    const second = again.save();
    again.close();
    expect(labels(second)).toEqual(['i', 'ii', '1', '2', '3', '4']);
  });
});
