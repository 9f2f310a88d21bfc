import { describe, expect, test } from 'vitest';
import { FIXTURES, loadFixture } from '../../../test/fixtures/index.ts';
import { openPdf } from '../pdf/index.ts';
import { resolveDestinations } from '../resolve/resolve-destinations.ts';
import { readDocument } from '../text/read-document.ts';
import { readForLinks } from '../text/read-for-links.ts';

/**
 * The quick reading of scanned pages (quick-read.ts: dense pages read only in their top and footer
 * bands, completed where the index and its destinations need it: read-for-links.ts) must lead to the
 * same index and the same destinations as the full reading, on every generated image-only fixture:
 * links are built from it before the full reading has finished.
 */
const SCANNED = (process.env.QUICK_READ_FIXTURES?.split(',') ?? FIXTURES.filter((f) => f.scanned === 'all').map((f) => f.name));

async function destinationsOf(bytes: Uint8Array, record: Uint8Array | undefined, quick: boolean) {
  const doc = openPdf(bytes);
  const rec = record ? openPdf(record) : null;
  try {
    // as the server reads an upload: the index found, and the pages the links need completed (read-for-links.ts)
    const { read, detection } = await readForLinks(bytes, doc, { quick });
    const recordRead = rec && record ? await readDocument(record, rec, { ocr: 'auto', quick }) : null;
    const destinations = detection.items.length
      ? resolveDestinations({ items: detection.items, indexPages: detection.pages, source: read.pages, record: recordRead?.pages ?? null })
      : [];
    return {
      partial: read.pages.filter((p) => p.partial).length,
      items: detection.items.map((i) => `${i.label} ${i.text}`),
      destinations: destinations.map((d) => `${d.item} ${d.target}:${d.targetPage}`),
    };
  } finally {
    doc.close();
    rec?.close();
  }
}

describe('quick reading of scanned pages', () => {
  test.each(SCANNED)('%s: same index and destinations as the full reading', async (name) => {
    const f = await loadFixture(name);
    const quick = await destinationsOf(f.brief, f.record, true);
    const full = await destinationsOf(f.brief, f.record, false);
    expect(full.partial).toBe(0);
    expect(quick.items).toEqual(full.items);
    expect(quick.destinations).toEqual(full.destinations);
    console.log(`[quick-read] ${name}: ${quick.partial} of the pages read in bands only, ${quick.destinations.length} destinations`);
  }, 1_200_000); // two OCR readings of up to 20 image-only pages each (~3 min at rest on 2 cores; 10 under heavy load)
});

describe('a transcript scanned: its page number above the reporter\'s name', () => {
  test('is read on the pages the quick reading reads only in their bands', async () => {
    const f = await loadFixture('us-scanned-deposition');
    const doc = openPdf(f.brief);
    try {
      const read = await readDocument(f.brief, doc, { ocr: 'auto', quick: true });
      const partial = read.pages.filter((p) => p.partial);
      expect(partial.length).toBeGreaterThanOrEqual(5);
      for (const p of partial) {
        // `Page 46` 11.5% from the foot, the reporter's name and telephone under it
        const printed = f.truth.printedPages?.[p.page - 1];
        expect(p.lines.map((l) => l.text.trim()), `page ${p.page}`).toContain(`Page ${printed}`);
      }
    } finally {
      doc.close();
    }
  }, 600_000);
});
