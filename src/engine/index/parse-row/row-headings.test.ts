import { describe, expect, it } from 'vitest';
import { rowOf } from '../make-parsed-rows.ts';
import { headingOrHeader, indexHeading, isHeader } from './row-headings.ts';

describe('headings naming an index (indexHeading)', () => {
  it('names the kind of list', () => {
    expect(indexHeading('TABLE OF CONTENTS')).toBe('toc');
    expect(indexHeading('INDEX OF EXHIBITS')).toBe('exhibit');
    expect(indexHeading('INDEX')).toBe('index');
    expect(indexHeading('EXHIBITS')).toBe('exhibit');
  });

  it('a table of authorities stops the index', () => {
    expect(indexHeading('TABLE OF AUTHORITIES')).toBe('stop');
  });

  it('reads letter-spaced and OCR-misread headings', () => {
    expect(indexHeading('I N D E X')).toBe('index');
    expect(indexHeading('lNDEX')).toBe('index');
    expect(indexHeading('TABLE OF C0NTENTS')).toBe('toc');
  });

  it('is null for other text', () => {
    expect(indexHeading('STATEMENT OF FACTS')).toBeNull();
  });
});

describe('a table header row (isHeader)', () => {
  it('is header words naming the columns, with no digits', () => {
    expect(isHeader(rowOf('Tab No. | Date | Nature of Document'))).toBe(true);
    expect(isHeader(rowOf('Tab 1 | Affidavit of Jane Smith'))).toBe(false);
    expect(isHeader(rowOf('Affidavit of the applicant as to the document'))).toBe(false);
  });
});

describe('a row as a heading or a header (headingOrHeader)', () => {
  it('takes a heading in capitals anywhere', () => {
    expect(headingOrHeader(rowOf({ text: 'EXHIBITS', y: 400 }))).toEqual({ heading: 'exhibit' });
  });

  it('a lone word in lower case low on the page is the end of a wrapped description', () => {
    expect(headingOrHeader(rowOf({ text: 'exhibits', y: 400 }))).toBeNull();
  });

  it('a row with a leader is never a heading', () => {
    expect(headingOrHeader(rowOf('Index ........ 4'))).toBeNull();
  });

  it('gives the header of a table', () => {
    expect(headingOrHeader(rowOf('Tab No. | Date | Nature of Document'))).toEqual({ header: true });
  });
});
