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
  SECTIONS.forEach((s, k) => pages.push(prosePage(s.toUpperCase(), k + 1)));
  return { pdf: makeTextPdf(pages), starts };
}

/** A page of prose, 30 lines, with a heading in its middle (or none) and its number at the foot. */
function prosePage(heading: string | null, printed: number): TextLineSpec[] {
  const lines: TextLineSpec[] = [];
  for (let i = 0; i < 30; i++) {
    if (i === 14 && heading) lines.push({ text: heading, x: 90, y: 90 + 21 * i, size: 12 });
    else lines.push({ text: PROSE, x: 72, y: 90 + 21 * i, size: 11 });
  }
  lines.push({ text: String(printed), x: 300, y: 760, size: 10 });
  return lines;
}

/**
 * A scanned report whose contents list gives one entry a page number misread by a digit (`11` for 21): out
 * of order, before the entry above it. The pages between its neighbours, more than a quick look can read in
 * full, hold one printed with a number a digit away from it (21): that page is read in full, and its heading
 * places the entry in order.
 */
const REPORT = [
  { title: 'Introduction', printed: 1 }, { title: 'Background of the Dispute', printed: 5 }, { title: 'The Relevant Market', printed: 14 },
  { title: 'Analysis of the Evidence', printed: 21, shown: '11' }, { title: 'Conclusion', printed: 28 },
];

function report(): { pdf: Uint8Array; starts: number[] } {
  const pages: TextLineSpec[][] = [[{ text: 'EXPERT REPORT', x: 240, y: 300, size: 16 }]];
  const toc: TextLineSpec[] = [{ text: 'TABLE OF CONTENTS', x: 230, y: 90, size: 14 }];
  REPORT.forEach((s, k) => {
    toc.push({ text: `${toRomanNumeral(k + 1)}. ${s.title}`, x: 90, y: 130 + 24 * k, size: 12 }, { text: s.shown ?? String(s.printed), x: 500, y: 130 + 24 * k, size: 12 });
  });
  pages.push(toc);
  const last = REPORT[REPORT.length - 1]!.printed;
  for (let printed = 1; printed <= last; printed++) {
    const opens = REPORT.findIndex((s) => s.printed === printed);
    pages.push(prosePage(opens >= 0 ? `${toRomanNumeral(opens + 1)}. ${REPORT[opens]!.title.toUpperCase()}` : null, printed));
  }
  return { pdf: makeTextPdf(pages), starts: REPORT.map((s) => s.printed + 2) };
}

function toRomanNumeral(n: number): string {
  return ['I', 'II', 'III', 'IV', 'V', 'VI'][n - 1]!;
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

describe('a scanned contents list with a page number misread a digit out of order', () => {
  it('places the entry on its heading, read on the page printed a digit away between its neighbours', async () => {
    const { pdf, starts } = report();
    const scan = await scanPages(pdf, 'all', 'digit-misread-contents');
    const doc = openPdf(scan);
    try {
      const { read, detection } = await readForLinks(scan, doc, { quick: true, ocrWorkers: 2 });
      expect(detection.items.map((i) => i.pageRef)).toEqual(REPORT.map((s) => s.shown ?? String(s.printed)));
      const dest = resolveDestinations({ items: detection.items, indexPages: detection.pages, source: read.pages, record: null });
      expect(dest.map((d) => d.targetPage)).toEqual(starts);
      // the index's number and the heading disagree: said, for the reviewer
      expect(dest[3]!.why).toContain('heading');
      expect(dest[3]!.confidence).toBeLessThan(0.75);
    } finally {
      doc.close();
    }
  }, 600_000);
});
