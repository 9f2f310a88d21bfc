/**
 * OCR figures: ms per page with one and two workers on an image-only document, and how many of the
 * printed words come back. Prints the machine and the input.
 *
 *   npx tsx bench/ocr.ts [--pages 12] [--dpi 300,200] [--workers 1,2] [--engine tesseract-js,tesseract-cli]
 *                        [--narrowing 1,0.9] [--clean] [--pdf scanned.pdf] [--middle]
 *
 * Without --pdf the input is generated: letter pages of legal prose (~330 words each) printed with a
 * text layer, then scanned the way the test fixtures scan (200 dpi, slight skew, faded, specks), or
 * with --clean rendered at 300 dpi without degradation; either way the printed words are known.
 * With --middle each run is followed by the reading a scan gets on the server: the quick reading
 * (dense pages read in their top and footer bands only), then the middle band of each page read in
 * part (middle-band.ts), its CPU and word recall on a row of its own ('quick+middle').
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { findTesseractCli, ocrPages, resolveOcrEngine } from '../src/engine/ocr/index.ts';
import { FIRST_READ_NARROWING } from '../src/engine/ocr/recognize-page.ts';
import { createPdfFromImages, openPdf } from '../src/engine/pdf/index.ts';
import { makeTextPdf, type TextLineSpec } from '../src/engine/pdf/make-text-pdf.ts';
import type { PageText } from '../src/engine/types.ts';
import { writeReviewed } from '../src/engine/write/write-reviewed.ts';
import { scanPages } from '../test/fixtures/scan.ts';
import { hasPdftotext, pdftotextWords, searchableWords } from '../test/pdftotext.ts';

const VOCABULARY = (
  'the applicant respondent affidavit exhibit court order motion record tribunal honour evidence lease ' +
  'agreement parties dated sworn counsel plaintiff defendant judgment appeal factum submissions paragraph ' +
  'contract breach damages notice hearing registrar schedule payment months employer employee pension ' +
  'fund trustee bankruptcy claim interest costs statute section regulation subsection pursuant whereas ' +
  'therefore commissioner ontario toronto justice decision reasons finding witness testimony transcript'
).split(' ');

/** Deterministic pseudo-random generator (mulberry32) so every run OCRs the same pages. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function proseLine(next: () => number, n: number): string {
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    let w = VOCABULARY[Math.floor(next() * VOCABULARY.length)]!;
    if (i === 0 || next() < 0.06) w = w[0]!.toUpperCase() + w.slice(1);
    if (next() < 0.05) w += ',';
    words.push(w);
  }
  if (next() < 0.3) words.splice(Math.floor(next() * n), 0, String(Math.floor(next() * 900) + 10));
  return `${words.join(' ')}.`;
}

/** Pages of prose: a heading, numbered paragraphs at 12 pt with 24 pt leading, a page number. */
export function proseDocument(pageCount: number, seed = 7, size = 11.5): TextLineSpec[][] {
  const next = random(seed);
  const pages: TextLineSpec[][] = [];
  for (let p = 1; p <= pageCount; p++) {
    const lines: TextLineSpec[] = [{ text: `PART ${p}: ${proseLine(next, 4).toUpperCase()}`, x: 72, y: 80, size: 13 }];
    const words = Math.round((11 * 11.5) / size);
    for (let y = 116; y < 700; y += size * 1.9) lines.push({ text: proseLine(next, words), x: 72, y, size });
    lines.push({ text: String(p), x: 300, y: 750, size: 11 });
    pages.push(lines);
  }
  return pages;
}

export function scan(pages: TextLineSpec[][], dpi = 300): Uint8Array {
  const doc = openPdf(makeTextPdf(pages));
  try {
    const images = [];
    for (let p = 1; p <= doc.pageCount; p++) images.push({ png: doc.renderPng(p, dpi), widthPt: 612, heightPt: 792 });
    return createPdfFromImages(images);
  } finally {
    doc.close();
  }
}

/**
 * The text layer written from the last run's pages (as in Master.linked.pdf and the reviewed PDF), read
 * back with pdftotext: the share of OCR words found on their page, and over their OCR box.
 */
