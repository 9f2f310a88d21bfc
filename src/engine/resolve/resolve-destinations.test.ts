import { describe, expect, it } from 'vitest';
import { detectIndex } from '../index/detect-index.ts';
import { bodyPage, makePages, type PageSpec } from '../page-model/make-page-text.ts';
import type { PageText } from '../types.ts';
import { resolveDestinations } from './resolve-destinations.ts';

const cover: PageSpec = { rows: ['ONTARIO SUPERIOR COURT OF JUSTICE', 'BETWEEN:', 'JOHN SMITH', 'Applicant', 'APPLICATION RECORD'] };
const divider = (label: string, source: PageText['source'] = 'text-layer'): PageSpec => ({ rows: [{ text: label, x: 250, y: 350, size: 28 }], source });

function run(source: PageText[], record: PageText[] | null = null) {
  const det = detectIndex(source);
  return { det, dest: resolveDestinations({ items: det.items, indexPages: det.pages, source, record }) };
}

/** A brief: cover, index, then per tab a divider page and `bodyPages` body pages. */
function dividedBrief(n: number, bodyPages = 2, dividerText = (i: number) => `TAB ${i}`): { pages: PageText[]; starts: number[] } {
  const specs: PageSpec[] = [cover, { rows: ['INDEX', ...Array.from({ length: n }, (_, k) => `Tab ${k + 1} | Affidavit of Witness Number ${k + 1}`)] }];
  const starts: number[] = [];
  for (let i = 1; i <= n; i++) {
    starts.push(specs.length + 1);
    specs.push(divider(dividerText(i)));
    for (let b = 0; b < bodyPages; b++) specs.push(bodyPage(b === 0 ? { firstRow: i === 3 ? 'As set out at Tab 12 of this brief, see Tab 1.' : 'AFFIDAVIT' } : {}));
  }
  return { pages: makePages(specs), starts };
}

describe('resolveDestinations: divider pages', () => {
  it('sends every tab to its divider page, TAB 1 apart from TAB 10-19, with high confidence', () => {
    const { pages, starts } = dividedBrief(19);
    const { dest } = run(pages);
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
    expect(dest.every((d) => d.target === 'source' && d.confidence >= 0.9)).toBe(true);
    expect(dest[6]!.why).toContain("divider page 'TAB 7'");
  });

  it('reads OCR confusions on dividers (TABl, TAB I, TAB 1O) with a lower confidence that says so', () => {
    const { pages: text, starts } = dividedBrief(11, 1, (i) => (i === 1 ? 'TABl' : i === 10 ? 'TAB 1O' : i === 11 ? 'TAB I1' : `TAB ${i}`));
    const pages = text.map((p, i) => (i >= 2 ? { ...p, source: 'ocr' as const, confidence: 85 } : p));
    const { dest } = run(pages);
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
    expect(dest[0]!.confidence).toBeLessThan(dest[1]!.confidence);
    expect(dest[0]!.confidence).toBeGreaterThanOrEqual(0.75);
    expect(dest[0]!.why).toContain('read as TAB 1');
  });

  it('reads letter-spaced dividers (T A B 1 2)', () => {
    const { pages, starts } = dividedBrief(12, 1, (i) => `T A B ${String(i).split('').join(' ')}`);
    const { dest } = run(pages);
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
    expect(dest[11]!.why).toContain("divider page 'T A B 1 2'");
  });

  it('trusts the divider over a disagreeing page number in the index, lowers the confidence and says why', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', 'Tab 1 | Notice of Motion ..... 1', 'Tab 2 | Affidavit of Kim Lee ..... 3', 'Tab 3 | Order ..... 9'] }];
    // Printed numbers start after the index: PDF page = printed + 2. Tab 2 really starts at printed 5.
    for (let printed = 1; printed <= 10; printed++) {
      const divider = printed === 1 ? 'TAB 1' : printed === 5 ? 'TAB 2' : printed === 9 ? 'TAB 3' : null;
      specs.push(divider ? { rows: [{ text: divider, x: 250, y: 350, size: 28 }], footer: String(printed) } : bodyPage({ footer: String(printed) }));
    }
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([3, 7, 11]);
    expect(dest[0]!.confidence).toBeGreaterThanOrEqual(0.95);
    expect(dest[1]!.confidence).toBeLessThanOrEqual(0.7);
    expect(dest[1]!.why).toMatch(/divider page 'TAB 2'.*index gives page 3.*divider was trusted/);
  });
});

