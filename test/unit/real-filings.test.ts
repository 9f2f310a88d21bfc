import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectIndex } from '../../src/engine/index/detect-index.ts';
import { resolveDestinations } from '../../src/engine/resolve/resolve-destinations.ts';
import type { PageText } from '../../src/engine/types.ts';
import { pagesOf } from '../fixtures/pages-of.ts';

/**
 * Real court filings kept beside the repository (../shared/real, see its README for the ground truth).
 * Index detection and destinations run on their text layer as the pipeline reads it.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REAL = join(ROOT, '..', 'shared', 'real');
const TOC = join(REAL, 'toc-expert-report-391pp.pdf');
const OPINION = join(REAL, 'mixed-scanned-opinion-15pp.pdf');
const present = existsSync(TOC) && existsSync(OPINION);
if (!present) console.warn(`real filings not found in ${REAL}: skipping the real-filing tests`);

function pageTexts(path: string): PageText[] {
  return pagesOf(new Uint8Array(readFileSync(path)));
}

describe.skipIf(!present)('real filings', () => {
  it('expert report: 71 nested TOC entries on pages 3-5, each at printed page + 5, not the court header page', () => {
    const pages = pageTexts(TOC);
    const det = detectIndex(pages);
    expect(det.pages).toEqual([3, 4, 5]);
    expect(det.items).toHaveLength(71);
    expect(det.items.every((i) => i.type === 'section')).toBe(true);
    const byLabel = new Map(det.items.map((it) => [it.label, it]));
    expect(byLabel.get('VII.F')!.text).toBe('Conclusion');
    expect(byLabel.get('IV.C.2')!.text).toBe('Increasing vertical integration among high-end OEMs and their modem chip suppliers');

    const dest = resolveDestinations({ items: det.items, indexPages: det.pages, source: pages, record: null });
    expect(dest).toHaveLength(71);
    det.items.forEach((it, i) => {
      expect(dest[i]!.targetPage, `${it.label} ${it.text}`).toBe(Number(it.pageRef) + 5);
      expect(dest[i]!.target).toBe('source');
    });
    // The README's checked entries.
    const checked: Array<[string, number]> = [['I', 6], ['II', 15], ['III', 21], ['IV', 113], ['V', 125], ['VI', 323], ['VII', 333], ['VII.F', 372]];
    for (const [label, page] of checked) {
      const i = det.items.findIndex((it) => it.label === label);
      expect(dest[i]!.targetPage, label).toBe(page);
    }
    expect(dest[0]!.why).toContain('offset 5 from footers');
    expect(Math.min(...dest.map((d) => d.confidence))).toBeGreaterThanOrEqual(0.85);
  });

  it('opinion without an index: no items, and a reason a lawyer can read', () => {
    const det = detectIndex(pageTexts(OPINION));
    expect(det.items).toEqual([]);
    expect(det.pages).toEqual([]);
    expect(det.reason).toMatch(/no index was found/i);
  });
});
