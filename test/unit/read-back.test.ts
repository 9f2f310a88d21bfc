import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/engine/run-cli.ts';
import type { ReviewJson } from '../../src/engine/types.ts';
import { readLinksOf as readBack } from '../api/support/read-pdf-links.ts';
import { loadFixture, type Fixture } from '../fixtures/index.ts';

/**
 * The written Master.linked.pdf read back by another PDF implementation (pdf-lib) than the one that
 * wrote it (MuPDF): what any viewer a clerk opens must see. Link annotations on the index pages, the
 * page each one goes to, where each one stands, and the bookmarks.
 */
describe('Master.linked.pdf read back by another PDF reader', () => {
  let dir: string;
  let fixture: Fixture;
  let review: ReviewJson;
  let doc: PDFDocument;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brieflink-readback-'));
    fixture = await loadFixture('brief-record');
    writeFileSync(join(dir, 'brief.pdf'), fixture.brief);
    writeFileSync(join(dir, 'record.pdf'), fixture.record!);
    const r = await runCli(['link', join(dir, 'brief.pdf'), '--record', join(dir, 'record.pdf'), '--out', join(dir, 'out')]);
    expect(r.code, r.stderr).toBe(0);
    review = JSON.parse(readFileSync(join(dir, 'out', 'review.json'), 'utf8')) as ReviewJson;
    doc = await PDFDocument.load(readFileSync(join(dir, 'out', 'Master.linked.pdf')));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has one link per index item on the index pages, each to the page where the item starts', () => {
    const { links } = readBack(doc);
    const briefPages = review.source.pages;
    const want = fixture.truth.items.map((t) => (t.target === 'record' ? briefPages + t.targetPage : t.targetPage));
    const onIndex = links.filter((l) => review.index.pages.includes(l.page));
    expect(onIndex).toHaveLength(want.length);
    expect(onIndex.map((l) => l.target).sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
    expect(doc.getPageCount()).toBe(briefPages + review.record!.pages);
  });

  it('places each link over its index row, in the PDF\'s own coordinates', () => {
    const { links } = readBack(doc);
    for (const l of review.links) {
      const page = doc.getPage(l.srcPage - 1);
      const { height } = page.getSize();
      // the row's box, from the top left as review.json gives it, to the PDF's bottom-left origin
      const [x0, y0, x1, y1] = l.bbox;
      const mid = { x: (x0 + x1) / 2, y: height - (y0 + y1) / 2 };
      const over = links.filter((k) => k.page === l.srcPage && k.rect[0]! <= mid.x && mid.x <= k.rect[2]! && k.rect[1]! <= mid.y && mid.y <= k.rect[3]!);
      expect(over.map((k) => k.target)).toEqual([l.masterPage]);
    }
  });

  it('has bookmarks mirroring the index, each to its item\'s page', () => {
    const { outline } = readBack(doc);
    expect(outline.map((o) => o.target)).toEqual(review.links.map((l) => l.masterPage));
    expect(outline[0]!.title).toMatch(new RegExp(`^Tab ${fixture.truth.items[0]!.label} – `));
  });
});
