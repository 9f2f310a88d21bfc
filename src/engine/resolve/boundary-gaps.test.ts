import { describe, expect, it } from 'vitest';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';
import type { IndexItem } from '../types.ts';
import { resolveDestinations } from './resolve-destinations.ts';

const index: PageSpec = { rows: ['Exhibit | Description', 'A | Letter', 'B | Table', 'C | Email'] };
const stamped = (n: number, of: number, firstRow?: string): PageSpec => ({ ...bodyPage(firstRow ? { firstRow } : {}), header: `Case 2:21-cv-04410 Document 1 Filed 06/02/21 Page ${n} of ${of}` });
const landscape = (footer?: string, firstRow?: string): PageSpec =>
  ({ ...bodyPage({ lines: 20, ...(footer ? { footer } : {}), ...(firstRow ? { firstRow } : {}) }), width: 792, height: 612 });
const numbered = (n: string, firstRow?: string): PageSpec => bodyPage({ footer: n, ...(firstRow ? { firstRow } : {}) });
const slip = (label: string): PageSpec => ({ rows: [{ text: label, x: 250, y: 350, size: 28 }] });

function exhibits(texts: string[]): IndexItem[] {
  return texts.map((text, i) => ({ ordinal: i + 1, label: String.fromCharCode(65 + i), type: 'exhibit', text, page: 1, bbox: [72, 100 + 20 * i, 500, 112 + 20 * i] }));
}

const resolve = (items: IndexItem[], specs: PageSpec[]) => resolveDestinations({ items, indexPages: [1], source: makePages(specs), record: null });

describe('exhibits filed one after another with no slip sheet', () => {
  it('places each where a document starts between its neighbours, below 0.8, naming the boundary', () => {
    const items = exhibits(['Complaint in the earlier action', 'Shipment volumes by quarter', 'Email about the rebate schedule']);
    const dest = resolve(items, [index, stamped(1, 2), stamped(2, 2), landscape('1'), landscape('2'), numbered('1'), numbered('2')]);
    expect(dest.map((d) => d.targetPage)).toEqual([2, 4, 6]);
    for (const d of dest) {
      expect(d.confidence).toBeLessThan(0.8);
      expect(d.why).toContain('inferred from a document boundary');
      expect(d.evidence).toEqual(['boundary']);
    }
    expect(dest[0]!.why).toContain("its stamp reads 'Page 1 of 2'");
    expect(dest[1]!.why).toContain("the page before ends its document ('Page 2 of 2')");
    expect(dest[1]!.why).toContain('the page turns from portrait to landscape');
    expect(dest[2]!.why).toContain('its page number restarts at 1 (the page before is numbered 2)');
  });

  it('invents nothing where fewer documents start than exhibits wait to be placed', () => {
    const items = exhibits(['Complaint in the earlier action', 'Shipment volumes by quarter', 'Email about the rebate schedule']);
    const dest = resolve(items, [index, numbered('1'), numbered('2'), numbered('3'), landscape(), landscape()]);
    expect(dest.map((d) => d.targetPage)).toEqual([null, null, null]);
  });

  it('never fills the gap of an exhibit missing between two slip sheets, whatever starts inside the exhibit before it', () => {
    const items = exhibits(['Supply agreement', 'Withdrawn', 'Invoice summary']);
    const dest = resolve(items, [index, slip('EXHIBIT A'), numbered('1'), numbered('2'), landscape('1'), slip('EXHIBIT C'), bodyPage()]);
    expect(dest.map((d) => d.targetPage)).toEqual([2, null, 6]);
  });

  it('with more starts than exhibits, takes those that agree best (the first rows sharing the description\'s words), with less confidence', () => {
    const items = exhibits(['Complaint in the earlier action', 'Quarterly shipment volumes by distribution center', 'Final exhibit']);
    const dest = resolve(items, [index, stamped(1, 2), stamped(2, 2), numbered('1', 'Packing list for the March order'), numbered('2'),
      landscape('1', 'Volumes shipped from each distribution center, by quarter'), landscape('2'), numbered('1', 'FINAL EXHIBIT'), numbered('2')]);
    expect(dest.map((d) => d.targetPage)).toEqual([2, 6, 8]);
    expect(dest[1]!.confidence).toBeLessThan(0.6);
    expect(dest[1]!.why).toContain('its first rows share words with the description');
    expect(dest[1]!.why).toContain('3 pages between page 1 and page 8 start a document for 2 exhibits');
  });

  it('names the boundary under an exhibit a heading alone placed on a page where a document starts, still below 0.8', () => {
    const items = exhibits(['Complaint for breach of contract', 'Shipment volumes by quarter']);
    const dest = resolve(items, [index, numbered('1'), numbered('2'), stamped(1, 2, 'COMPLAINT FOR BREACH OF CONTRACT'), stamped(2, 2), landscape('1')]);
    expect(dest.map((d) => d.targetPage)).toEqual([4, 6]);
    expect(dest[0]!.why).toContain("heading 'COMPLAINT FOR BREACH OF CONTRACT'; a document starts there: its stamp reads 'Page 1 of 2'");
    expect(dest[0]!.confidence).toBeGreaterThanOrEqual(0.5);
    expect(dest[0]!.confidence).toBeLessThan(0.8);
  });
});
