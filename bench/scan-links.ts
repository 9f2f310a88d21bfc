// `npx tsx bench/scan-links.ts [--pages 400] [--no-full]`: links sooner on scans. On a generated
// scanned brief (test/fixtures/scanned-brief-of.ts: every page an image, an index table, TAB
// dividers, 3–6 pages of prose per tab), through the PDF worker tasks the server's jobs run
// (documents/pdf-task.ts), timed from the start of the document job:
//  - links ready: the quick reading ('read' with `quick`: dense pages read only in their top and
//    footer bands) and link building ('link');
//  - full text layer: then the background reading of the rest of the pages read in part (their
//    middle bands, 'text-layer') and the linked PDF written again with it ('relayer');
//  - for comparison, the full reading of every page ('read' without `quick`) and link building from it.
// Targets (issue 13): links ready ≤ 25% of the full reading's time; full text layer ≤ 1.0 s a page.
// A 400-page scan takes a long while to generate and read on a shared 2-core machine: --pages sets the size.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveOcrEngine } from '../src/engine/ocr/index.ts';
import { openPdf } from '../src/engine/pdf/index.ts';
import { runPdfTask, type TaskLimits } from '../src/server/documents/pdf-task.ts';
import { loadScannedBrief } from '../test/fixtures/scanned-brief-of.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '400' }, 'no-full': { type: 'boolean', default: false } } });
const PAGES = Number(values.pages);
/** The server's default limits (PDF_MEMORY_MB, PDF_SECONDS_PER_PAGE). */
const LIMITS: TaskLimits = { memoryMb: 2048, secondsPerPage: 30 };
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** CPU time of this process and all its threads (the PDF and OCR workers), in ms: unlike the wall time, not stretched by other work on a shared machine. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`OCR: ${resolveOcrEngine()} on ${availableParallelism()} worker threads`);
const made = performance.now();
const f = await loadScannedBrief(PAGES);
const dir = mkdtempSync(join(tmpdir(), 'brieflink-scan-links-'));
try {
  const source = join(dir, 'brief.pdf');
  writeFileSync(source, f.brief);
  const file = (n: string) => join(dir, n);
  const stored = { sourcePath: source, pagesPath: file('pages.bin'), ocrPagesPath: file('ocr-pages.json'), detectionPath: file('detection.json') };
  const full = { path: file('ocr-full.json'), run: 1 };
  const link = () => runPdfTask({ op: 'link', ...stored, full, briefName: 'brief.pdf', outputPath: file('Master.linked.pdf'), reviewPath: file('review.json') }, LIMITS);
  const doc = openPdf(f.brief);
  const pageCount = doc.pageCount;
  doc.close();
  console.log(`input: generated scanned brief, ${pageCount} image-only pages, ${f.truth.items.length} tabs, ${(f.brief.length / 2 ** 20).toFixed(1)} MB (ready in ${s(performance.now() - made)})`);

  const t0 = performance.now();
  const c0 = cpu();
  const quick = await runPdfTask({ op: 'read', ...stored, quick: true }, LIMITS);
  const quickMs = performance.now() - t0;
  const linked = await link();
  const linksMs = performance.now() - t0;
  const linksCpu = cpu() - c0;
  const right = linked.review.links.filter((l) => f.truth.items.find((it) => it.ordinal === l.item)?.targetPage === l.targetPage).length;
  const layer = await runPdfTask({ op: 'text-layer', sourcePath: source, ocrPagesPath: stored.ocrPagesPath, full }, LIMITS);
  await runPdfTask({ op: 'relayer', ...stored, full, reviewPath: file('review.json'), outputPath: file('Master.linked.pdf') }, LIMITS);
  const layerMs = performance.now() - t0;
  const layerCpu = cpu() - c0;
  console.log(`quick reading: ${s(quickMs)}, ${quick.partialPages.length} of ${pageCount} pages read in their bands only`);
  console.log(`links ready: ${s(linksMs)} (CPU ${s(linksCpu)}; ${right} of ${f.truth.items.length} destinations right)`);
  console.log(`full text layer: ${s(layerMs)}, ${(layerMs / 1000 / pageCount).toFixed(2)} s a page (CPU ${s(layerCpu)}; ${layer.total} pages completed in the background, ${layer.failed.length} failed)`);

  if (!values['no-full']) {
    rmSync(file('ocr-full.json'), { force: true });
    const t1 = performance.now();
    const c1 = cpu();
    await runPdfTask({ op: 'read', ...stored }, LIMITS);
    const readMs = performance.now() - t1;
    const readCpu = cpu() - c1;
    const again = await link();
    const fullLinksMs = performance.now() - t1;
    const same = again.review.links.every((l, i) => linked.review.links[i]?.targetPage === l.targetPage);
    console.log(`full reading: ${s(readMs)} (CPU ${s(readCpu)}), links from it at ${s(fullLinksMs)}; the same destinations as the quick reading: ${same ? 'yes' : 'NO'}`);
    console.log(`links ready in ${((linksMs / readMs) * 100).toFixed(0)}% of the full reading's wall time, ${((linksCpu / readCpu) * 100).toFixed(0)}% of its CPU time (target ≤ 25%; the wall time follows the machine's load)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