export function searchableLine(pdf: Uint8Array, read: PageText[]): string {
  if (!hasPdftotext()) return 'text layer: pdftotext not on PATH, not measured';
  const doc = openPdf(pdf);
  const t0 = performance.now();
  let out: Uint8Array;
  try {
    out = writeReviewed(doc, { briefName: 'bench.pdf', briefPages: doc.pageCount, indexPages: [], entries: [] }, read);
  } finally {
    doc.close();
  }
  const ms = performance.now() - t0;
  const r = searchableWords(pdftotextWords(out), read);
  const pct = (n: number) => `${((100 * n) / Math.max(1, r.words)).toFixed(2)}%`;
  return `text layer: ${read.length} OCR pages, ${r.words} words; written in ${Math.round(ms)} ms with the rest of the PDF ` +
    `(+${Math.round((out.byteLength - pdf.byteLength) / 1024)} KB); pdftotext finds ${pct(r.found)} of the words on their page, ` +
    `${pct(r.placed)} over their OCR box (target >= 99%)`;
}

function norm(w: string): string {
  return w.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}

/** Share of printed words (longer than one character) found among the words OCR read on the same page. */
export function wordRecall(printed: TextLineSpec[][], read: PageText[]): number {
  let found = 0;
  let total = 0;
  for (const page of read) {
    const seen = new Map<string, number>();
    for (const l of page.lines) for (const w of l.words) seen.set(norm(w.text), (seen.get(norm(w.text)) ?? 0) + 1);
    for (const line of printed[page.page - 1] ?? []) {
      for (const w of line.text.split(/\s+/).map(norm)) {
        if (w.length < 2) continue;
        total += 1;
        const left = seen.get(w) ?? 0;
        if (left > 0) {
          found += 1;
          seen.set(w, left - 1);
        }
      }
    }
  }
  return total ? found / total : 0;
}

export interface OcrBenchRow {
  engine: string;
  /** 'full': every page read in full; 'quick+middle': the quick reading, then the middle bands of the pages read in part. */
  mode: 'full' | 'quick+middle';
  dpi: number;
  /** Horizontal squeeze of dense pages' first reading (1 = none). */
  narrowing: number;
  workers: number;
  pages: number;
  wallMs: number;
  /** Wall time per page, worker start-up included. */
  msPerPage: number;
  /** Per page once the workers are up (what the progress ETA uses). */
  steadyMsPerPage: number;
  /** CPU time of this process (all its threads) per page; not counted for the tesseract program. */
  cpuMsPerPage: number | null;
  wordRecall: number | null;
  failed: number;
  /** Peak resident memory of the whole process (all threads) during the run, sampled every 200 ms. */
  peakRssMb: number;
}

