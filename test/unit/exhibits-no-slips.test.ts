import { describe, expect, test } from 'vitest';
import { detectIndex } from '../../src/engine/index/detect-index.ts';
import { linkBrief } from '../../src/engine/pipeline.ts';
import { loadFixture } from '../fixtures/index.ts';
import { pagesOf } from '../fixtures/pages-of.ts';

/**
 * Exhibits filed one after another with no slip sheet (generated in test/fixtures/styles/us-sealing-exhibits.ts):
 * a motion to seal whose exhibit table gives bare letters and descriptions, no page numbers, each exhibit a
 * document of its own starting at its own first page.
 */

describe('a motion to seal whose exhibits follow with no slip sheets', () => {
  test('reads the table of bare letters and descriptions as the index, with no page numbers', async () => {
    const f = await loadFixture('us-sealing-exhibits-no-slips');
    const det = detectIndex(pagesOf(f.brief));
    expect(det.pages).toEqual(f.truth.indexPages);
    expect(det.items.map((i) => [i.label, i.text])).toEqual(f.truth.items.map((t) => [t.label, t.text]));
    expect(det.items.every((i) => !i.pageRef)).toBe(true);
  });

  test('links each exhibit to the first page of its own document, never as certain, saying what boundary placed it', async () => {
    const f = await loadFixture('us-sealing-exhibits-no-slips');
    const { review } = await linkBrief({ brief: f.brief, briefName: 'motion-to-seal.pdf', ocr: 'off' });
    expect(review.links.map((l) => l.targetPage)).toEqual(f.truth.items.map((t) => t.targetPage));
    for (const l of review.links) expect(l.confidence, l.why).toBeLessThan(0.8);
    // (the contract's title shares its description's words: a heading places it; the others only their boundaries)
    const inferred = review.links.filter((l) => l.why.startsWith('inferred from a document boundary'));
    expect(inferred.length).toBeGreaterThanOrEqual(f.truth.items.length - 1);
    for (const l of inferred) expect(l.why).toMatch(/stamp reads 'Page 1 of|ends its document|turns from|page size changes|numbering restarts|restarts at 1/);
  }, 60_000);
});
