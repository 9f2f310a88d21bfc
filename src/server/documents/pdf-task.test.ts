import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBombPdf } from '../../../test/fixtures/bomb.ts';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { failureText, PdfTaskError, runPdfTask } from './pdf-task.ts';

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

  it('reads an ordinary brief within the limits', async () => {
    const f = await loadFixture('lettered-tabs');
    const out = await runPdfTask(readTask(f.brief, 'ok'), { memoryMb: 1024, secondsPerPage: 30 });
    expect(out.detection.items.length).toBe(f.truth.items.length);
  });
});