export async function benchOcr(input: {
  pdf: Uint8Array;
  printed?: TextLineSpec[][];
  pages: number[];
  dpis: number[];
  workers: number[];
  /** Default: the engine's default only. */
  narrowings?: number[];
  engine?: 'auto' | 'tesseract-js' | 'tesseract-cli';
  /** Given the pages read by each run. */
  onRead?: (pages: PageText[]) => void;
  /** Also the quick reading then the middle bands, after each run. */
  middle?: boolean;
}): Promise<OcrBenchRow[]> {
  const rows: OcrBenchRow[] = [];
  const engine = resolveOcrEngine(input.engine ?? 'tesseract-js');
  for (const dpi of input.dpis) {
    for (const workers of input.workers) for (const narrowing of input.narrowings ?? [FIRST_READ_NARROWING]) for (const mode of input.middle ? (['full', 'quick+middle'] as const) : (['full'] as const)) {
      let steady = 0;
      let peak = process.memoryUsage.rss();
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 200);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const opts = { engine, dpi, workers, narrowing, onProgress: (p: { avgMsPerPage: number }) => (steady = p.avgMsPerPage) };
      let result = await ocrPages(input.pdf, input.pages, { ...opts, ...(mode === 'quick+middle' ? { quick: true } : {}) });
      if (mode === 'quick+middle') {
        // steady time a page: both readings' steady time over the pages
        const quickMs = steady * input.pages.length;
        const partial = result.pages.filter((p) => p.partial);
        steady = 0;
        const rest = await ocrPages(input.pdf, partial.map((p) => p.page), { ...opts, partial });
        steady = (quickMs + steady * partial.length) / input.pages.length;
        const done = new Map(rest.pages.map((p) => [p.page, p]));
        result = { pages: result.pages.map((p) => done.get(p.page) ?? p), failed: [...result.failed, ...rest.failed] };
      }
      const wallMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      clearInterval(sampler);
      input.onRead?.(result.pages);
      rows.push({
        engine,
        mode,
        dpi,
        narrowing,
        workers,
        pages: input.pages.length,
        wallMs: Math.round(wallMs),
        msPerPage: Math.round(wallMs / input.pages.length),
        steadyMsPerPage: Math.round(steady),
        cpuMsPerPage: engine === 'tesseract-js' ? Math.round((cpu.user + cpu.system) / 1000 / input.pages.length) : null,
        wordRecall: input.printed ? Math.round(wordRecall(input.printed, result.pages) * 10000) / 10000 : null,
        failed: result.failed.length,
        peakRssMb: Math.round(peak / 2 ** 20),
      });
    }
  }
  return rows;
}

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpu}, ${availableParallelism()} cores available, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '12' },
      dpi: { type: 'string', default: '300,250,200' },
      workers: { type: 'string', default: '1,2' },
      narrowing: { type: 'string', default: String(FIRST_READ_NARROWING) },
      engine: { type: 'string', default: 'tesseract-js' },
      pdf: { type: 'string' },
      clean: { type: 'boolean', default: false },
      middle: { type: 'boolean', default: false },
      'font-size': { type: 'string', default: '11.5' },
    },
  });
  const list = (s: string) => s.split(',').map(Number);
  let pdf: Uint8Array;
  let printed: TextLineSpec[][] | undefined;
  let pages: number[];
  let inputLine: string;
  if (values.pdf) {
    pdf = new Uint8Array(readFileSync(values.pdf));
    const doc = openPdf(pdf);
    pages = Array.from({ length: doc.pageCount }, (_, i) => i + 1).filter((p) => doc.needsOcr(p));
    doc.close();
    inputLine = `${values.pdf}: ${pages.length} pages without a text layer (${pdf.byteLength} bytes)`;
  } else {
    const count = Number(values.pages);
    printed = proseDocument(count, 7, Number(values['font-size']));
    pdf = values.clean ? scan(printed) : await scanPages(makeTextPdf(printed), 'all', 'bench-ocr');
    pages = Array.from({ length: count }, (_, i) => i + 1);
    inputLine = `generated image-only document: ${count} letter pages of prose (${values['font-size']} pt, ~${Math.round(printed.flat().reduce((n, l) => n + l.text.split(' ').length, 0) / count)} words a page), ${
      values.clean ? 'clean images at 300 dpi' : 'scanned at 200 dpi with skew, fading and specks'}`;
  }
  console.log(`machine: ${machineLine()}`);
  console.log(`input:   ${inputLine}`);
  console.log(`load:    ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1/5/15-minute load average before the run)`);
  let read: PageText[] = [];
  const rows: OcrBenchRow[] = [];
  for (const engine of values.engine!.split(',')) {
    if (engine === 'tesseract-cli' && !findTesseractCli()) {
      console.log('native tesseract: not on PATH (Debian package tesseract-ocr), not measured');
      continue;
    }
    rows.push(...(await benchOcr({
      pdf, printed, pages, dpis: list(values.dpi!), workers: list(values.workers!), narrowings: list(values.narrowing!), engine: engine as never,
      middle: values.middle,
      onRead: (p) => (read = p),
    })));
  }
  console.log('engine        mode           dpi  narrow  workers  pages  wall ms  ms/page  steady ms/page  cpu ms/page  word recall  failed  peak RSS MB');
  for (const r of rows) {
    console.log(
      `${r.engine.padEnd(12)} ${r.mode.padEnd(13)} ${String(r.dpi).padStart(4)} ${String(r.narrowing).padStart(7)} ${String(r.workers).padStart(8)} ${String(r.pages).padStart(6)} ${String(r.wallMs).padStart(8)} ${String(r.msPerPage).padStart(8)} ${String(r.steadyMsPerPage).padStart(15)} ${String(r.cpuMsPerPage ?? '-').padStart(12)} ${r.wordRecall === null ? '         -' : `${(r.wordRecall * 100).toFixed(2)}%`.padStart(12)} ${String(r.failed).padStart(7)} ${String(r.peakRssMb).padStart(12)}`,
    );
  }
  console.log(searchableLine(pdf, read));
  console.log(`load:    ${loadavg().map((l) => l.toFixed(2)).join(' ')} (after the runs; other processes on the machine slow the wall times, not cpu ms/page)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
