import { describe, expect, it } from 'vitest';
import { looksLikeIndex } from './recognize-page.ts';

describe('looksLikeIndex', () => {
  const page = (...rows: string[]) => rows.map((r) => ({ words: r.split(' ').map((text) => ({ text, box: [0, 0, 1, 1] as [number, number, number, number], confidence: 90 })) }));

  it('knows index pages by heading, dot leaders or rows of item labels', () => {
    expect(looksLikeIndex(page('COURT FILE NO. 123', 'INDEX', 'Tab Date Document'))).toBe(true);
    expect(looksLikeIndex(page('Affidavit of Jane ......... 7', 'Factum .......... 58'))).toBe(true);
    expect(looksLikeIndex(page('Tab 1 Notice of Motion', 'Tab 2 Affidavit', 'Tab 3 Factum'))).toBe(true);
    expect(looksLikeIndex(page('Exhibit "A" Lease', 'Exhibit "B" Letter', 'Exhibit "C" Invoice'))).toBe(true);
  });

  it('does not take prose that happens to start lines with such words for an index', () => {
    expect(
      looksLikeIndex(
        page('Exhibit evidence shows that the lease', 'Schedule of payments was late', 'Document the claim', 'see Tab 12 of this brief'),
      ),
    ).toBe(false);
  });
});
