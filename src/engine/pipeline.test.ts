import { describe, expect, it } from 'vitest';
import { openPdf } from './pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from './pdf/make-text-pdf.ts';
import { linkBrief } from './pipeline.ts';

const TITLES = ['Notice of Motion dated May 3, 2021', 'Affidavit of Jane Morrison sworn May 3, 2021', 'Lease dated March 14, 2019', 'Factum of the Moving Party'];

/** Cover, index, then per tab a divider and a body page. */
function brief(): TextLineSpec[][] {
  const index: TextLineSpec[] = [{ text: 'INDEX', x: 270, y: 90, size: 16 },
    ...TITLES.map((t, i) => ({ text: `Tab ${i + 1}      ${t}`, y: 150 + i * 30 }))];
  return [
    [{ text: 'MOTION RECORD OF THE APPLICANT', x: 150, y: 300, size: 16 }],
    index,
    ...TITLES.flatMap((t, i) => [
      [{ text: `TAB ${i + 1}`, x: 230, y: 400, size: 40 }],
      [{ text: t.toUpperCase(), x: 72, y: 90, size: 14 }, { text: 'The parties agree that the lease governs the premises.', y: 130 }],
    ]),
  ];
}

describe('linkBrief', () => {
  it('OCRs an index page whose text layer is unreadable and links every item', async () => {
    const bytes = makeTextPdf(brief(), undefined, { unmappedPages: [2] });
    const r = await linkBrief({ brief: bytes, briefName: 'brief.pdf' });
    expect(r.review.index.pages).toEqual([2]);
    expect(r.review.index.items.map((i) => i.label)).toEqual(['1', '2', '3', '4']);
    expect(r.review.links.map((l) => l.masterPage)).toEqual([3, 5, 7, 9]);
    expect(r.review.validation).toMatchObject({ broken_links: 0, success: true });
    const out = openPdf(r.pdf);
    expect(out.links(2).map((l) => l.targetPage)).toEqual([3, 5, 7, 9]);
    out.close();
  });
});

describe('linkBrief on a page scanned upside down', () => {
  it('reads the index the right way up and draws each link over its row where it stands in the file', async () => {
    const { createPdfFromImages } = await import('./pdf/index.ts');
    const text = openPdf(makeTextPdf(brief()));
    // every page scanned; the index page and the divider of tab 2 fed in upside down
    const pages = Array.from({ length: text.pageCount }, (_, i) => ({
      png: text.renderPng(i + 1, 200, { rotate: i === 1 || i === 4 ? 180 : 0 }), widthPt: 612, heightPt: 792,
    }));
    const rows = text.pageText(2).lines.slice(1).map((l) => l.bbox);
    text.close();
    const r = await linkBrief({ brief: createPdfFromImages(pages), briefName: 'brief.pdf' });
    expect(r.review.index.items.map((i) => i.label)).toEqual(['1', '2', '3', '4']);
    expect(r.review.links.map((l) => l.masterPage)).toEqual([3, 5, 7, 9]);
    // the rows of the upright index, turned 180° on the page: each link covers its row there
    for (const [i, l] of r.review.links.entries()) {
      const [x0, y0, x1, y1] = rows[i]!;
      const mid = [612 - (x0 + x1) / 2, 792 - (y0 + y1) / 2];
      expect(l.bbox[0] <= mid[0]! && mid[0]! <= l.bbox[2] && l.bbox[1] <= mid[1]! && mid[1]! <= l.bbox[3], `link ${i + 1} ${l.bbox} over ${mid}`).toBe(true);
    }
    expect(r.review.validation).toMatchObject({ broken_links: 0, success: true });
  });
});

