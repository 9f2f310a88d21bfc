import { describe, expect, it } from 'vitest';
import { byConfidence, checkPage, confidencePercent, confidenceText, linkCounts, linkLabel, offersIndexPagesByHand, reviewOffered, submissionOffered, unreviewedLinks } from './review-logic.ts';

const link = (ordinal: number, confidence: string, targetPage: number | null = 5) => ({ itemOrdinal: ordinal, confidence, targetPage, srcPage: 2 });

describe('link counts', () => {
  it('total counts every link, pending those neither confirmed nor removed', () => {
    const statuses = ['auto', 'confirmed', 'removed', 'auto', 'confirmed'] as const;
    expect(linkCounts(statuses.map((status) => ({ status })))).toEqual({ total: 5, confirmed: 2, removed: 1, pending: 2 });
    expect(linkCounts([])).toEqual({ total: 0, confirmed: 0, removed: 0, pending: 0 });
  });
});

describe('confidence as a rounded percent', () => {
  it.each([
    ['0.874', 87],
    ['0.875', 88],
    ['1', 100],
    ['0', 0],
    ['', 0],
    ['1.4', 100],
  ])('%s → %i', (value, percent) => expect(confidencePercent(value)).toBe(percent));
});

describe('the review order', () => {
  it('lowest confidence first, a link without destination before all, ties in index order', () => {
    const sorted = byConfidence([link(1, '0.9'), link(2, '0.4'), link(3, '0', null), link(4, '0.4'), link(5, '0.1')]);
    expect(sorted.map((l) => l.itemOrdinal)).toEqual([3, 5, 2, 4, 1]);
  });
});

describe('labels', () => {
  it('as the index prints them: Tab only where the index says Tab, the kind of an exhibit, a section bare', () => {
    expect(linkLabel({ itemLabel: 'A', itemOrdinal: 1, itemType: 'tab' })).toBe('Tab A');
    expect(linkLabel({ itemLabel: '3', itemOrdinal: 3, itemType: 'exhibit' })).toBe('Exhibit 3');
    expect(linkLabel({ itemLabel: 'B', itemOrdinal: 2, itemType: 'schedule' })).toBe('Schedule B');
    expect(linkLabel({ itemLabel: 'I', itemOrdinal: 1, itemType: 'section' })).toBe('I');
    expect(linkLabel({ itemLabel: 'II.A', itemOrdinal: 3, itemType: 'section' })).toBe('A');
    expect(linkLabel({ itemLabel: 'A', itemOrdinal: 1, itemType: 'document' })).toBe('A');
    expect(linkLabel({ itemLabel: 'Exhibit 3', itemOrdinal: 3, itemType: 'exhibit' })).toBe('Exhibit 3');
  });
  it('without a type (an older link) a bare label is a tab; a label naming its kind stays', () => {
    expect(linkLabel({ itemLabel: '3', itemOrdinal: 3 })).toBe('Tab 3');
    expect(linkLabel({ itemLabel: 'Exhibit A', itemOrdinal: 1 })).toBe('Exhibit A');
    expect(linkLabel({ itemLabel: null, itemOrdinal: 7 })).toBe('Item 7');
  });
});

