import { describe, expect, it } from 'vitest';
import type { AuthorityRecord } from '../../../contract/documents.ts';
import { authorityOrder, parseTarget } from './authorities-panel.tsx';

const a = (over: Partial<AuthorityRecord>): AuthorityRecord => ({
  id: String(over.ordinal ?? 1), documentId: 'd', ordinal: 1, page: 5, text: 'x', kind: 'case', family: 'us-case', parts: {}, spans: [],
  url: 'https://www.courtlistener.com/c/U.S./556/662/', recordDocId: null, recordTitle: null, recordCiteAs: null, targetPage: null,
  briefPage: null, masterPage: null, tab: null, engineUrl: null, engineRecordDocId: null, engineTargetPage: null, engineBriefPage: null,
  status: 'auto', linked: true, why: null, unresolvedReason: null, shortForm: null, antecedent: null, footnote: false, toaRow: false, ...over,
});

describe('authorities panel', () => {
  it('lists the ones not linked first, then the least certain, confirmed and removed last', () => {
    const list = [
      a({ ordinal: 1, page: 2, status: 'removed', linked: false }),
      a({ ordinal: 2, page: 3, status: 'confirmed' }),
      a({ ordinal: 3, page: 4, recordDocId: 'b', targetPage: 3, masterPage: 12 }),
      a({ ordinal: 4, page: 9 }),
      a({ ordinal: 5, page: 8, shortForm: 'id' }),
      a({ ordinal: 6, page: 7, url: null, linked: false, unresolvedReason: 'no public address' }),
    ];
    expect(list.sort(authorityOrder).map((x) => x.ordinal)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('reads a new target as a Book page or an https address, and says what is wrong otherwise', () => {
    expect(parseTarget('')).toBeNull();
    expect(parseTarget(' 12 ')).toEqual({ targetPage: 12 });
    expect(parseTarget('0')).toEqual({ error: 'A page number from 1' });
    expect(parseTarget('https://library.firm.example/cite?q=556+U.S.+662')).toEqual({ url: 'https://library.firm.example/cite?q=556+U.S.+662' });
    expect(parseTarget('http://library.firm.example/x')).toEqual({ error: 'An https:// address' });
    expect(parseTarget('javascript:alert(1)')).toEqual({ error: 'An https:// address' });
    expect(parseTarget('https://u:p@library.firm.example/x')).toEqual({ error: 'An address without a user name or password' });
    expect(parseTarget('/etc/passwd')).toEqual({ error: 'A page of the Book of Authorities, or an https:// address' });
  });
});
