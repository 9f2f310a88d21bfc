import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBombPdf } from '../../../test/fixtures/bomb.ts';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { makeTextPdf, padPdf } from '../../engine/pdf/make-text-pdf.ts';
import { buildHostilePdf } from '../../../test/fixtures/hostile.ts';
import { failureText, memoryRefusal, paceRefusal, PdfTaskError, runPdfTask, timeLimitMs } from './pdf-task.ts';

const dir = mkdtempSync(join(tmpdir(), 'brieflink-pdf-task-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function readTask(bytes: Uint8Array, name: string) {
  const sourcePath = join(dir, `${name}.pdf`);
  writeFileSync(sourcePath, bytes);
  return {
    op: 'read' as const,
    sourcePath,
    pagesPath: join(dir, `${name}.pages.bin`),
    ocrPagesPath: join(dir, `${name}.ocr.json`),
    detectionPath: join(dir, `${name}.detection.json`),
  };
}

async function failure(p: Promise<unknown>): Promise<PdfTaskError> {
  try {
    await p;
  } catch (err) {
    return err as PdfTaskError;
  }
  throw new Error('the task did not fail');
}

describe('limits of a PDF task', () => {
  it('fails a decompression bomb at once, with a reason the user reads', async () => {
    const bomb = await buildBombPdf(3, 40);
    const t = performance.now();
    const err = await failure(runPdfTask(readTask(bomb, 'bomb'), { memoryMb: 1024, secondsPerPage: 30 }));
    const ms = performance.now() - t;
    expect(err).toBeInstanceOf(PdfTaskError);
    expect(err.code).toBe('too-large');
    expect(failureText(err)).toMatch(/^This PDF needs more memory than allowed: page 1 decompresses to more than 16 MB of drawing instructions \(the limit for one page\)\. Retry once/);
    expect(ms).toBeLessThan(15_000);
  });

  it('refuses a many-page bomb (one stream under the page limit drawn by every page) by the budget of the whole document, at once', async () => {
    // 400 pages each drawing the same 12 MB of instructions: under 16 MB a page, 4.8 GB in all
    const bomb = await buildBombPdf(400, 12);
    expect(bomb.length).toBeLessThan(200_000);
    const t = performance.now();
    const err = await failure(runPdfTask(readTask(bomb, 'many-page-bomb'), { memoryMb: 1024, secondsPerPage: 30, drawingBudgetMb: 512 }));
    const ms = performance.now() - t;
    expect(err.code).toBe('too-large');
    expect(failureText(err)).toBe(
      'This PDF would take too long to read: its first 43 of 400 pages already draw more than 512 MB of drawing instructions, a page drawing the same content as another counted again (the limit for a whole document). ' +
        'Retry once the limits are raised (PDF_DRAWING_BUDGET_MB), or split the PDF and upload its parts.',
    );
    expect(ms).toBeLessThan(15_000); // the shared stream is decoded once, not once a page
  });

  it('gives a task a time limit that grows with its pages up to a cap, and refuses early one whose pace says it cannot end in time', () => {
    const limits = { secondsPerPage: 30, maxSeconds: 7200 };
    expect(timeLimitMs(limits, 10)).toBe(360_000);
    // 2,000 pages would be 16.7 hours at 30 s a page: the cap holds it to two hours
    expect(timeLimitMs(limits, 2000)).toBe(7_200_000);
    // 1.6 s a page over 2,000 pages is 3,200 s: within two hours, let through
    expect(paceRefusal(7_200_000, 32_000, 20, 2000)).toBeNull();
    // 8 s a page would be 16,000 s: refused after its first pages, with the figures
    expect(paceRefusal(7_200_000, 40_000, 5, 2000)).toBe(
      'this PDF would take longer than allowed: its first 5 of 2000 pages took 40 s, about 8.0 s a page, so all of them would take about 16,000 s (the limit is 7,200 s)',
    );
    // too early to tell: a few pages, or the first seconds that pay for opening the file
    expect(paceRefusal(7_200_000, 40_000, 4, 2000)).toBeNull();
    expect(paceRefusal(60_000, 10_000, 50, 2000)).toBeNull();
  });

  it('stops a task past its time limit', async () => {
    const f = await loadFixture('lettered-tabs');
    const err = await failure(runPdfTask(readTask(f.brief, 'slow'), { memoryMb: 1024, secondsPerPage: 0.001, baseSeconds: 0.2 }));
    expect(err.code).toBe('too-slow');
    expect(failureText(err)).toMatch(/^This PDF took longer than allowed: \d+ s( for \d+ pages)? \(the limit is \d+ s\)/);
  });

  it('stops a task whose worker runs out of its memory', async () => {
    const f = await loadFixture('lettered-tabs');
    const err = await failure(runPdfTask(readTask(f.brief, 'small-heap'), { memoryMb: 4, secondsPerPage: 30 }));
    expect(err.code).toBe('too-large');
    expect(failureText(err)).toMatch(/^This PDF needs more memory than allowed: its processing used more than 4 MB/);
  });

  it('refuses, before opening it, a PDF whose file needs more memory than allowed, with the figures', async () => {
    // a text brief carrying 3 MB of photographs' worth of data after its end: 3 MB × 2.5 is over 4 MB
    const brief = makeTextPdf([[{ text: 'INDEX', y: 72 }, { text: 'Tab 1   Affidavit of Jane Doe', y: 120 }]]);
    const padded = Buffer.concat([Buffer.from(brief), Buffer.from(`%${'0'.repeat(3 * 1048576)}\n`)]);
    const limits = { memoryMb: 4, secondsPerPage: 30 };
    for (const task of [readTask(padded, 'big-read'), { ...readTask(padded, 'big-link'), op: 'link' as const, briefName: 'big.pdf', outputPath: join(dir, 'big.linked.pdf'), reviewPath: join(dir, 'big.review.json') }]) {
      const err = await failure(task.op === 'read' ? runPdfTask(task, limits) : runPdfTask(task, limits));
      expect(err.code).toBe('too-large');
      expect(failureText(err)).toBe(
        'This PDF needs more memory than allowed: a file of 3 MB needs about 8 MB to be processed and written with its links (the limit is 4 MB). ' +
          'Retry once the limits are raised (PDF_MEMORY_MB), or split the PDF and upload its parts.',
      );
    }
    // the same file within a limit that holds it is read
    const ok = await runPdfTask(readTask(padded, 'big-ok'), { memoryMb: 256, secondsPerPage: 30 });
    expect(ok.pageCount).toBe(1);
  });

  it("counts a big file's output as an update of it, a whole save at 2.5 times, and names the PDF library's own ceiling", () => {
    // a 500 MB upload is written as an incremental update of itself: about its own size
    expect(memoryRefusal(500 * 1048576, 2048)).toBeNull();
    expect(memoryRefusal(500 * 1048576, 768)).toBeNull();
    expect(memoryRefusal(500 * 1048576, 400)).toMatch(/a file of 500 MB needs about 500 MB to be processed and written with its links \(the limit is 400 MB\)$/);
    // written whole (encrypted, active content): the full save's 2.5 times
    expect(memoryRefusal(500 * 1048576, 768, { whole: 'encrypted' })).toBe(
      'this PDF needs more memory than allowed: a file of 500 MB needs about 1,250 MB to be processed and written with its links, written whole as it is encrypted (the limit is 768 MB)',
    );
    expect(memoryRefusal(1500 * 1048576, 8192, { whole: 'active content' })).toBe(
      'this PDF needs more memory than allowed: a file of 1,500 MB needs about 3,750 MB to be processed and written with its links, written whole as active content is taken out of it (the limit is 2,048 MB, the most the PDF library can use)',
    );
    // below the size from which updates are written, the file is saved whole
    expect(memoryRefusal(90 * 1048576, 200)).toMatch(/needs about 225 MB .*\(the limit is 200 MB\)$/);
    expect(memoryRefusal(90 * 1048576, 200, { incrementalFrom: 0 })).toBeNull();
    // a trial record appended to the brief is held in the PDF library's memory either way
    expect(memoryRefusal(400 * 1048576, 1024, { appendedBytes: 300 * 1048576 })).toMatch(/a file of 700 MB needs about 1,150 MB .*\(the limit is 1,024 MB\)$/);
  });

  it('refuses, once it is open, a file that must be written whole (active content) and would not fit', async () => {
    // 13 MB: as an update it fits 32 MB, written whole (2.5 times) it does not
    const f = await loadFixture('lettered-tabs');
    const limits = { memoryMb: 32, secondsPerPage: 30, incrementalFromMb: 0 };
    const hostile = padPdf(await buildHostilePdf(f.brief), 13 * 1048576);
    const err = await failure(runPdfTask(readTask(hostile, 'big-hostile'), limits));
    expect(err.code).toBe('too-large');
    expect(failureText(err)).toMatch(
      /^This PDF needs more memory than allowed: a file of 13 MB needs about 3\d MB to be processed and written with its links, written whole as active content is taken out of it \(the limit is 32 MB\)\. Retry once/,
    );
    // the same brief without it is read
    const ok = await runPdfTask(readTask(padPdf(f.brief, 13 * 1048576), 'big-plain'), limits);
    expect(ok.detection.items.length).toBe(f.truth.items.length);
  });

  it('reads an ordinary brief within the limits', async () => {
    const f = await loadFixture('lettered-tabs');
    const out = await runPdfTask(readTask(f.brief, 'ok'), { memoryMb: 1024, secondsPerPage: 30 });
    expect(out.detection.items.length).toBe(f.truth.items.length);
  });
});
