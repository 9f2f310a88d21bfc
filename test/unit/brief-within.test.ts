import { describe, expect, test } from 'vitest';
import { detectIndex } from '../../src/engine/index/detect-index.ts';
import { linkBrief } from '../../src/engine/pipeline.ts';
import { loadFixture } from '../fixtures/index.ts';
import { pagesOf } from '../fixtures/pages-of.ts';

/**
 * A brief filed inside a larger PDF (generated in test/fixtures/styles/us-brief-within.ts): a cover letter or a
 * motion before it prints the same page numbers and the same heading words; the contents mean the brief's own.
 */

for (const [name, before] of [['us-brief-behind-letter', 'cover letter'], ['us-brief-as-exhibit', 'motion']] as const) {
  describe(`a brief behind a ${before} numbered 1, 2, 3 like the brief's body`, () => {
    test('reads the brief\'s contents as printed, not the headings the ' + before + ' lists', async () => {
      const f = await loadFixture(name);
      const det = detectIndex(pagesOf(f.brief));
      expect(det.pages).toEqual(f.truth.indexPages);
      expect(det.items.map((i) => [i.label, i.text])).toEqual(f.truth.items.map((t) => [t.label, t.text]));
      expect(det.items.map((i) => i.pageRef)).toEqual(f.truth.items.map((t) => t.printedPage));
    });

    test(`links each entry to the brief's page printed with its number, never to the ${before}'s`, async () => {
      const f = await loadFixture(name);
      const { review } = await linkBrief({ brief: f.brief, briefName: `${name}.pdf`, ocr: 'off' });
      expect(review.links.map((l) => l.targetPage)).toEqual(f.truth.items.map((t) => t.targetPage));
      // the page the contents names shows its number and the entry's heading: both agree
      for (const l of review.links) expect(l.confidence, l.why).toBeGreaterThanOrEqual(0.8);
      // most numbers the contents names are printed on a page before the index too
      const before = (f.truth.printedPages ?? []).slice(0, Math.min(...f.truth.indexPages) - 1);
      expect(f.truth.items.filter((t) => before.includes(t.printedPage!)).length).toBeGreaterThan(f.truth.items.length / 2);
    }, 60_000);
  });
}

test('the motion\'s pages outnumber the brief\'s, and its memorandum repeats the brief\'s argument headings', async () => {
  const f = await loadFixture('us-brief-as-exhibit');
  const printed = f.truth.printedPages ?? [];
  const firstIndex = Math.min(...f.truth.indexPages);
  const motion = printed.slice(0, firstIndex - 1).filter((p) => /^\d+$/.test(p)).length;
  const bodyFrom = f.truth.items[0]!.targetPage;
  const body = printed.slice(bodyFrom - 1).findIndex((p, i) => i > 0 && p === '1');
  expect(motion).toBeGreaterThan(body);
  // (pages before an index at the front of a file are never a destination: this one stands past it)
  expect(firstIndex).toBeGreaterThan(10);
  const pages = pagesOf(f.brief);
  const sub = f.truth.items.filter((t) => t.label.split('.').length === 2);
  for (const t of sub) {
    const before = pages.slice(0, firstIndex - 1).some((p) => p.lines.map((l) => l.text).join(' ').includes(t.text.split(' ').slice(0, 5).join(' ')));
    expect(before, t.text).toBe(true);
  }
});
