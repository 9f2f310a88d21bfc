import { describe, expect, test } from 'vitest';
import { detectIndex } from '../../src/engine/index/detect-index.ts';
import { linkBrief } from '../../src/engine/pipeline.ts';
import { loadFixture } from '../fixtures/index.ts';
import { pagesOf } from '../fixtures/pages-of.ts';

/**
 * A pro se complaint's long contents typed by hand (generated in test/fixtures/styles/pro-se-complaint.ts):
 * every row an entry as printed, however its page number is typed, and linked where its heading stands.
 */

describe('a pro se complaint whose contents run to 70-odd hand-typed rows over several pages', () => {
  test('reads every row as one entry, on every page of the contents: page numbers right-aligned, a few spaces after the title or glued to it', async () => {
    const f = await loadFixture('us-pro-se-long-toc');
    expect(f.truth.items.length).toBeGreaterThanOrEqual(70);
    const det = detectIndex(pagesOf(f.brief));
    expect(det.pages).toEqual(f.truth.indexPages);
    expect(det.items.map((i) => [i.label, i.text])).toEqual(f.truth.items.map((t) => [t.label, t.text]));
    expect(det.items.map((i) => i.pageRef)).toEqual(f.truth.items.map((t) => t.printedPage));
  });

  test('links each entry to the page of its heading, worded a little differently, numbered or not at its foot', async () => {
    const f = await loadFixture('us-pro-se-long-toc');
    const { review } = await linkBrief({ brief: f.brief, briefName: 'complaint.pdf', ocr: 'off' });
    expect(review.links.map((l) => l.targetPage)).toEqual(f.truth.items.map((t) => t.targetPage));
    // every row prints its page: each link is confirmed by it
    for (const l of review.links) expect(l.confidence).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});
