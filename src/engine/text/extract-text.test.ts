import { describe, expect, it } from 'vitest';
import { createPdfFromImages, openPdf } from '../pdf/index.ts';
import { makeTextPdf } from '../pdf/make-text-pdf.ts';
import { extractAllText, prestartTextWorkers, waitingTextWorkers } from './extract-text.ts';
import { packPages, unpackPages } from './pack.ts';
import { ocrOrder } from './read-document.ts';

function document(pages: number): Uint8Array {
  return makeTextPdf(
    Array.from({ length: pages }, (_, p) => [
      { text: `Page ${p + 1} heading`, y: 72, size: 14 },
      { text: `Tab ${p + 1}   Affidavit of witness number ${p + 1}, sworn May 3, 2021`, y: 120 },
      { text: '*T4 marker and (parenthesised) words', y: 140 },
    ]),
  );
}

describe('extractAllText', () => {
  it('reads every page in order, the same on worker threads as on this thread', async () => {
    const bytes = document(45);
    const one = await extractAllText(bytes, { threads: 1 });
    const seen: number[] = [];
    const three = await extractAllText(bytes, { threads: 3, minPagesForWorkers: 1, readHere: false, onProgress: (d) => seen.push(d) });
    expect(one.pages.map((p) => p.page)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(one.pages[44]!.lines[1]!.text).toBe('Tab 45 Affidavit of witness number 45, sworn May 3, 2021');
    expect(three).toEqual(one);
    expect(seen.at(-1)).toBe(45);
    expect(one.needsOcr).toEqual([]);
  });

  it('reads on threads started before the document was open, and lets them go when a small document needs none', async () => {
    const bytes = document(45);
    const one = await extractAllText(bytes, { threads: 1 });
    prestartTextWorkers(2);
    expect(waitingTextWorkers()).toBe(2);
    // (all on the two threads started first: this one reads nothing)
    expect(await extractAllText(bytes, { threads: 3, minPagesForWorkers: 1, readHere: false })).toEqual(one);
    expect(waitingTextWorkers()).toBe(0);
    prestartTextWorkers(1);
    expect(await extractAllText(document(3), { threads: 1 })).toEqual(await extractAllText(document(3), { threads: 1 }));
    expect(waitingTextWorkers()).toBe(0);
  });

  it('lists image-only pages as needing OCR', async () => {
    const text = openPdf(document(1));
    const png = text.renderPng(1, 100);
    text.close();
    const scan = createPdfFromImages([
      { png, widthPt: 612, heightPt: 792 },
      { png, widthPt: 612, heightPt: 792 },
    ]);
    const r = await extractAllText(scan);
    expect(r.needsOcr).toEqual([1, 2]);
    expect(r.pages.map((p) => p.source)).toEqual(['none', 'none']);
  });

  it('packs and unpacks pages without loss', async () => {
    const { pages } = await extractAllText(document(3));
    expect(unpackPages(structuredClone(packPages(pages)))).toEqual(pages);
  });
});

describe('ocrOrder', () => {
  it('puts the given pages first, then the likely index pages, then the rest', () => {
    expect(ocrOrder([40, 3, 1, 16, 2, 15], [16])).toEqual([16, 1, 2, 3, 15, 40]);
  });
});
