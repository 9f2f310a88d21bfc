import { describe, expect, it } from 'vitest';
import { activeContentLeft, buildHostilePdf, KEPT_WEB_LINKS } from '../../../test/fixtures/hostile.ts';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { validateMaster } from '../link.ts';
import { detectIndex } from '../index/detect-index.ts';
import { resolveDestinations } from '../resolve/resolve-destinations.ts';
import { extractAllText } from '../text/extract-text.ts';
import { buildReview } from '../write/review.ts';
import { writeMaster } from '../write/write-master.ts';
import { openPdf } from './index.ts';

describe('active content in the output', () => {
  it('is removed from the linked PDF and listed in review.json; web links and the index links stay', async () => {
    const f = await loadFixture('lettered-tabs');
    const hostile = await buildHostilePdf(f.brief);
    // The input really carries it (the check is not blind).
    const before = await activeContentLeft(hostile);
    expect(before.left.length).toBeGreaterThan(15);

    const doc = openPdf(hostile);
    const pages = (await extractAllText(hostile, {}, doc)).pages;
    const detection = detectIndex(pages);
    const destinations = resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: null });
    const review = buildReview({ briefName: 'hostile.pdf', briefPages: doc.pageCount, detection, destinations });
    const out = writeMaster(doc, null, review);
    doc.close();

    const after = await activeContentLeft(out);
    expect(after.left).toEqual([]);
    expect(after.webLinks.sort()).toEqual([...KEPT_WEB_LINKS].sort());
    const kinds = new Set(review.removedActiveContent!.map((r) => r.kind));
    for (const k of ['javascript', 'additional-actions', 'launch', 'submit-form', 'import-data', 'remote-file', 'file-link', 'media', 'rich-media', 'embedded-file', 'xfa']) {
      expect(kinds, k).toContain(k);
    }
    expect(review.removedActiveContent!.find((r) => r.kind === 'launch')).toMatchObject({ page: 1 });
    expect(review.removedActiveContent!.filter((r) => r.kind === 'file-link').map((r) => r.detail)).toEqual(
      expect.arrayContaining(['link to file:///etc/passwd', 'link to \\\\fileserver\\share\\payload.lnk']),
    );
    const validation = validateMaster(out, review);
    expect(validation).toMatchObject({ success: true, broken_links: 0, links_created: f.truth.items.length });
  });

  it('leaves an ordinary brief as it was (nothing listed)', async () => {
    const f = await loadFixture('lettered-tabs');
    const doc = openPdf(f.brief);
    expect(doc.removeActiveContent()).toEqual([]);
    doc.close();
  });
});

describe('a scanned page through the checks before saving', () => {
  it('keeps its image: the limits check and the removal of active content leave the page as it looked', async () => {
    const { createPdfFromImages } = await import('./index.ts');
    const { makeTextPdf } = await import('./make-text-pdf.ts');
    const text = openPdf(makeTextPdf([[{ text: 'Tab 1   Affidavit of Jane Morrison', y: 100 }]]));
    const scan = createPdfFromImages([{ png: text.renderPng(1, 100), widthPt: 612, heightPt: 792 }]);
    text.close();
    const doc = openPdf(scan);
    doc.checkLimits({ contentBytes: 1e8, imageBytes: 1e9 });
    expect(doc.removeActiveContent()).toEqual([]);
    const out = openPdf(doc.save());
    doc.close();
    const before = openPdf(scan);
    // a page whose image was saved without its data renders white
    expect(Buffer.from(out.renderPng(1, 40)).equals(Buffer.from(before.renderPng(1, 40)))).toBe(true);
    out.close();
    before.close();
  });
});