describe('resolveDestinations: pages that open a tab without a divider page', () => {
  it('takes a short page opening with the tab and its title, but not body text that cites a tab', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', 'Tab 1 | Affidavit of Kim Lee', 'Tab 2 | Affidavit of Sam Park', 'Tab 3 | Order of Justice Brown'] }];
    specs.push({ rows: ['TAB 1 AFFIDAVIT OF KIM LEE', 'sworn May 3, 2021'] }, bodyPage({ firstRow: 'Tab 3 of this brief is the order, see Tab 3 at the end.' }));
    specs.push({ rows: ['TAB 2 AFFIDAVIT OF SAM PARK', 'sworn May 4, 2021'] }, bodyPage());
    specs.push({ rows: ['TAB 3 ORDER OF JUSTICE BROWN', 'THIS COURT ORDERS'] }, bodyPage());
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([3, 5, 7]);
    expect(dest[1]!.why).toContain("page opening with 'TAB 2 AFFIDAVIT OF SAM PARK'");
  });

  it('reads an OCR divider whose number came back as a letter (TABS. for TAB 5) and uses it for the right tab', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', ...[1, 2, 3, 4, 5, 6].map((i) => `Tab ${i} | Reasons for Judgment of Justice ${'ABCDEF'[i - 1]}`)] }];
    const shown = ['TAB 1', 'TAB 2', 'TAB 3', 'TABS.', 'TABS.', 'TAB 6'];
    for (let i = 1; i <= 6; i++) {
      specs.push({ rows: [{ text: shown[i - 1]!, x: 250, y: 350, size: 28 }], source: 'ocr' });
      specs.push({ rows: ['REASONS FOR JUDGMENT', `Justice ${'ABCDEF'[i - 1]}`], source: 'ocr' });
    }
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([3, 5, 7, 9, 11, 13]);
    expect(dest[4]!.why).toContain("read as TAB 5");
    expect(dest[3]!.why).toContain('could not read');
    expect(dest[3]!.confidence).toBeLessThan(0.75);
  });

  it('takes an OCR page that came back empty just before the document as its divider page', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', 'Tab 1 | Notice of Appeal', 'Tab 2 | Affidavit of Kim Lee', 'Tab 3 | Factum of the Appellant'] }];
    specs.push(divider('TAB 1', 'ocr'), { rows: ['NOTICE OF APPEAL', 'THE APPELLANT APPEALS'], source: 'ocr' }, bodyPage({ source: 'ocr' }));
    specs.push({ rows: [], source: 'ocr' }, { rows: ['AFFIDAVIT OF KIM LEE', 'I, Kim Lee, make oath and say'], source: 'ocr' }, bodyPage({ source: 'ocr' }));
    specs.push(divider('TAB 3', 'ocr'), { rows: ['FACTUM OF THE APPELLANT', 'PART I'], source: 'ocr' });
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([3, 6, 9]);
    expect(dest[1]!.why).toContain('no readable text');
    expect(dest[1]!.confidence).toBeLessThan(0.75);
  });

  it('never takes a page read only in its bands for an empty divider page: its middle is not read yet', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', 'Tab 1 | Notice of Appeal', 'Tab 2 | Affidavit of Kim Lee', 'Tab 3 | Factum of the Appellant'] }];
    specs.push(divider('TAB 1', 'ocr'), { rows: ['NOTICE OF APPEAL', 'THE APPELLANT APPEALS'], source: 'ocr' }, bodyPage({ source: 'ocr' }));
    // a page of prose (a redacted one: its bands show nothing but black boxes), then the affidavit
    specs.push({ rows: [], source: 'ocr' }, { rows: ['AFFIDAVIT OF KIM LEE', 'I, Kim Lee, make oath and say'], source: 'ocr' }, bodyPage({ source: 'ocr' }));
    specs.push(divider('TAB 3', 'ocr'), { rows: ['FACTUM OF THE APPELLANT', 'PART I'], source: 'ocr' });
    const pages = makePages(specs).map((p) => (p.page === 6 ? { ...p, partial: true as const } : p));
    const { dest } = run(pages);
    expect(dest.map((d) => d.targetPage)).toEqual([3, 7, 9]);
    expect(dest[1]!.why).not.toContain('no readable text');
  });
});

