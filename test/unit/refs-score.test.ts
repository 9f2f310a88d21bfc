import { describe, expect, test } from 'vitest';
import { type FoundRef, normaliseRefText, scoreRefs } from '../fixtures/refs/score.ts';
import type { RefTruth, TruthReference } from '../fixtures/refs/types.ts';

/** The reference scorer on small hand-built truths: what counts as found, right, linked, wrong. */

const ab23: TruthReference = { page: 3, text: 'Appeal Book, Tab 5, p. 23', kind: 'record', doc: 'AB', docKey: 'AB', volume: '1',
  parts: { doc: 'Appeal Book', docKey: 'APPEALBOOK', tab: '5', page: '23' }, shortForm: null, targetPage: 40 };
const er: TruthReference = { page: 4, text: '2-ER-45–47', kind: 'record', doc: 'ER', docKey: 'ER', volume: '2',
  parts: { doc: 'ER', docKey: 'ER', volume: '2', page: '45', pageEnd: '47' }, shortForm: null, targetPage: 70 };
const brief: TruthReference = { page: 5, text: 'Opening Br. 5', kind: 'brief', doc: 'Opening Br.', docKey: 'OPENINGBR', volume: null,
  parts: { doc: 'Opening Br.', docKey: 'OPENINGBR', page: '5' }, shortForm: null, targetPage: null };
const missing: TruthReference = { page: 5, text: 'ER 4555', kind: 'record', doc: 'ER', docKey: 'ER', volume: null,
  parts: { doc: 'ER', docKey: 'ER', page: '4555' }, shortForm: null, targetPage: null, unresolved: true };
const truth: RefTruth = { references: [ab23, er, brief, missing], notReferences: ['556 U.S. 662, 678'] };

const asFound = (t: TruthReference, over: Partial<FoundRef> = {}): FoundRef => ({
  page: t.page, text: t.text, kind: t.kind, doc: t.doc, volume: t.volume, target: t.parts.page ?? '', targetPage: t.targetPage, parts: { ...t.parts }, ...over,
});

describe('scoreRefs', () => {
  test('the truth itself scores perfectly', () => {
    const s = scoreRefs(truth, truth.references.map((t) => asFound(t)));
    expect(s).toMatchObject({ expected: 4, found: 4, partsRight: 4, linkedRight: 4, wrongLinks: 0, linksOverNonReferences: 0, unresolvedButInRecord: 0 });
    expect(s.problems).toEqual([]);
  });

  test('text is matched whatever its dashes, quotes, spacing, case, brackets or trailing punctuation', () => {
    expect(normaliseRefText('(AB,  Vol. 1, Tab 2, pp. 14–15).')).toBe(normaliseRefText('AB, Vol. 1, Tab 2, pp. 14-15'));
    expect(normaliseRefText('Motion Record, Tab 3, Exhibit “C”')).toBe(normaliseRefText('Motion Record, Tab 3, Exhibit "C"'));
    expect(normaliseRefText('[B/12/345]')).toBe('b/12/345');
    const s = scoreRefs(truth, [asFound(er, { text: '2-ER-45-47;' })]);
    expect(s.found).toBe(1);
  });

  test('a reference found on another page, or with other words, is not found', () => {
    const s = scoreRefs(truth, [asFound(ab23, { page: 4 }), asFound(er, { text: '2-ER-45' })]);
    expect(s.found).toBe(0);
    expect(s.problems.filter((p) => p.endsWith('not found'))).toHaveLength(4);
  });

  test('the document may be named as written or by the record it resolves into; other parts must agree', () => {
    const byRecord = asFound(ab23, { parts: { doc: 'AB', docKey: 'AB', tab: '5', page: '23' } });
    const wrongTab = asFound(er, { parts: { doc: 'ER', docKey: 'ER', volume: '2', page: '45', pageEnd: '47', tab: '3' } });
    const s = scoreRefs(truth, [byRecord, wrongTab, asFound(brief, { kind: 'record', targetPage: null })]);
    expect(s.partsRight).toBe(1);
    expect(s.problems).toContain('p.4 "2-ER-45–47": tab 3, expected (none)');
    expect(s.problems).toContain('p.5 "Opening Br. 5": kind record, expected brief');
  });

  test('a wrong page, a missed resolution, a link over a brief reference and a link over a non-reference are each counted', () => {
    const s = scoreRefs(truth, [
      asFound(ab23, { targetPage: 41 }),
      asFound(er, { targetPage: null }),
      asFound(brief, { targetPage: 6 }),
      asFound(missing, { targetPage: 300 }),
      { page: 5, text: '556 U.S. 662, 678', kind: 'record', doc: 'U.S.', volume: '556', target: '662', targetPage: 12 },
      { page: 5, text: '556 U.S. 662, 678', kind: 'authority', doc: 'U.S.', volume: '556', target: '662', targetPage: null },
    ]);
    expect(s).toMatchObject({ found: 4, linkedRight: 0, wrongLinks: 3, unresolvedButInRecord: 1, linksOverNonReferences: 1 });
    expect(s.problems).toContain('p.3 "Appeal Book, Tab 5, p. 23": linked to master page 41, expected 40');
    expect(s.problems).toContain('p.5 "ER 4555": linked to master page 300, expected no link');
  });

  test('two identical references on one page need two found ones', () => {
    const twice: RefTruth = { references: [ab23, { ...ab23 }], notReferences: [] };
    expect(scoreRefs(twice, [asFound(ab23)]).found).toBe(1);
    expect(scoreRefs(twice, [asFound(ab23), asFound(ab23)]).found).toBe(2);
  });
});
