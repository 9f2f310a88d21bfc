import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REAL_DIR, realTruth, scoreReal } from '../fixtures/score-real.ts';

/**
 * The whole pipeline on every real court filing of ../shared/real, compared with its truth.json: each
 * entry found with its label and text as printed, its destination page, and the link in the written PDF.
 * The floors are what the engine reaches today per document (entries with title as printed, destinations
 * right and linked): a change that loses one fails here. Documents without an index give no item at all.
 */
const FLOORS: Record<string, { titles: number; dest: number }> = {
  'us-opposition-pleading-toc-45pp': { titles: 37, dest: 37 },
  'us-motion-dismiss-deep-toc-28pp': { titles: 19, dest: 19 },
  'us-class-cert-toc-linked-34pp': { titles: 25, dest: 25 },
  'us-class-cert-notice-first-toc-49pp': { titles: 18, dest: 18 },
  'us-msj-dash-footers-toc-30pp': { titles: 27, dest: 27 },
  'us-reply-transfer-toc-sidebar-23pp': { titles: 10, dest: 10 },
  'us-brief-redacted-toc-hyphen-leaders-43pp': { titles: 28, dest: 28 },
  'us-pro-se-opposition-toc-97pp': { titles: 10, dest: 10 },
  'us-scanned-state-complaint-ocr-toc-130pp': { titles: 44, dest: 42 },
  'uk-judgment-contents-stale-numbers-61pp': { titles: 43, dest: 43 },
  'toc-expert-report-391pp': { titles: 71, dest: 71 },
  'us-deposition-excerpt-index-39pp': { titles: 2, dest: 2 },
  'us-deposition-excerpt-exhibit-index-32pp': { titles: 4, dest: 4 },
  'us-transcript-index-one-entry-8pp': { titles: 1, dest: 1 },
  'scotus-merits-brief-toc-into-toa-appendix-index-91pp': { titles: 36, dest: 36 },
  'fedcir-brief-statutory-addendum-49pp': { titles: 28, dest: 28 },
  'wa-petition-for-review-appendix-renumbered-65pp': { titles: 14, dest: 14 },
  'scotus-oral-argument-transcript-contents-word-index-92pp': { titles: 4, dest: 4 },
  'exhibit-binder-numerical-index-no-slips-77pp': { titles: 4, dest: 4 },
  'canadian-moot-factum-parts-paragraphs-17pp': { titles: 15, dest: 15 },
};

const truth = existsSync(join(REAL_DIR, 'truth.json')) ? realTruth() : null;
if (!truth) console.warn(`real filings not found at ${REAL_DIR}: their accuracy test is skipped`);

describe.skipIf(!truth)('the real filings of ../shared/real against their truth.json', () => {
  for (const [name, t] of Object.entries(truth ?? {})) {
    test(`${name}: ${t.items.length ? `${t.items.length} entries` : 'no index'}`, async () => {
      const s = await scoreReal(name, t);
      const detail = s.problems.join('\n');
      expect(s.brokenLinks, 'broken links').toBe(0);
      expect(s.extraLinks, `extra links\n${detail}`).toBe(0);
      if (t.items.length === 0) {
        expect(s.found, `no index: no items\n${detail}`).toBe(0);
        expect(s.reason ?? '', 'no index: a reason a lawyer can read').toMatch(/\w{3,}/);
        return;
      }
      const floor = FLOORS[name] ?? { titles: 0, dest: 0 };
      expect(s.titlesRight, `entries with title as printed\n${detail}`).toBeGreaterThanOrEqual(floor.titles);
      expect(s.destRight, `destinations right and linked\n${detail}`).toBeGreaterThanOrEqual(floor.dest);
      // Every link the engine writes goes where an entry of the index starts; none is extra.
      expect(s.review?.validation.broken_links).toBe(0);
    }, 600_000);
  }
});