describe('resolveDestinations: printed page numbers', () => {
  const index: PageSpec = { rows: ['INDEX', 'TAB | DOCUMENT | PAGE NO.', '1 | Notice of Motion | 1', '2 | Affidavit of Kim Lee | 4', '3 | Draft Order | 9'] };

  it('calibrates the offset from the footers, never from a court header "Page N of M"', () => {
    const specs: PageSpec[] = [cover, index];
    for (let printed = 1; printed <= 12; printed++) {
      specs.push(bodyPage({ footer: String(printed), header: `Case 1:20-cv-1 Document 12 Filed 01/02/21 Page ${printed + 2} of 14` }));
    }
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([3, 6, 11]);
    expect(dest[1]!.why).toContain('printed page 4 + offset 2 from footers');
    expect(dest[1]!.confidence).toBeGreaterThanOrEqual(0.85);
  });

  it('finds section page numbers (A1, B7) printed in the footers of a bundle', () => {
    const idx: PageSpec = { rows: ['INDEX', 'A. STATEMENTS OF CASE', 'Tab 1 | Claim form ..... A1', 'Tab 2 | Defence ..... A3', 'B. WITNESS STATEMENTS', 'Tab 3 | Statement of Jo Bloggs ..... B1'] };
    const specs: PageSpec[] = [cover, idx, ...['A1', 'A2', 'A3', 'A4', 'B1', 'B2'].map((f) => bodyPage({ footer: f }))];
    const { det, dest } = run(makePages(specs));
    expect(det.items.map((i) => i.label)).toEqual(['1', '2', '3']);
    expect(dest.map((d) => d.targetPage)).toEqual([3, 5, 7]);
    expect(dest[2]!.why).toContain('printed page B1');
  });

  it('falls back to the page number as the PDF page, with a low confidence, when there are no footers', () => {
    const specs: PageSpec[] = [cover, index, ...Array.from({ length: 10 }, () => bodyPage())];
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([1, 4, 9].map((p) => (p <= 2 ? null : p)));
    expect(dest[0]!.confidence).toBe(0);
    expect(dest[1]!.confidence).toBeLessThanOrEqual(0.4);
    expect(dest[1]!.why).toMatch(/taken as the PDF page/);
  });
});

