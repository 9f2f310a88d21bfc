import { describe, expect, it } from 'vitest';
import { openPdf } from '../pdf/index.ts';
import { makeTextPdf } from '../pdf/make-text-pdf.ts';
import type { BBox } from '../types.ts';
import { validateReviewed, writeReviewed, type ReviewedSet } from './write-reviewed.ts';

// A brief: cover, index (3 rows), then a divider and a body for each tab.
function brief(): Uint8Array {
  return makeTextPdf([
    [{ text: 'BRIEF', y: 100 }],
    [
      { text: 'INDEX', y: 72 },
      { text: 'Tab 1   Affidavit of Jane Doe', y: 120 },
      { text: 'Tab 2   Exhibits to the affidavit', y: 150 },
      { text: 'Tab 3   Transcript of the cross-examination', y: 180 },
    ],
    ...[1, 2, 3].flatMap((n) => [[{ text: `TAB ${n}`, y: 400, size: 40 }], [{ text: `Body ${n}`, y: 100 }]]),
  ]);
}

function rows(bytes: Uint8Array): BBox[] {
  const doc = openPdf(bytes);
  try {
    return doc.pageText(2).lines.slice(1).map((l) => l.bbox);
  } finally {
    doc.close();
  }
}

function set(bytes: Uint8Array, change: (e: ReviewedSet['entries']) => void = () => {}): ReviewedSet {
  const texts = ['Affidavit of Jane Doe', 'Exhibits to the affidavit', 'Transcript of the cross-examination'];
  const entries = rows(bytes).map((bbox, i) => ({
    ordinal: i + 1, label: String(i + 1), type: 'tab' as const, text: texts[i]!, srcPage: 2, bbox,
    targetPage: 3 + 2 * i, removed: false, confidence: 0.97, why: 'divider',
  }));
  change(entries);
  return { briefName: 'brief.pdf', briefPages: 8, indexPages: [2], entries };
}

function write(bytes: Uint8Array, s: ReviewedSet): Uint8Array {
  const doc = openPdf(bytes);
  try {
    return writeReviewed(doc, s);
  } finally {
    doc.close();
  }
}

describe('writeReviewed and validateReviewed', () => {
  it('writes the reviewed links only, over an original that already had links, and validates', () => {
    // an original that was linked before (by an earlier run or another tool): every row has a link
    const original = write(brief(), set(brief()));
    const reviewed = set(original, (e) => {
      e[1]!.removed = true;
      e[2]!.targetPage = 8;
    });
    const pdf = write(original, reviewed);
    const out = openPdf(pdf);
    try {
      const links = out.links(2);
      expect(links).toHaveLength(2);
      expect(links.map((l) => l.targetPage).sort()).toEqual([3, 8]);
      expect(out.outline().map((o) => [o.title, o.page])).toEqual([
        ['Tab 1 – Affidavit of Jane Doe', 3],
        ['Tab 3 – Transcript of the cross-examination', 8],
      ]);
    } finally {
      out.close();
    }
    expect(validateReviewed(pdf, reviewed)).toEqual({ expected_tabs: 2, found_tabs: 2, links_created: 2, broken_links: 0, success: true });
  });

  it('counts a link left over a removed row as broken, and an entry without a destination as not found', () => {
    const original = write(brief(), set(brief()));
    const removed = set(original, (e) => (e[1]!.removed = true));
    // the original itself still has the removed row's link
    expect(validateReviewed(original, removed)).toMatchObject({ expected_tabs: 2, broken_links: 1, success: false });
    const unresolved = set(brief(), (e) => (e[0]!.targetPage = null));
    expect(validateReviewed(write(brief(), unresolved), unresolved)).toEqual({
      expected_tabs: 3, found_tabs: 2, links_created: 2, broken_links: 0, success: false,
    });
  });
});
