import { describe, expect, it } from 'vitest';
import { openPdf } from '../../src/engine/pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from '../../src/engine/pdf/make-text-pdf.ts';
import { resolveDestinations } from '../../src/engine/resolve/resolve-destinations.ts';
import { readForLinks } from '../../src/engine/text/read-for-links.ts';
import { scanPages } from '../fixtures/scan.ts';

/**
 * A scanned judgment whose contents list carries the page numbers of an earlier draft (England and
 * Wales judgments do): the heading on the page decides, and each heading stands in the middle of a page
 * of prose. The server's quick reading reads such a page only in its top and footer bands; the pages
 * where an entry is not confirmed are then read in full, so every entry still lands on its heading.
 */
const PROSE = 'The claimant relies on the evidence of the witnesses and on the documents disclosed in the proceedings';
const SECTIONS = ['Introduction', 'The Background Facts', 'The Witnesses', 'The Law', 'Discussion', 'Conclusion'];

function judgment(): { pdf: Uint8Array; starts: number[] } {
  const pages: TextLineSpec[][] = [];
  pages.push([{ text: 'APPROVED JUDGMENT', x: 230, y: 300, size: 16 }]);
  const starts: number[] = [];
  // the contents list: printed numbers one page too high (a stale draft), bar the first
  const toc: TextLineSpec[] = [{ text: 'CONTENTS', x: 270, y: 90, size: 14 }];
  SECTIONS.forEach((s, k) => {
    const pdfPage = 3 + k;
    starts.push(pdfPage);
    const printed = pdfPage - 2 + (k === 0 ? 0 : 1);
    toc.push({ text: s, x: 90, y: 130 + 24 * k, size: 12 }, { text: String(printed), x: 500, y: 130 + 24 * k, size: 12 });
  });
  pages.push(toc);
  SECTIONS.forEach((s, k) => {
    const lines: TextLineSpec[] = [];
    for (let i = 0; i < 30; i++) {
      if (i === 14) lines.push({ text: s.toUpperCase(), x: 90, y: 90 + 21 * i, size: 12 });
      else lines.push({ text: PROSE, x: 72, y: 90 + 21 * i, size: 11 });
    }
    lines.push({ text: String(k + 1), x: 300, y: 760, size: 10 });
    pages.push(lines);
  });
  return { pdf: makeTextPdf(pages), starts };
}

describe('a scanned contents list whose numbers are stale, headings in mid-page', () => {
  it('lands every entry on its heading from the quick reading, the pages in question read in full', async () => {
    const { pdf, starts } = judgment();
    const scan = await scanPages(pdf, 'all', 'stale-contents');
    const doc = openPdf(scan);
    try {
      const { read, detection } = await readForLinks(scan, doc, { quick: true, ocrWorkers: 2 });
      expect(detection.items.map((i) => i.text)).toEqual(SECTIONS);
      const dest = resolveDestinations({ items: detection.items, indexPages: detection.pages, source: read.pages, record: null });
      expect(dest.map((d) => d.targetPage)).toEqual(starts);
      // the title page and the contents page were short; of the dense pages only those in question were read in full
      expect(read.pages.filter((p) => p.partial).length).toBeLessThan(SECTIONS.length);
    } finally {
      doc.close();
    }
  }, 600_000);
});
