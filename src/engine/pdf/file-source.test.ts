import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { detectIndex } from '../index/detect-index.ts';
import { validateMaster } from '../link.ts';
import { resolveDestinations } from '../resolve/resolve-destinations.ts';
import { extractAllText } from '../text/extract-text.ts';
import { EngineError, type ReviewJson } from '../types.ts';
import { buildReview } from '../write/review.ts';
import { prepareMaster, writeMaster } from '../write/write-master.ts';
import { findActiveContent } from './active-content.ts';
import { openPdf } from './index.ts';
import type { PdfDoc, PdfSource } from './types.ts';

// Big files are opened from disk ({ path }) and written from MuPDF's buffer into their file: the
// same document must come out of that path as out of the bytes in memory.

const dir = mkdtempSync(join(tmpdir(), 'brieflink-file-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function reviewOf(doc: PdfDoc, source: PdfSource): Promise<ReviewJson> {
  const { pages } = await extractAllText(source, {}, doc);
  const detection = detectIndex(pages);
  const destinations = resolveDestinations({ items: detection.items, indexPages: detection.pages, source: pages, record: null });
  return buildReview({ briefName: 'brief.pdf', briefPages: doc.pageCount, detection, destinations });
}

function linksAndOutline(pdf: PdfSource) {
  const doc = openPdf(pdf);
  try {
    const links = Array.from({ length: doc.pageCount }, (_, i) => doc.links(i + 1));
    return { pageCount: doc.pageCount, links, outline: doc.outline() };
  } finally {
    doc.close();
  }
}

describe('a PDF opened from its file', () => {
  it('reads the same text, on this thread and on worker threads, as its bytes', async () => {
    const f = await loadFixture('lettered-tabs');
    const path = join(dir, 'text.pdf');
    writeFileSync(path, f.brief);
    const fromBytes = await extractAllText(f.brief, { threads: 1 });
    const fromFile = await extractAllText({ path }, { threads: 1 });
    const onWorkers = await extractAllText({ path }, { threads: 3, minPagesForWorkers: 1, readHere: false });
    expect(fromBytes.pages.length).toBeGreaterThan(5);
    expect(fromFile).toEqual(fromBytes);
    expect(onWorkers).toEqual(fromBytes);
  });

  it('gives the same items and links, written into the file, as the bytes written in memory', async () => {
    const f = await loadFixture('lettered-tabs');
    const path = join(dir, 'brief.pdf');
    writeFileSync(path, f.brief);

    const inMemory = openPdf(f.brief);
    const memReview = await reviewOf(inMemory, f.brief);
    const bytes = writeMaster(inMemory, null, memReview);
    inMemory.close();
    memReview.validation = validateMaster(bytes, memReview);

    const fromFile = openPdf({ path });
    const fileReview = await reviewOf(fromFile, { path });
    prepareMaster(fromFile, null, fileReview);
    const out = join(dir, 'out', 'Master.linked.pdf');
    const saved = fromFile.saveToFile(out);
    fromFile.close();
    fileReview.validation = validateMaster({ path: out }, fileReview);

    expect(fileReview.index.items.map((it) => it.label)).toEqual(f.truth.items.map((it) => it.label));
    expect(fileReview.links.length).toBeGreaterThan(0);
    expect(fileReview).toEqual(memReview);
    expect(fileReview.validation.success).toBe(true);
    const written = readFileSync(out);
    expect(saved.size).toBe(written.length);
    expect(saved.sha256).toBe(createHash('sha256').update(written).digest('hex'));
    expect(Buffer.compare(written, Buffer.from(bytes))).toBe(0);
    expect(linksAndOutline({ path: out })).toEqual(linksAndOutline(bytes));
    expect(findActiveContent({ path: out })).toEqual([]);
  });

  it('is refused as its bytes are: not a PDF, damaged, missing', () => {
    const codeOf = (source: PdfSource) => {
      try {
        openPdf(source).close();
        return 'opened';
      } catch (err) {
        expect(err).toBeInstanceOf(EngineError);
        return (err as EngineError).code;
      }
    };
    const text = join(dir, 'notes.pdf');
    writeFileSync(text, 'Meeting notes, not a PDF at all.\n'.repeat(100));
    const broken = join(dir, 'broken.pdf');
    writeFileSync(broken, '%PDF-1.7\n' + 'x'.repeat(2000));
    expect(codeOf({ path: text })).toBe('not-pdf');
    expect(codeOf({ path: broken })).toBe('damaged');
    expect(codeOf({ path: join(dir, 'missing.pdf') })).toBe('io');
  });
});
