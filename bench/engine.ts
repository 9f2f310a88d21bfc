/**
 * Engine benchmark (`npm run bench:engine`): `brieflink link` end to end on the 63-tab ~1,200-page
 * text brief (wall time and peak RSS) against `pdftotext` on the same file, in seven paired runs (each
 * brieflink run followed by one of pdftotext; the median of the pairs' ratios), and OCR ms per page with
 * one and two workers on a scanned fixture.
 *
 *   npx tsx bench/engine.ts [--runs 7] [--ocr-pages 8] [--ocr-engine tesseract-js,tesseract-cli] [--skip-ocr]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const BIN = fileURLToPath(new URL('../bin/brieflink.js', import.meta.url));

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'ocr-pages': { type: 'string', default: '8' },
    'ocr-engine': { type: 'string', default: 'tesseract-js,tesseract-cli' },
    'skip-ocr': { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(values.runs));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timed(cmd: string, args: string[]): Promise<{ ms: number; code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - t0, code: code ?? -1, stderr }));
  });
}

async function bigBrief(): Promise<{ bytes: Uint8Array; what: string }> {
  try {
    const { loadFixture } = await import('../test/fixtures/index.ts');
    const f = await loadFixture('big-63');
    return { bytes: f.brief, what: `fixture big-63 (${f.truth.items.length} tabs, index pages ${f.truth.indexPages.join(',')})` };
  } catch (err) {
    console.log(`fixture big-63 unavailable (${(err as Error).message}); using a generated 1,200-page text document without an index`);
    const { makeTextPdf } = await import('../src/engine/pdf/make-text-pdf.ts');
    const pages = Array.from({ length: 1200 }, (_, p) =>
      Array.from({ length: 40 }, (_, i) => ({ text: `Page ${p + 1} line ${i + 1}: the agreement was signed on May 3, 2021 by both parties.`, y: 60 + i * 17, size: 10 })));
    return { bytes: makeTextPdf(pages), what: 'generated 1,200-page text document (no index)' };
  }
}

async function benchLink(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-bench-'));
  try {
    const { bytes, what } = await bigBrief();
    const file = join(dir, 'big-63.pdf');
    writeFileSync(file, bytes);
    const { openPdf } = await import('../src/engine/pdf/index.ts');
    const doc = openPdf(bytes);
    const pages = doc.pageCount;
    doc.close();
    console.log(`input: ${what}: ${pages} pages, ${(bytes.length / 1048576).toFixed(1)} MB`);

    // paired runs: each run of brieflink is followed at once by one of pdftotext, so that both see the same
    // load on the machine; the ratio is taken of each pair, and its median reported with the medians of each
    const hasRef = spawnSync('sh', ['-c', 'command -v pdftotext'], { encoding: 'utf8' }).status === 0;
    const wall: number[] = [];
    const inner: number[] = [];
    const rss: number[] = [];
    const cpu: number[] = [];
    const ref: number[] = [];
    const ratios: number[] = [];
    let validation = '';
    for (let i = 0; i < RUNS; i++) {
      const r = await timed(process.execPath, [BIN, 'link', file, '--out', join(dir, `out${i}`), '--stats']);
      const m = /stats wall_ms=(\d+) peak_rss_mb=(\d+) cpu_ms=(\d+)/.exec(r.stderr);
      if (!m) throw new Error(`brieflink failed (exit ${r.code}): ${r.stderr.slice(-500)}`);
      wall.push(r.ms);
      inner.push(Number(m[1]));
      rss.push(Number(m[2]));
      cpu.push(Number(m[3]));
      validation = /(\d+\/\d+ items linked, \d+ broken links)/.exec(r.stderr)?.[1] ?? `exit ${r.code}`;
      if (hasRef) {
        const t = (await timed('pdftotext', [file, join(dir, 'out.txt')])).ms;
        ref.push(t);
        ratios.push(r.ms / t);
      }
    }
    const linkMs = median(wall);
    console.log(`brieflink link: ${Math.round(linkMs)} ms wall incl. process start (median of ${RUNS}: ${wall.map(Math.round).join(', ')}), ` +
      `${median(inner)} ms inside, ${median(cpu)} ms CPU (all threads), peak RSS ${median(rss)} MB (max ${Math.max(...rss)}); ${validation}`);
    if (!hasRef) {
      console.log('pdftotext: not on PATH, no ratio');
      return;
    }
    const ratio = median(ratios);
    console.log(`pdftotext: ${Math.round(median(ref))} ms (median of ${RUNS}, each run right after one of brieflink: ${ref.map(Math.round).join(', ')})`);
    console.log(`ratio brieflink/pdftotext: ${ratio.toFixed(2)}x, median of ${RUNS} paired runs (${ratios.map((x) => x.toFixed(2)).join(', ')}) (target <= 3x) ${ratio <= 3 ? 'OK' : 'OVER'}; ` +
      `peak RSS ${Math.max(...rss)} MB, the most of any run (target <= 300 MB) ${Math.max(...rss) <= 300 ? 'OK' : 'OVER'}`);
    const timeBin = spawnSync('sh', ['-c', 'command -v /usr/bin/time'], { encoding: 'utf8' }).status === 0;
    if (timeBin) {
      const refCpu: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await timed('/usr/bin/time', ['-f', 'cpu %U %S', 'pdftotext', file, join(dir, 'out.txt')]);
        const m = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
        if (m) refCpu.push((Number(m[1]) + Number(m[2])) * 1000);
      }
      if (refCpu.length) {
        console.log(`CPU time: brieflink ${median(cpu)} ms, pdftotext ${Math.round(median(refCpu))} ms, ` +
          `ratio ${(median(cpu) / median(refCpu)).toFixed(2)}x (less sensitive to other load on the machine than wall time)`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchOcr(): Promise<void> {
  const { loadFixture } = await import('../test/fixtures/index.ts');
  const { ocrPages, findTesseractCli, DEFAULT_OCR_DPI } = await import('../src/engine/ocr/index.ts');
  const f = await loadFixture('scanned-brief');
  const { openPdf } = await import('../src/engine/pdf/index.ts');
  const doc = openPdf(f.brief);
  const count = Math.min(doc.pageCount, Number(values['ocr-pages']));
  doc.close();
  // body and divider pages after the index: the usual mix
  const pages = Array.from({ length: count }, (_, i) => i + 1);
  console.log(`OCR input: fixture scanned-brief, pages 1-${count} (index, dividers and body pages), ${DEFAULT_OCR_DPI} dpi; ` +
    'dense prose pages: npx tsx bench/ocr.ts');
  let read: Awaited<ReturnType<typeof ocrPages>>['pages'] = [];
  for (const engine of (values['ocr-engine'] ?? '').split(',').filter(Boolean) as Array<'tesseract-js' | 'tesseract-cli'>) {
    if (engine === 'tesseract-cli' && !findTesseractCli()) {
      console.log('tesseract-cli: not on PATH, skipped');
      continue;
    }
    for (const workers of [1, 2]) {
      const t0 = performance.now();
      const r = await ocrPages(f.brief, pages, { engine, workers });
      const ms = performance.now() - t0;
      read = r.pages;
      console.log(`OCR ${engine}, ${workers} worker(s): ${Math.round(ms / count)} ms/page (${count} pages in ${Math.round(ms)} ms, ` +
        `${r.failed.length} failed)${engine === 'tesseract-js' && workers === 2 ? ` (target <= 1600) ${ms / count <= 1600 ? 'OK' : 'OVER'}` : ''}`);
    }
  }
  // the invisible text layer written from the last reading, read back with pdftotext
  const { searchableLine } = await import('./ocr.ts');
  if (read.length) console.log(searchableLine(f.brief, read));
}

console.log(`machine: ${cpus()[0]?.model ?? 'unknown cpu'}, ${availableParallelism()} cores, ` +
  `${Math.round(totalmem() / 1073741824)} GB RAM, node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await benchLink();
if (!values['skip-ocr']) await benchOcr();
