import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ocrPages } from '../ocr/index.ts';
import { openPdf } from '../pdf/index.ts';
import type { Line, PageText } from '../types.ts';
import { readForLinks } from './read-for-links.ts';

/** A line of text at `y` (points from the top), its words boxed one after another. */
function line(text: string, y: number): Line {
  let x = 72;
  const words = text.split(' ').map((w) => {
    const box: [number, number, number, number] = [x, y, x + w.length * 6, y + 10];
    x += w.length * 6 + 4;
    return { text: w, bbox: box, confidence: 90 };
  });
  return { text, bbox: [72, y, x, y + 10], words };
}

/** What each page of an image-only brief reads as: a body page, or a list under its heading. */
function pageLines(page: number): string[] {
  if (page === 2) return ['TABLE OF CONTENTS', 'I. INTRODUCTION ........ 1', 'II. FACTS ........ 2', 'III. ARGUMENT ........ 3'];
  if (page === 3) return ['TABLE OF AUTHORITIES', 'Cases', 'Smith v. Jones, 1 U.S. 1 (1990) ........ 2, 3', 'Doe v. Roe, 2 U.S. 2 (1991) ........ passim'];
  return [`${['INTRODUCTION', 'FACTS', 'ARGUMENT'][page - 4] ?? 'BODY'}`, 'The court should grant the motion.', String(Math.max(1, page - 3))];
}

/**
 * A reader standing in for OCR: quick, every page read in its bands only (its first line and its
 * last); in full, every line. It records what it was asked to read in full, and in what order.
 */
function fakeReader(asked: number[][]): typeof ocrPages {
  return async (_source, pages, opts = {}) => {
    if (!opts.quick) asked.push([...pages]);
    return {
      pages: pages.map((page): PageText => {
        const all = pageLines(page).map((t, i) => line(t, 72 + i * 20));
        const lines = opts.quick ? [all[0]!, all.at(-1)!] : all;
        return { page, width: 612, height: 792, lines, source: 'ocr', confidence: 90, ...(opts.quick ? { partial: true as const, bands: { topEnd: 100, footStart: 700 } } : {}) };
      }),
      failed: [],
    };
  };
}

describe('the quick reading completed before the index is decided', () => {
  it('reads in full, first, a page read in part that is headed like an index or a Table of Authorities, and the page after it', async () => {
    // seven image-only pages (each a picture over the page, no text): read by OCR
    const pdf = await PDFDocument.create();
    const png = await pdf.embedPng(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64'));
    for (let i = 0; i < 7; i++) pdf.addPage([612, 792]).drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    const bytes = await pdf.save();
    const doc = openPdf(bytes);
    const asked: number[][] = [];
    try {
      const { read } = await readForLinks(bytes, doc, { quick: true, reader: fakeReader(asked) });
      // the contents (2) and the authorities (3), each with the page after it, before anything else
      expect(asked[0]).toEqual([2, 3, 4]);
      // so they hold every row, not only their bands
      expect(read.pages[1]!.lines.map((l) => l.text)).toEqual(pageLines(2));
      expect(read.pages[2]!.lines.map((l) => l.text)).toEqual(pageLines(3));
    } finally {
      doc.close();
    }
  });
});