describe('linkBrief on a scanned record', () => {
  it('gives the record\'s scanned page a text layer where it stands after the brief; the brief\'s text pages stay as they were', async () => {
    const { hasPdftotext, pdftotextWords } = await import('../../test/pdftotext.ts');
    if (!hasPdftotext()) return void console.warn('pdftotext not on PATH: text layer not read back');
    const { createPdfFromImages } = await import('./pdf/index.ts');
    const words = 'Lease dated March 14, 2019 between Morrison Holdings and the tenant';
    const text = openPdf(makeTextPdf([[{ text: words, y: 120, size: 14 }]]));
    const record = createPdfFromImages([{ png: text.renderPng(1, 200), widthPt: 612, heightPt: 792 }]);
    const source = text.pageText(1).lines[0]!.words;
    text.close();
    const bytes = makeTextPdf(brief());
    const r = await linkBrief({ brief: bytes, briefName: 'brief.pdf', record, recordName: 'record.pdf' });
    const out = pdftotextWords(r.pdf);
    const input = pdftotextWords(bytes);
    expect(out.length).toBe(input.length + 1);
    expect(out.slice(0, input.length)).toEqual(input);
    // the words of the scan on the record's page, each over the place it is printed
    // (OCR may misread one word)
    const last = out[input.length]!;
    const placed = source.filter((w) => last.some((f) => f.text === w.text &&
      Math.min(f.bbox[2], w.bbox[2]) > Math.max(f.bbox[0], w.bbox[0]) && Math.min(f.bbox[3], w.bbox[3]) > Math.max(f.bbox[1], w.bbox[1])));
    expect(placed.length, last.map((w) => w.text).join(' ')).toBeGreaterThanOrEqual(source.length - 1);
    expect(last.length).toBeLessThanOrEqual(source.length + 1);
  });
});

describe('linkBrief on a motion with its exhibits bound after it', () => {
  it('reads references in the motion only: the exhibits behind their slip sheets cite records of their own', async () => {
    const cites = (y: number, text: string): TextLineSpec => ({ text, y, size: 11 });
    const exhibits = ['Order of May 3, 2021', 'Deposition of Jane Roe'];
    const pages: TextLineSpec[][] = [
      [{ text: 'MOTION TO COMPEL', x: 220, y: 90, size: 14 }, cites(130, 'The witness conceded the point (Tr. 12:3-9; Ex. 5 at 3).'), cites(150, 'See also Dkt. 45 at 3.')],
      [{ text: 'INDEX OF EXHIBITS', x: 220, y: 90, size: 14 }, ...exhibits.map((t, i) => ({ text: `Exhibit ${'AB'[i]}      ${t}`, y: 150 + i * 30 }))],
      [cites(90, 'The order was entered after a hearing (Tr. 40:1-2), and Dkt. 50 at 2 confirms it.'), cites(110, 'See Smith v. Jones, 123 F.3d 456 (9th Cir. 1999).')],
      ...exhibits.flatMap((t, i) => [
        [{ text: `EXHIBIT ${'AB'[i]}`, x: 220, y: 380, size: 36 }],
        [{ text: t.toUpperCase(), x: 72, y: 90, size: 14 }, cites(130, 'Having read the papers (Dkt. 12 at 4; Tr. 88:1-5), the Court finds Ex. 14 at 2 admissible.'),
          cites(150, 'See Brown v. Board of Education, 347 U.S. 483 (1954).')],
      ]),
    ];
    const r = await linkBrief({ brief: makeTextPdf(pages), briefName: 'motion.pdf', authorities: true });
    expect(r.review.links.map((l) => l.masterPage)).toEqual([4, 6]);
    const refs = r.review.references ?? [];
    expect(refs.map((x) => x.text)).toEqual(['Tr. 12:3-9', 'Ex. 5 at 3', 'Dkt. 45 at 3', 'Tr. 40:1-2', 'Dkt. 50 at 2']);
    expect(new Set(refs.map((x) => x.page))).toEqual(new Set([1, 3]));
    // and the authorities it cites: the case the motion cites, not the one its exhibit's order cites
    expect((r.review.authorities ?? []).map((a) => [a.page, a.text])).toEqual([[3, 'Smith v. Jones, 123 F.3d 456 (9th Cir. 1999)']]);
  });
});
