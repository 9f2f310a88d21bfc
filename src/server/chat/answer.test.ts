import { describe, expect, it } from 'vitest';
import { builtInAnswer, FEEDBACK_NOTE, namedItem, pageList, topicsOf } from './answer.ts';
import type { DocumentFacts, ItemFact } from './facts.ts';

const item = (ordinal: number, label: string, targetPage: number | null, confidence = 0.9, why = 'divider page'): ItemFact => ({
  ordinal, label, type: 'tab', text: `Affidavit number ${ordinal}`, page: ordinal > 6 ? 3 : 2, pageRef: null,
  link: { targetPage, confidence: targetPage === null ? 0 : confidence, why, status: 'auto', target: 'source' },
});
const facts = (over: Partial<DocumentFacts> = {}): DocumentFacts => {
  const items = [item(1, 'A', 5), item(2, 'B', null, 0, 'no divider for this tab'), item(3, 'C', 9, 0.4, 'heading only'), item(7, 'G', 20)];
  return {
    id: 'd', title: 'Brief', pageCount: 30, status: 'completed', failureReason: null, indexStatus: 'ok', indexCount: items.length,
    indexPagesSetByHand: null, indexPages: [2, 3], linksBuilt: true, linkStatus: 'completed', linkFailureReason: null, items,
    ocrPages: [{ page: 2, confidence: 91 }, { page: 14, confidence: 55 }], ...over,
  };
};
const ask = (q: string, f: DocumentFacts | null = facts(), first = false) => builtInAnswer(q, f, { caseLink: '/cases/c/reanalyze', first });

describe('the built-in assistant', () => {
  it('writes page lists as runs', () => {
    expect(pageList([4, 2, 3, 7, 9, 10])).toBe('2–4, 7 and 9–10');
    expect(pageList([5])).toBe('5');
  });

  it('tells what a question is about, and which item it names', () => {
    expect(topicsOf('Tab 4 is missing')).toEqual(['missing']);
    expect(topicsOf('The number of index items found is wrong.')).toEqual(['count']);
    expect(topicsOf('A page was read wrongly (OCR error).')).toEqual(['ocr']);
    expect(topicsOf('How do I set the index pages by hand?')).toEqual(['index-pages']);
    const items = facts().items;
    expect(namedItem('what about tab c?', items)?.ordinal).toBe(3);
    expect(namedItem('item 7 looks wrong', items)?.label).toBe('G');
    expect(namedItem('Tab Z', items)).toBeUndefined();
  });

  it('names each item without a destination with its index page and reason, and the low ones', () => {
    const a = ask('Something is missing');
    expect(a).toContain('1 index item has no destination');
    expect(a).toContain('Tab B – “Affidavit number 2” (item 2 of the index, on index page 2): no destination found — no divider for this tab.');
    expect(a).toContain('1 link has a low confidence');
    expect(a).toContain('Tab C – “Affidavit number 3” (item 3 of the index, on index page 2): page 9 at 40% confidence (heading only).');
    expect(a).not.toContain('Tab A');
  });

  it('answers about the item a question names', () => {
    expect(ask('Is tab G right?')).toBe('Tab G – “Affidavit number 7” (item 7 of the index, on index page 3): page 20 at 90% confidence (divider page).');
  });

  it('counts the items and says how to set index pages by hand; no index means setting them', () => {
    expect(ask('how many tabs?')).toContain('I found 4 index items in “Brief” on index pages 2–3, read from the index pages as detected (4 tabs)');
    const none = ask('how many?', facts({ indexCount: 0, items: [], indexPages: [] }));
    expect(none).toContain('No index was found in “Brief” (0 index items)');
    expect(none).toContain('2,3,4 or 2-5');
  });

  it('lists the OCR pages and the ones read with low confidence', () => {
    const a = ask('ocr problem');
    expect(a).toContain('2 pages of 30 were read by OCR (pages 2 and 14), at a mean word confidence of 73%.');
    expect(a).toContain('page 14 (55%)');
    expect(a).toContain('The index itself was read by OCR on page 2.');
    expect(ask('ocr?', facts({ ocrPages: [] }))).toBe('No page of “Brief” needed OCR: all 30 pages carry their own text layer.');
  });

  it('says a document still being read is not known yet, answers general help without one, and notes the feedback once', () => {
    expect(ask('missing?', facts({ status: 'processing' }))).toContain('is still being read');
    expect(ask('hello', null)).toContain('Open the chat from a case with a document');
    expect(ask('hello', null, true).endsWith(FEEDBACK_NOTE)).toBe(true);
  });
});
