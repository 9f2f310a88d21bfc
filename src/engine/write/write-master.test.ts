import { describe, expect, it } from 'vitest';
import { validateMaster } from '../link.ts';
import { openPdf } from '../pdf/index.ts';
import { deletePages, makeTextPdf } from '../pdf/make-text-pdf.ts';
import type { BBox, Destination, IndexItem } from '../types.ts';
import { buildReview } from './review.ts';
import { writeMaster } from './write-master.ts';

// A brief: cover, index (3 rows), divider + body for tabs 1 and 2; tab 3 is in the record.
function briefBytes(): Uint8Array {
  return makeTextPdf([
    [{ text: 'MOTION RECORD', y: 100 }],
    [
      { text: 'INDEX', y: 72 },
      { text: 'Tab 1   Affidavit of Jane Doe, sworn May 3, 2021', y: 120 },
      { text: 'Tab 2   Exhibits to the affidavit', y: 150 },
      { text: 'Tab 3   Transcript of the cross-examination', y: 180 },
    ],
    [{ text: 'TAB 1', y: 400, size: 40 }],
    [{ text: 'Affidavit body', y: 100 }],
    [{ text: 'TAB 2', y: 400, size: 40 }],
    [{ text: 'Exhibit body', y: 100 }],
  ]);
}

function items(): IndexItem[] {
  const doc = openPdf(briefBytes());
  const rows = doc.pageText(2).lines.slice(1);
  doc.close();
  const texts = ['Affidavit of Jane Doe, sworn May 3, 2021', 'Exhibits to the affidavit', 'Transcript of the cross-examination'];
  return rows.map((r, i) => ({ ordinal: i + 1, label: String(i + 1), type: 'tab', text: texts[i]!, page: 2, bbox: r.bbox }));
}

const dests: Destination[] = [
  { item: 1, target: 'source', targetPage: 3, confidence: 0.97, why: "divider page 'TAB 1'" },
  { item: 2, target: 'source', targetPage: 5, confidence: 0.97, why: "divider page 'TAB 2'" },
  { item: 3, target: 'record', targetPage: 2, confidence: 0.9, why: "marker '*T3' at the top of record page 2" },
];

function build(destinations = dests, brief = briefBytes()) {
  const b = openPdf(brief);
  const r = openPdf(makeTextPdf([[{ text: 'Record cover', y: 100 }], [{ text: '*T3 Transcript', y: 100 }]]));
  const review = buildReview({
    briefName: 'brief.pdf', briefPages: b.pageCount, recordName: 'record.pdf', recordPages: r.pageCount,
    detection: { pages: [2], items: items() }, destinations,
  });
  const pdf = writeMaster(b, r, review);
  b.close();
  r.close();
  return { pdf, review };
}

