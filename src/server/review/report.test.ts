import { describe, expect, it } from 'vitest';
import { latin1, reportCsv, reportPdfPages, type ReportInput } from './report.ts';

const input = (n: number): ReportInput => ({
  caseNumber: 'CV-1',
  caseTitle: 'Smith v. Jones',
  documentTitle: 'Motion Record',
  sha256: 'f'.repeat(64),
  pageCount: 120,
  approvedBy: 'Jane Counsel',
  approvedAt: '2026-01-02T03:04:05.000Z',
  submittedBy: 'clerk@example.com',
  submittedAt: '2026-01-03T03:04:05.000Z',
  court: null,
  validation: { expected_tabs: n, found_tabs: n, links_created: n, broken_links: 0, success: true },
  entries: Array.from({ length: n }, (_, i) => ({
    ordinal: i + 1,
    label: String(i + 1),
    text: i === 0 ? '=HYPERLINK("http://x")' : `Affidavit of “Smith” — sworn ${i}`,
    destination: 10 + i,
    engineDestination: 10 + i,
    confidence: 0.9,
    status: 'auto' as const,
    changedBy: null,
    changedAt: null,
  })),
});

describe('hyperlink report', () => {
  it('has one CSV row per entry, and a cell a spreadsheet would run as a formula is neutralised', () => {
    const lines = reportCsv(input(3)).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 3 + 6);
    expect(lines[1]).toBe('"1","1","\'=HYPERLINK(""http://x"")","10","10","0.90","auto","",""');
    expect(lines[2]).toContain('"Affidavit of “Smith” — sworn 1"');
    expect(lines.at(-2)).toBe('"# success","true"');
    // the three links were approved as the engine made them, and the report says so
    expect(lines.at(-1)).toBe('"# not_individually_reviewed","3"');
  });

  it('says how many links were approved without individual review, or that every one was reviewed', () => {
    const texts = (r: ReportInput) => reportPdfPages(r).flat().map((l) => l.text);
    expect(texts(input(4))).toContain('Approved with 4 of 4 links not individually reviewed (status auto below)');
    const reviewed = input(4);
    reviewed.entries = reviewed.entries.map((e) => ({ ...e, status: 'confirmed' as const, changedBy: 'Jane Counsel', changedAt: '2026-01-02T03:00:00.000Z' }));
    expect(texts(reviewed)).toContain('Every link was individually reviewed before approval');
    expect(reportCsv(reviewed).trim().split('\r\n').at(-1)).toBe('"# not_individually_reviewed","0"');
  });

  it('lays out every entry over as many pages as it needs, in a font the PDF can show', () => {
    const pages = reportPdfPages(input(90));
    expect(pages.length).toBeGreaterThan(1);
    const texts = pages.flat().map((l) => l.text);
    const ordinals = pages.flat().filter((l) => l.x === 54 && /^\d+$/.test(l.text)).map((l) => Number(l.text));
    expect(ordinals).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(pages.flat().every((l) => l.y > 0 && l.y < 792)).toBe(true);
    expect(texts).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(latin1('Tab 1 – “A” … é ✓')).toBe('Tab 1 - "A" ... é ?');
  });
});

describe('hyperlink report: authorities', () => {
  const withAuthorities = (): ReportInput => ({
    ...input(1),
    authorities: {
      totals: { found: 3, linked: 1, listed: 1, removed: 1 },
      rows: [
        { page: 4, text: 'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)', toaRow: false, target: 'https://www.courtlistener.com/c/U.S./556/662/', status: 'auto', why: 'us-case: the default address' },
        { page: 6, text: 'Smith v. Jones, 2019 WL 123456', toaRow: false, target: null, status: 'auto', why: 'no public address for us-database citations' },
        { page: 3, text: '42 U.S.C. § 1983', toaRow: true, target: null, status: 'removed', why: null },
      ],
    },
  });

  it('counts authorities linked and listed but not linked in the CSV, and lists each with where it goes', () => {
    const lines = reportCsv(withAuthorities()).trim().split('\r\n');
    expect(lines).toContain('"# authorities","found","linked","listed_not_linked","removed"');
    expect(lines).toContain('"# all authorities","3","1","1","1"');
    expect(lines).toContain('"4","Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)","no","https://www.courtlistener.com/c/U.S./556/662/","auto","us-case: the default address"');
    expect(lines).toContain('"6","Smith v. Jones, 2019 WL 123456","no","","auto","no public address for us-database citations"');
    expect(lines).toContain('"3","42 U.S.C. § 1983","yes","","removed",""');
    expect(reportCsv(input(1))).not.toContain('authorities');
  });

  it('has an Authorities section in the PDF with the same counts', () => {
    const texts = reportPdfPages(withAuthorities()).flat().map((l) => l.text);
    expect(texts).toContain('Authorities');
    expect(texts).toContain('Authorities: found 3, linked 1, listed not linked 1, removed 1');
    expect(texts.some((t) => t.startsWith('not linked: no public address'))).toBe(true);
  });
});
