import { describe, expect, it } from 'vitest';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';
import { layoutPages } from '../page-model/page-layout.ts';
import { documentStarts } from './document-starts.ts';

const stamped = (n: number, of: number, footer?: string): PageSpec =>
  ({ ...bodyPage(footer ? { footer } : {}), header: `Case 1:22-cv-01033 Document 1 Filed 04/13/22 Page ${n} of ${of}` });
const landscape = (footer?: string): PageSpec => ({ ...bodyPage(footer ? { footer } : { lines: 20 }), width: 792, height: 612 });

/** Per page, the kinds of evidence that a document starts there. */
const kinds = (specs: PageSpec[]) => documentStarts(layoutPages(makePages(specs))).map((s) => s?.reasons.map((r) => r.kind) ?? []);

describe('where one of several documents filed together starts', () => {
  it('reads an earlier filing\'s stamp: its page 1 of N starts it, the page after its page N of N starts the next', () => {
    const starts = kinds([bodyPage({ footer: '1' }), bodyPage({ footer: '2' }), stamped(1, 3), stamped(2, 3), stamped(3, 3), bodyPage()]);
    expect(starts).toEqual([[], [], ['stamp-first'], [], [], ['stamp-ended']]);
  });

  it('takes a page turned to landscape, and the page turned back, as another document', () => {
    const starts = kinds([bodyPage(), bodyPage(), landscape(), landscape(), bodyPage()]);
    expect(starts).toEqual([[], [], ['page-size'], [], ['page-size']]);
  });

  it('takes a numbering that starts again at 1, or a letter\'s unnumbered first page before its page 2, as a new document', () => {
    const numbered = (n: string) => bodyPage({ footer: n });
    expect(kinds([numbered('1'), numbered('2'), numbered('3'), numbered('1'), numbered('2')])).toEqual([[], [], [], ['numbering'], []]);
    expect(kinds([numbered('1'), numbered('2'), numbered('3'), bodyPage(), numbered('2')])).toEqual([[], [], [], ['numbering'], []]);
  });

  it('sees no start inside one document: a running numbering, the same court stamp on every page, the same page size', () => {
    const filing = Array.from({ length: 6 }, (_, i) => stamped(i + 1, 6, String(i + 1)));
    // (one filing stamped as a whole: its page 1 is the file's first page, which never starts a document of its own)
    expect(kinds(filing).every((k) => k.length === 0)).toBe(true);
    const description = documentStarts(layoutPages(makePages([stamped(4, 4, '4'), landscape('1')])))[1]!;
    expect(description.reasons.map((r) => r.why)).toEqual([
      "the page before ends its document ('Page 4 of 4')",
      'the page turns from portrait to landscape',
      'its page number restarts at 1 (the page before is numbered 4)',
    ]);
    expect(description.strength).toBe(1);
  });

  it('takes a running header that gives way to another, each printed on every page of its document, as a new document', () => {
    const headed = (header: string): PageSpec => ({ rows: [{ text: header, x: 72, y: 30, size: 11 }, ...bodyPage().rows] });
    const starts = kinds([headed('Rafael Alvarez'), headed('Rafael Alvarez'), headed('Rafael Alvarez'), headed('Recall notice | Sablewood'), headed('Recall notice | Sablewood')]);
    expect(starts).toEqual([[], [], [], ['running-header'], []]);
    // a letter's continuation header, first printed on its second page, starts nothing
    expect(kinds([bodyPage(), bodyPage(), headed('Marcus Oyelaran, Page 2'), headed('Marcus Oyelaran, Page 3')])).toEqual([[], [], [], []]);
  });
});
