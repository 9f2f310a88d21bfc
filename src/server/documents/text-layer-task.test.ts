// The background reading ('text-layer' task) of the pages the quick reading read in part: the page
// store keeps where each page's bands end, the task reads only the middle band of such a page and
// merges it with the stored reading, and reads in full a partial page stored before the bands were
// kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrPages } from '../../engine/ocr/index.ts';
import { makeScannedPdf } from '../../engine/ocr/scanned-sample.ts';
import type { TextLineSpec } from '../../engine/pdf/make-text-pdf.ts';
import { loadFullReadings, loadOcrPages, savePages } from './page-store.ts';
import { runPdfTask } from './pdf-task.ts';

const dir = mkdtempSync(join(tmpdir(), 'brieflink-text-layer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const vocabulary = 'the motion judge found that the respondent had not produced the documents within the time ordered by the court'.split(' ');
const prose = (seed: number): TextLineSpec[] => [
  { text: `PART ${seed}: THE LIMITATION PERIOD`, x: 72, y: 80, size: 13 },
  ...Array.from({ length: 28 }, (_, i) => ({
    text: Array.from({ length: 12 }, (_, k) => vocabulary[(i * 5 + k * 3 + seed) % vocabulary.length]).join(' '),
    x: 72,
    y: 116 + i * 21,
    size: 11.5,
  })),
  { text: String(seed), x: 303, y: 752, size: 11 },
];

describe('the background reading of pages read in part', () => {
  it('reads the middle band of a page whose bands are stored, and in full one stored without them', async () => {
    const pdf = makeScannedPdf([prose(1), prose(2)]);
    const sourcePath = join(dir, 'scan.pdf');
    writeFileSync(sourcePath, pdf);
    const ocrPagesPath = join(dir, 'ocr-pages.json');
    const quick = await ocrPages(pdf, [1, 2], { workers: 2, quick: true });
    expect(quick.pages.map((p) => p.partial)).toEqual([true, true]);

    // the page store keeps the bands; a page stored before they were kept has none
    await savePages(quick.pages, join(dir, 'pages.bin'), ocrPagesPath);
    const stored = loadOcrPages(ocrPagesPath);
    expect(stored).toEqual(quick.pages);
    expect(stored[0]!.bands).toEqual(quick.pages[0]!.bands);
    const { bands: _bands, ...old } = stored[1]!;
    await savePages([stored[0]!, old], join(dir, 'pages.bin'), ocrPagesPath);

    const full = { path: join(dir, 'ocr-full.json'), run: 7 };
    const out = await runPdfTask({ op: 'text-layer', sourcePath, ocrPagesPath, full }, { memoryMb: 1024, secondsPerPage: 30 });
    expect(out).toEqual({ done: 2, total: 2, failed: [] });
    const [first, second] = loadFullReadings(full).sort((a, b) => a.page - b.page);
    for (const p of [first!, second!]) {
      expect(p.partial).toBeUndefined();
      expect(p.bands).toBeUndefined();
    }
    // page 1: the stored top and footer bands' lines as they were, the middle read between them
    const { topEnd, footStart } = stored[0]!.bands!;
    const head = stored[0]!.lines.filter((l) => l.bbox[3] <= topEnd);
    const foot = stored[0]!.lines.filter((l) => l.bbox[1] >= footStart);
    expect(head.length).toBeGreaterThan(0);
    expect(foot.map((l) => l.text)).toContain('1');
    expect(first!.lines.slice(0, head.length)).toEqual(head);
    expect(first!.lines.slice(-foot.length)).toEqual(foot);
    expect(first!.lines.length).toBeGreaterThan(25);
    // page 2: as a full reading reads it
    const again = await ocrPages(pdf, [2], { workers: 1 });
    expect(second).toEqual(again.pages[0]);
    // loaded for link building and the text layer: every page whole
    expect(loadOcrPages(ocrPagesPath, full).every((p) => !p.partial)).toBe(true);
  }, 600_000);
});
