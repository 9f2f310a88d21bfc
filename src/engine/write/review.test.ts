import { describe, expect, it } from 'vitest';
import type { IndexItem } from '../types.ts';
import { buildReview, linkRects } from './review.ts';

const item = (ordinal: number, bbox: IndexItem['bbox'], page = 2): IndexItem =>
  ({ ordinal, label: String(ordinal), type: 'tab', text: `Document ${ordinal}`, page, bbox });

describe('buildReview', () => {
  it('counts record targets after the brief and leaves items without a destination unlinked', () => {
    const review = buildReview({
      briefName: 'b.pdf', briefPages: 40, recordName: 'r.pdf', recordPages: 10,
      detection: { pages: [2], items: [item(1, [72, 100, 540, 112]), item(2, [72, 120, 540, 132]), item(3, [72, 140, 540, 152])] },
      destinations: [
        { item: 1, target: 'source', targetPage: 5, confidence: 0.9, why: 'divider' },
        { item: 2, target: 'record', targetPage: 3, confidence: 0.8, why: "marker '*T2'" },
        { item: 3, target: 'record', targetPage: 11, confidence: 0.5, why: 'past the end' },
      ],
    });
    expect(review.record).toEqual({ file: 'r.pdf', pages: 10, offset: 40 });
    expect(review.links.map((l) => [l.target, l.targetPage, l.masterPage])).toEqual([
      ['source', 5, 5], ['record', 3, 43], ['record', null, null],
    ]);
    expect(review.links[2]!.confidence).toBe(0);
    expect(review.links.every((l) => l.status === 'auto')).toBe(true);
  });

  it('does not link a record page when no record was given', () => {
    const review = buildReview({
      briefName: 'b.pdf', briefPages: 40,
      detection: { pages: [2], items: [item(1, [72, 100, 540, 112])] },
      destinations: [{ item: 1, target: 'record', targetPage: 3, confidence: 0.8, why: "marker '*T1'" }],
    });
    expect(review.record).toBeNull();
    expect(review.links[0]).toMatchObject({ target: 'record', targetPage: null, masterPage: null, confidence: 0 });
  });

  it('trims a row box that runs into the next row so the links do not overlap', () => {
    const rects = linkRects([item(7, [72, 218, 539, 272]), item(8, [72, 243, 539, 272]), item(9, [300, 100, 500, 110], 3)]);
    expect(rects.get(7)).toEqual([72, 218, 539, 243]);
    expect(rects.get(8)).toEqual([72, 243, 539, 272]);
    expect(rects.get(9)).toEqual([300, 100, 500, 110]);
  });
});
