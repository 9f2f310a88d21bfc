import { describe, expect, test } from 'vitest';
import { detectIndex } from '../../src/engine/index/detect-index.ts';
import { linkBrief } from '../../src/engine/pipeline.ts';
import { loadFixture } from '../fixtures/index.ts';
import { pagesOf } from '../fixtures/pages-of.ts';

/**
 * Appellate briefs' contents (generated in test/fixtures/styles/appellate-brief.ts): every entry found as
 * printed and linked where its heading stands, however its rows wrap.
 */

describe('a petition for review whose contents list questions presented over double-spaced hanging lines', () => {
  test('each question is one entry with its whole wording, its wrapped lines never items of their own', async () => {
    const f = await loadFixture('us-petition-questions');
    const det = detectIndex(pagesOf(f.brief));
    expect(det.pages).toEqual(f.truth.indexPages);
    expect(det.items.map((i) => [i.label, i.text])).toEqual(f.truth.items.map((t) => [t.label, t.text]));
    // the number glued to the question's mark, and the one after a leader cut to two dots, are page numbers
    expect(det.items.map((i) => i.pageRef)).toEqual(f.truth.items.map((t) => t.printedPage));
  });

  test('each entry links to its heading in the body, not to the appended opinion that numbers its pages from 1 again', async () => {
    const f = await loadFixture('us-petition-questions');
    const { review } = await linkBrief({ brief: f.brief, briefName: 'petition.pdf', ocr: 'off' });
    expect(review.links.map((l) => l.targetPage)).toEqual(f.truth.items.map((t) => t.targetPage));
    for (const l of review.links) expect(l.confidence).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});

describe('a Supreme Court booklet brief with a statutory appendix', () => {
  test('reads the contents (group rows without page numbers, the appendix row) and the appendix contents as one index', async () => {
    const f = await loadFixture('us-booklet-appendix');
    const det = detectIndex(pagesOf(f.brief));
    expect(det.pages).toEqual(f.truth.indexPages);
    expect(det.items.map((i) => [i.label, i.text])).toEqual(f.truth.items.map((t) => [t.label, t.text]));
  });

  test('links every entry: folios read at the top or foot of the text block, `1a` in the appendix, group rows to their heading', async () => {
    const f = await loadFixture('us-booklet-appendix');
    const { review } = await linkBrief({ brief: f.brief, briefName: 'booklet.pdf', ocr: 'off' });
    expect(review.links.map((l) => l.targetPage)).toEqual(f.truth.items.map((t) => t.targetPage));
    // a row with no page number of its own is placed by its heading alone: never shown as certain
    f.truth.items.forEach((t, i) => {
      if (!t.printedPage) expect(review.links[i]!.confidence, t.text).toBeLessThan(0.8);
    });
  }, 60_000);
});