describe('resolveDestinations: appellate brief table of contents', () => {
  it('sends labelled and unlabelled entries to their printed pages; sections may share a page', () => {
    const toc: PageSpec = {
      rows: [
        'TABLE OF CONTENTS', 'TABLE OF AUTHORITIES ............ ii', 'INTRODUCTION ............ 1', 'ARGUMENT ............ 2',
        { text: 'I. | THE DISTRICT COURT ERRED ............ 2', x: 90 }, { text: 'II. | THE ORDER SHOULD BE VACATED ............ 4', x: 90 }, 'CONCLUSION ............ 5',
      ],
      footer: 'i',
    };
    const toa: PageSpec = { rows: ['TABLE OF AUTHORITIES', 'Smith v. Jones, 1 F.3d 1 (9th Cir. 1999) ............ 2, 4'], footer: 'ii' };
    const specs: PageSpec[] = [cover, toc, toa,
      bodyPage({ firstRow: 'INTRODUCTION', footer: '1' }),
      { rows: ['ARGUMENT', 'I. THE DISTRICT COURT ERRED', 'The court below applied the wrong test.'], footer: '2' },
      bodyPage({ footer: '3' }),
      { rows: ['and that is the end of the point.', 'II. THE ORDER SHOULD BE VACATED', 'For the same reasons the order falls.'], footer: '4' },
      { rows: ['CONCLUSION', 'The appeal should be allowed.'], footer: '5' },
    ];
    const { det, dest } = run(makePages(specs));
    expect(det.items.map((i) => i.label)).toEqual(['', '', '', 'I', 'II', '']);
    expect(dest.map((d) => d.targetPage)).toEqual([3, 4, 5, 5, 7, 8]);
    expect(dest[3]!.why).toContain('offset 3 from footers');
    expect(dest.every((d) => d.confidence >= 0.5)).toBe(true);
  });
});

describe('resolveDestinations: exhibits, markers, headings', () => {
  it('sends exhibits to their commissioner cover pages', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX OF EXHIBITS', 'Exhibit "A" | Lease', 'Exhibit "B" | Notice of default', 'Exhibit "C" | Letter of demand'] }, bodyPage()];
    const starts: number[] = [];
    for (const l of ['A', 'B', 'C']) {
      starts.push(specs.length + 1);
      specs.push({ rows: [`This is Exhibit "${l}" referred to in the Affidavit of Kim Lee`, 'sworn before me this 3rd day of May, 2021.', 'A Commissioner for taking affidavits'] }, bodyPage());
    }
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
    expect(dest[2]!.why).toContain('exhibit cover page');
  });

  it('sends items to the record where *T markers stand, target record', () => {
    const brief = makePages([cover, { rows: ['INDEX', 'Tab 1 | Trial transcript, day one', 'Tab 2 | Exhibit list', 'Tab 3 | Judgment'] }, bodyPage(), bodyPage()]);
    const record = makePages([
      { rows: ['*T1', 'TRANSCRIPT OF PROCEEDINGS'] }, bodyPage(), bodyPage(),
      { rows: ['*T2 EXHIBIT LIST'] }, bodyPage(),
      { rows: ['*T3', 'JUDGMENT'] }, bodyPage(),
    ]);
    const { dest } = run(brief, record);
    expect(dest.map((d) => [d.target, d.targetPage])).toEqual([['record', 1], ['record', 4], ['record', 6]]);
    expect(dest[1]!.why).toContain("record marker '*T2'");
  });

  it('never sends an item to the record\'s own index page, whose rows repeat the descriptions', () => {
    const brief = makePages([cover, { rows: ['INDEX', 'Tab 1 | Transcript of the trial', 'Tab 2 | Judgment of the court'] }, bodyPage()]);
    const record = makePages([
      { rows: ['INDEX', 'Tab 1 | Transcript of the trial', 'Tab 2 | Judgment of the court'] },
      { rows: ['TRANSCRIPT OF THE TRIAL', 'Day one'] }, bodyPage(), { rows: ['JUDGMENT OF THE COURT', 'The appeal is dismissed.'] },
    ]);
    const { dest } = run(brief, record);
    expect(dest.map((d) => [d.target, d.targetPage])).toEqual([['record', 2], ['record', 4]]);
  });

  it('uses headings matching the description when nothing else is there, with a modest confidence', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', 'Tab 1 | Notice of Application', 'Tab 2 | Affidavit of Kim Lee', 'Tab 3 | Factum of the Applicant'] }];
    specs.push({ rows: ['NOTICE OF APPLICATION', 'TO THE RESPONDENT'] }, bodyPage(), { rows: ['AFFIDAVIT OF KIM LEE', 'I, Kim Lee, make oath and say'] }, bodyPage(), { rows: ['FACTUM OF THE APPLICANT', 'PART I'] });
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([3, 5, 7]);
    expect(dest.every((d) => d.confidence >= 0.45 && d.confidence <= 0.7)).toBe(true);
    expect(dest[1]!.why).toContain("heading 'AFFIDAVIT OF KIM LEE'");
  });

  it('keeps index order: a matching heading before the previous item is not taken', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', 'Tab 1 | Affidavit of Kim Lee', 'Tab 2 | Order'] }];
    specs.push({ rows: ['ORDER', 'draft, not signed'] }, divider('TAB 1'), bodyPage(), { rows: ['ORDER', 'THIS COURT ORDERS'] });
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual([4, 6]);
    expect(dest[1]!.why).toContain('the same heading is also on page 3');
    expect(dest[1]!.confidence).toBeLessThanOrEqual(0.5);
  });

  it('gives no destination (null, confidence 0, a reason) when nothing points anywhere, and never an index page', () => {
    const pages = makePages([cover, { rows: ['INDEX', 'Tab 1 | Notice of Application', 'Tab 2 | Affidavit of Kim Lee'] }, bodyPage(), bodyPage()]);
    const { dest } = run(pages);
    expect(dest).toHaveLength(2);
    for (const d of dest) {
      expect(d.targetPage).toBeNull();
      expect(d.confidence).toBe(0);
      expect(d.why).toMatch(/no divider page/);
    }
  });
});

