import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, bundleIsFresh } from '../../bin/engine-bundle.js';
import { makeScannedPdf, SAMPLE_PAGES } from './ocr/scanned-sample.ts';
import { openPdf } from './pdf/index.ts';
import { makeTextPdf } from './pdf/make-text-pdf.ts';
import { runCli } from './run-cli.ts';
import { analyseChunk, type ExtractJob, type PackedChunk } from './text/chunks.ts';
import { unpackPages } from './text/pack.ts';

describe('bundled engine', () => {
  let dir: string;
  let out: string;
  beforeAll(async () => {
    // inside the repository, where the bundle finds its external packages in node_modules
    const dist = fileURLToPath(new URL('../../dist', import.meta.url));
    mkdirSync(dist, { recursive: true });
    dir = mkdtempSync(join(dist, 'bundle-test-'));
    out = join(dir, 'engine');
    await buildBundle(out);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is fresh once built, and stale when one of its sources changes', async () => {
    // a copy of the sources, so that touching one does not touch the repository
    const root = join(dir, 'project');
    mkdirSync(root);
    cpSync(fileURLToPath(new URL('../../src', import.meta.url)), join(root, 'src'), { recursive: true });
    cpSync(fileURLToPath(new URL('../../tsconfig.json', import.meta.url)), join(root, 'tsconfig.json'));
    const own = join(dir, 'own');
    await buildBundle(own, { root, entries: { cli: 'src/engine/cli.ts' } });
    expect(await bundleIsFresh(own, root)).toBe(true);
    const source = join(root, 'src/engine/resolve/choose-sequence.ts');
    const later = new Date(Date.now() + 5_000);
    utimesSync(source, later, later);
    expect(await bundleIsFresh(own, root)).toBe(false);
    await buildBundle(own, { root, entries: { cli: 'src/engine/cli.ts' } });
    expect(await bundleIsFresh(own, root)).toBe(true);
    // a rebuild leaves no chunk of the earlier build behind, and no temporary file
    const names = readdirSync(own);
    expect(names.filter((n) => n.includes('.tmp-'))).toEqual([]);
    const { main } = (await import(pathToFileURL(join(own, 'cli.mjs')).href)) as { main: (a: string[]) => Promise<number> };
    expect(typeof main).toBe('function');
  });

  it('reads pages on its text worker thread exactly as the sources do on this one', async () => {
    const pages = Array.from({ length: 6 }, (_, p) => [
      { text: `TAB ${p + 1}`, x: 250, y: 90, size: 18 },
      { text: `Affidavit of Witness ${p + 1} sworn May ${p + 3}, 2021, with exhibits.`, x: 72, y: 140 },
    ]);
    const bytes = makeTextPdf(pages);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    shared.set(bytes);
    const job: ExtractJob = { source: shared, pageCount: pages.length, chunkSize: 2, counter: new Int32Array(new SharedArrayBuffer(4)) };
    const worker = new Worker(new URL(pathToFileURL(join(out, 'extract-text.worker.mjs')).href), { workerData: { data: job } });
    const chunks: PackedChunk[] = [];
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (m: { type: string; result?: PackedChunk; message?: string }) => {
        if (m.type === 'chunk') chunks.push(m.result!);
        else if (m.type === 'done') resolve();
        else reject(new Error(m.message));
      });
      worker.on('error', reject);
    });
    await worker.terminate();
    const got = chunks.sort((a, b) => a.first - b.first).flatMap((c) => unpackPages(c.packed));
    const doc = openPdf(bytes);
    const want = analyseChunk(doc, 1, pages.length).pages;
    doc.close();
    expect(got).toEqual(want);
    expect(got[2]!.lines[0]!.text).toBe('TAB 3');
  });

  it('OCRs on its OCR worker threads: the CLI finds the items of a scanned index, as it does from the sources', async () => {
    const file = join(dir, 'scanned-index.pdf');
    writeFileSync(file, makeScannedPdf([SAMPLE_PAGES[1]!]));
    const [bundled, sources] = [await runCli(['detect', file]), await runCli(['detect', file], { BRIEFLINK_NO_BUNDLE: '1' })];
    expect(bundled.code, bundled.stderr).toBe(0);
    const d = JSON.parse(bundled.stdout) as { items: Array<{ label: string; text: string }> };
    expect(d.items.map((i) => i.label)).toEqual(['1', '2', '3', '4']);
    expect(d.items[1]!.text).toMatch(/Affidavit of Jane Morrison/);
    expect(sources.code, sources.stderr).toBe(0);
    expect(JSON.parse(sources.stdout)).toEqual(d);
  });
});
