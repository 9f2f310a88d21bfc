/**
 * Memory benchmark (`npm run bench:memory`): the peak RSS of processing a ~500 MB brief end to end
 * through the server's own code path (runPdfTask: the 'read' job, then the 'link' job, each on its
 * worker thread in this process, as the server runs them). RSS is the whole process, threads and
 * WebAssembly memory included: sampled every 20 ms by stage, and the kernel's high-water mark
 * (VmHWM) at the end. Target: peak under 1 GB for a 500 MB PDF.
 *
 * The input (bench/heavy-brief.ts) is the big-63 fixture (index, 63 tabs, ~1,200 pages) with a
 * photograph on its pages, written to a temporary folder unless `--file` names one already written.
 *
 * The output is written as an incremental update of the input (the server's way from
 * PDF_INCREMENTAL_FROM_MB, 100 MB, on); `--incremental-from-mb 1000` writes it whole, for comparison.
 *
 *   npx tsx bench/memory.ts [--mb 500] [--file /tmp/heavy.pdf] [--memory-mb 2048] [--incremental-from-mb 100]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runPdfTask, taskLimits } from '../src/server/documents/pdf-task.ts';
import type { HeavyBrief } from './heavy-brief.ts';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '500' },
    file: { type: 'string' },
    'memory-mb': { type: 'string', default: '2048' },
    'incremental-from-mb': { type: 'string', default: '100' },
  },
});

function status(): { rss: number; hwm: number } {
  const s = readFileSync('/proc/self/status', 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const work = mkdtempSync(join(tmpdir(), 'brieflink-bench-memory-'));
try {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  let file = values.file;
  if (!file || !existsSync(file)) {
    const target = file ?? join(work, 'heavy.pdf');
    // written by a process of its own: the generator's memory is not this process's to measure
    const gen = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./heavy-brief.ts', import.meta.url)), target, values.mb], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (gen.status !== 0) throw new Error(`heavy-brief.ts failed (exit ${gen.status})`);
    const h = JSON.parse(gen.stdout.trim().split('\n').at(-1)!) as HeavyBrief;
    console.log(`input written: ${target}: ${h.pages} pages (index pages ${h.indexPages.join(',')}, ${h.tabs} tabs), ${h.photos} photographs`);
    file = target;
  }
  const size = statSync(file).size;
  const limits = taskLimits({ pdfMemoryMb: Number(values['memory-mb']), pdfSecondsPerPage: 30, pdfIncrementalFromMb: Number(values['incremental-from-mb']) });
  // let the generator's memory go before the baseline is taken
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const baseline = status().rss;
  const peaks = new Map<string, number>();
  let stage = 'start';
  const sample = () => peaks.set(stage, Math.max(peaks.get(stage) ?? 0, status().rss));
  const timer = setInterval(sample, 20);
  const paths = {
    sourcePath: file,
    pagesPath: join(work, 'pages.json'),
    ocrPagesPath: join(work, 'ocr-pages.json'),
    detectionPath: join(work, 'detection.json'),
  };
  const t0 = performance.now();
  stage = 'read: open';
  const read = await runPdfTask({ op: 'read', ...paths }, limits, (p) => {
    sample();
    stage = `read: ${p.phase}`;
  });
  sample();
  const tRead = performance.now() - t0;
  stage = 'link';
  const t1 = performance.now();
  const linked = await runPdfTask(
    { op: 'link', ...paths, briefName: 'heavy.pdf', outputPath: join(work, 'Master.linked.pdf'), reviewPath: join(work, 'review.json') },
    limits,
  );
  sample();
  const tLink = performance.now() - t1;
  clearInterval(timer);
  const out = statSync(join(work, 'Master.linked.pdf')).size;
  console.log(
    `input: ${(size / 1e6).toFixed(0)} MB, ${read.pageCount} pages, ${read.needsOcr} pages needing OCR; index ${read.detection.items.length} items; ` +
      `output ${(out / 1e6).toFixed(0)} MB, ${linked.review.validation.links_created} links (${linked.review.validation.broken_links} broken)`,
  );
  console.log(`times: read ${(tRead / 1000).toFixed(1)} s, link ${(tLink / 1000).toFixed(1)} s (task memory limit ${values['memory-mb']} MB)`);
  const w = linked.written;
  if (w) console.log(`output written in ${(w.ms / 1000).toFixed(1)} s, ${w.incremental ? 'as an incremental update of the input' : `whole (${w.whole})`}`);
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`RSS before: ${baseline.toFixed(0)} MB`);
  for (const [s, mb] of peaks) console.log(`  peak during ${s}: ${mb.toFixed(0)} MB (+${(mb - baseline).toFixed(0)} MB)`);
  const hwm = status().hwm;
  console.log(`peak RSS of the process (VmHWM, threads included): ${hwm.toFixed(0)} MB (target < 1024 MB for a 500 MB PDF)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