describe('resolveDestinations: a long brief', () => {
  // (how long it takes is measured by the engine benchmark, bench/engine.ts, never asserted here: a timed test
  // fails on a busy machine, not on slow code)
  it('resolves a 1,200-page brief with 63 tabs, each to its divider page', () => {
    const { pages, starts } = dividedBrief(63, 18);
    expect(pages.length).toBeGreaterThan(1150);
    const { dest } = run(pages);
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
  });
});

describe('resolveDestinations: tab stamps on every page, no dividers', () => {
  /** Per tab `pages[i]` body pages, each stamped in its header by `stamp(tab, page within tab)`. */
  function stampedBrief(pages: number[], stamp: (tab: number, k: number) => string): { pages: PageText[]; starts: number[] } {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', ...pages.map((_, k) => `Tab ${k + 1} | Affidavit of Witness Number ${k + 1}`)] }];
    const starts: number[] = [];
    pages.forEach((n, i) => {
      starts.push(specs.length + 1);
      for (let k = 1; k <= n; k++) specs.push(bodyPage({ header: stamp(i + 1, k) }));
    });
    return { pages: makePages(specs), starts };
  }

  it('sends each tab to the page stamped as its page 1', () => {
    const { pages, starts } = stampedBrief([3, 1, 4, 2, 2], (t, k) => `Tab ${t}, p. ${k}`);
    const { dest } = run(pages);
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
    expect(dest[2]!.why).toContain("tab stamp 'Tab 3, p. 1'");
  });

  it('takes the first page of a run stamped with the label when the stamp has no page', () => {
    const { pages, starts } = stampedBrief([2, 3, 1, 2], (t) => `TAB ${t}`);
    const { dest } = run(pages);
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
  });
});

describe('resolveDestinations: the tab named at the top of every page of the item', () => {
  it('sends each tab to the first page of its run, not to any page headed with it', () => {
    const specs: PageSpec[] = [cover, { rows: ['INDEX', ...[1, 2, 3, 4].map((k) => `Tab ${k} | Affidavit of Witness Number ${k}`)] }];
    const starts: number[] = [];
    [3, 2, 4, 2].forEach((n, i) => {
      starts.push(specs.length + 1);
      // `TAB` over a large number at the top of every page, then the text.
      for (let k = 0; k < n; k++) specs.push({ rows: ['TAB', { text: String(i + 1), size: 20 }, ...bodyPage().rows] });
    });
    const { dest } = run(makePages(specs));
    expect(dest.map((d) => d.targetPage)).toEqual(starts);
  });
});