describe('a page typed by the reviewer', () => {
  it('whole, at least 1, at most the page count', () => {
    expect(checkPage('12', 400)).toEqual({ page: 12 });
    expect(checkPage(' 400 ', 400)).toEqual({ page: 400 });
    expect(checkPage('0', 400)).toEqual({ error: 'The page must be at least 1' });
    expect(checkPage('401', 400)).toEqual({ error: 'The page must be at most 400' });
    expect(checkPage('2.5', 400)).toEqual({ error: 'Enter a page number' });
    expect(checkPage('', 400)).toEqual({ error: 'Enter a page number' });
    expect(checkPage('9999', null)).toEqual({ page: 9999 });
  });
  it('a page as printed (a roman front-matter page, a lettered one) through the page labels', () => {
    const labels = [null, 'i', 'ii', 'iii', '1', '2', 'A-1'];
    expect(checkPage('ii', 7, labels)).toEqual({ page: 3 });
    expect(checkPage(' III ', 7, labels)).toEqual({ page: 4 });
    expect(checkPage('p. ii', 7, labels)).toEqual({ page: 3 });
    expect(checkPage('a-1', 7, labels)).toEqual({ page: 7 });
    // a number is the page of the PDF, as the field says
    expect(checkPage('2', 7, labels)).toEqual({ page: 2 });
    expect(checkPage('xiv', 7, labels)).toEqual({ error: 'No page is numbered xiv; enter its page number in the PDF' });
    expect(checkPage('ii', 7, null)).toEqual({ error: 'Enter a page number' });
  });
});

describe('what a link says of its destination', () => {
  it("the engine's confidence, or 'set by reviewer' for a page a reviewer chose", () => {
    expect(confidenceText({ confidence: '0.55', setByReviewer: false })).toBe('55% confidence');
    expect(confidenceText({ confidence: '1', setByReviewer: true })).toBe('set by reviewer');
  });
});

describe('what a document offers next', () => {
  const doc = { aiProcessingStatus: 'completed', has_links: true, lawyerReviewed: false, reviewStatus: null, courtSubmitted: false } as const;
  it('review once links are built and until approved', () => {
    expect(reviewOffered(doc)).toBe(true);
    expect(reviewOffered({ ...doc, aiProcessingStatus: 'processing' })).toBe(false);
    expect(reviewOffered({ ...doc, reviewStatus: 'rejected' })).toBe(true);
    expect(reviewOffered({ ...doc, lawyerReviewed: true, reviewStatus: 'approved' })).toBe(false);
  });
  it('submission once approved and until submitted', () => {
    expect(submissionOffered(doc)).toBe(false);
    expect(submissionOffered({ ...doc, lawyerReviewed: true, reviewStatus: 'approved' })).toBe(true);
    expect(submissionOffered({ ...doc, lawyerReviewed: true, reviewStatus: 'approved', courtSubmitted: true })).toBe(false);
  });
});

describe('what a document offers when no index was found', () => {
  const doc = (status: string, index_status: 'ok' | 'error' | 'pending' | 'none', index_count: number, kind: 'brief' | 'record' = 'brief') => ({ status, index_status, index_count, kind });
  it('offers index pages set by hand only where its pages were read', () => {
    expect(offersIndexPagesByHand(doc('completed', 'ok', 0))).toBe(true);
    expect(offersIndexPagesByHand(doc('completed', 'error', 0))).toBe(true);
    // a record has no index of its own; a brief with its index found needs none
    expect(offersIndexPagesByHand(doc('completed', 'ok', 0, 'record'))).toBe(false);
    expect(offersIndexPagesByHand(doc('completed', 'ok', 12))).toBe(false);
    // a password-protected, damaged or refused file: no page of it can be named
    expect(offersIndexPagesByHand(doc('failed', 'error', 0))).toBe(false);
  });
});

describe('links nobody reviewed', () => {
  it('are those neither confirmed nor removed nor given a page by the reviewer, lowest confidence first', () => {
    const l = (itemOrdinal: number, status: 'auto' | 'confirmed' | 'removed', confidence: string, targetPage: number | null, engineTargetPage: number | null) => ({ itemOrdinal, status, confidence, targetPage, engineTargetPage });
    const links = [l(1, 'auto', '0.95', 5, 5), l(2, 'confirmed', '0.5', 6, 6), l(3, 'removed', '0.4', 7, 7), l(4, 'auto', '0.9', 9, 8), l(5, 'auto', '0.6', 10, 10)];
    expect(unreviewedLinks(links).map((x) => x.itemOrdinal)).toEqual([5, 1]);
  });
});