describe('writeMaster and validateMaster', () => {
  it('puts one link per item over its row, to its page in the merged file, and bookmarks in index order', () => {
    const { pdf, review } = build();
    expect(review.record).toEqual({ file: 'record.pdf', pages: 2, offset: 6 });
    expect(review.links.map((l) => l.masterPage)).toEqual([3, 5, 8]);
    const out = openPdf(pdf);
    expect(out.pageCount).toBe(8);
    const links = out.links(2);
    expect(links).toHaveLength(3);
    const rows = items();
    for (const [i, want] of [3, 5, 8].entries()) {
      const l = links.find((k) => Math.abs(k.rect[1] - rows[i]!.bbox[1]) < 1)!;
      expect(l.rect.map(Math.round)).toEqual(rows[i]!.bbox.map(Math.round));
      expect(l.targetPage).toBe(want);
    }
    expect(out.pageText(8).lines[0]!.text).toBe('*T3 Transcript');
    expect(out.outline()).toEqual([
      { title: 'Tab 1 – Affidavit of Jane Doe, sworn May 3, 2021', page: 3, level: 0 },
      { title: 'Tab 2 – Exhibits to the affidavit', page: 5, level: 0 },
      { title: 'Tab 3 – Transcript of the cross-examination', page: 8, level: 0 },
    ]);
    out.close();
    expect(validateMaster(pdf, review)).toEqual({
      expected_tabs: 3, found_tabs: 3, links_created: 3, broken_links: 0, markers_used: 1, success: true,
    });
  });

  it('gives an item with no destination no link and no bookmark, and fails validation', () => {
    const { pdf, review } = build([dests[0]!, { item: 2, target: 'source', targetPage: null, confidence: 0, why: 'no divider found' }, dests[2]!]);
    const l2 = review.links[1]!;
    expect(l2).toMatchObject({ targetPage: null, masterPage: null, confidence: 0 });
    const out = openPdf(pdf);
    expect(out.links(2).map((l) => l.targetPage).sort()).toEqual([3, 8]);
    expect(out.outline().map((o) => o.page)).toEqual([3, 8]);
    out.close();
    const v = validateMaster(pdf, review);
    expect(v).toMatchObject({ expected_tabs: 3, found_tabs: 2, links_created: 2, broken_links: 0, success: false });
  });

  it('keeps links that were already in the brief', () => {
    const doc = openPdf(briefBytes());
    const existing: BBox = [72, 300, 200, 320];
    doc.addLink(4, existing, 1);
    const withLink = doc.save();
    doc.close();
    const { pdf, review } = build(dests, withLink);
    const out = openPdf(pdf);
    expect(out.links(4)).toEqual([expect.objectContaining({ targetPage: 1 })]);
    out.close();
    expect(validateMaster(pdf, review).success).toBe(true);
  });

  it('replaces, not doubles, the links of an earlier run when a linked file is linked again', () => {
    const first = build();
    const again = build(dests, first.pdf.slice());
    const out = openPdf(again.pdf);
    // the record was appended twice (once per run) but the index rows carry one link each
    expect(out.links(2)).toHaveLength(3);
    out.close();
  });

  it('replaces a link drawn by hand over part of a row, and keeps a link beside it in the next column', () => {
    const doc = openPdf(briefBytes());
    const row2 = items()[1]!.bbox;
    // over the words "Tab 2" only, a little taller than the row, to the wrong page
    doc.addLink(2, [row2[0] - 2, row2[1] - 2, row2[0] + 30, row2[3] + 2], 6);
    // beside the rows, in a second column (to the right of the longest row)
    const beside: BBox = [480, row2[1], 560, row2[3]];
    doc.addLink(2, beside, 1);
    const withLinks = doc.save();
    doc.close();
    const { pdf, review } = build(dests, withLinks);
    const out = openPdf(pdf);
    const links = out.links(2);
    out.close();
    expect(links.filter((k) => k.rect[1] < row2[3] && k.rect[3] > row2[1] && k.rect[0] < 400)).toEqual([
      expect.objectContaining({ targetPage: 5 }),
    ]);
    expect(links.some((k) => Math.round(k.rect[0]) === 480 && k.targetPage === 1)).toBe(true);
    expect(validateMaster(pdf, review)).toMatchObject({ links_created: 3, broken_links: 0, success: true });
  });

  it('replaces a link a word processor drew from a row down to the next row, not over the text itself', () => {
    const doc = openPdf(briefBytes());
    const [r1, r2] = [items()[0]!.bbox, items()[1]!.bbox];
    // from the middle of row 1 to the top of row 2: more of it below the row than on it
    const drawn: BBox = [r1[0] - 2, (r1[1] + r1[3]) / 2 + 2, r1[2], r2[1]];
    doc.addLink(2, drawn, 6);
    const withLink = doc.save();
    doc.close();
    const { pdf, review } = build(dests, withLink);
    const out = openPdf(pdf);
    const links = out.links(2);
    out.close();
    expect(links).toHaveLength(3);
    expect(links.filter((k) => k.targetPage === 6)).toEqual([]);
    expect(validateMaster(pdf, review)).toMatchObject({ links_created: 3, broken_links: 0, success: true });
  });

  it('counts a second link over an item\'s row as broken: one row, one link', () => {
    const { pdf, review } = build();
    const doc = openPdf(pdf);
    const row1 = review.links[0]!.bbox;
    doc.addLink(2, [row1[0], row1[1], row1[0] + 40, row1[3]], 4);
    const doubled = doc.save();
    doc.close();
    expect(validateMaster(doubled, review)).toMatchObject({ links_created: 2, broken_links: 1, success: false });
  });

  it('counts a deliberately broken link', () => {
    const { pdf, review } = build();
    // the record page that item 3 links to is taken out: its link now leads nowhere
    const tampered = deletePages(pdf, [8]);
    const check = openPdf(tampered);
    expect(check.links(2).filter((l) => l.targetPage === null)).toHaveLength(1);
    check.close();
    const v = validateMaster(tampered, review);
    expect(v).toMatchObject({ links_created: 2, broken_links: 1, success: false });
    // and the review expecting a different page for item 2 than the file has
    const wrong = structuredClone(review);
    wrong.links[1]!.masterPage = 6;
    const w = validateMaster(pdf, wrong);
    expect(w).toMatchObject({ links_created: 2, broken_links: 1, success: false });
  });
});
