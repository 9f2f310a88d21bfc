// `npx tsx bench/regenerate.ts [fixture …]` (default brief-400 and big-63): the time of Regenerate PDF
// as the server runs it (the PDF worker thread's 'regenerate' task: open the uploaded original,
// page labels from the stored text, write the reviewed links and bookmarks, read the result back and
// validate it, look for active content) and of the court package ('package': hash, validation, active content, report), with one
// link removed and one target page set by the reviewer. Prints the machine and the input.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPdfTask, type TaskLimits } from '../src/server/documents/pdf-task.ts';
import { reportCsv, reportPdfPages, type ReportInput } from '../src/server/review/report.ts';
import type { ReviewedSet } from '../src/engine/write/write-reviewed.ts';
import { loadFixture } from '../test/fixtures/index.ts';

/** The server's default limits (PDF_MEMORY_MB, PDF_SECONDS_PER_PAGE). */
const LIMITS: TaskLimits = { memoryMb: 2048, secondsPerPage: 30 };
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
for (const name of names.length ? names : ['brief-400', 'big-63']) {
  const dir = mkdtempSync(join(tmpdir(), 'brieflink-regen-'));
  try {
    const fixture = await loadFixture(name);
    const source = join(dir, 'brief.pdf');
    writeFileSync(source, fixture.brief);
    const file = (n: string) => join(dir, n);
    const stored = { sourcePath: source, pagesPath: file('pages.bin'), ocrPagesPath: file('ocr-pages.json'), detectionPath: file('detection.json') };
    // what upload and link building leave on disk, as the server's jobs do
    await runPdfTask({ op: 'read', ...stored }, LIMITS);
    const { review } = await runPdfTask({ op: 'link', ...stored, briefName: 'brief.pdf', outputPath: file('Master.linked.pdf'), reviewPath: file('review.json') }, LIMITS);
    const items = new Map(review.index.items.map((it) => [it.ordinal, it]));
    const set: ReviewedSet = {
      briefName: 'brief.pdf',
      briefPages: review.source.pages,
      indexPages: review.index.pages,
      entries: review.links.map((l, i) => {
        const it = items.get(l.item)!;
        const override = i === 2 && l.targetPage !== null ? l.targetPage + 1 : l.targetPage;
        return { ordinal: l.item, label: it.label, type: it.type, text: it.text, srcPage: l.srcPage, bbox: l.bbox, targetPage: override, removed: i === 1, confidence: l.confidence, why: l.why };
      }),
    };
    let t = performance.now();
    const out = await runPdfTask({ op: 'regenerate', sourcePath: source, pagesPath: stored.pagesPath, ocrPagesPath: stored.ocrPagesPath, outputPath: file('reviewed.pdf'), set }, LIMITS);
    const regenMs = performance.now() - t;
    const report: ReportInput = {
      caseNumber: 'BENCH-1', caseTitle: 'Bench', documentTitle: name, sha256: out.sha256, pageCount: out.pageCount,
      approvedBy: 'Bench Reviewer', approvedAt: new Date().toISOString(), submittedBy: 'bench@example.com', submittedAt: new Date().toISOString(), court: null,
      validation: out.validation,
      entries: set.entries.map((e) => ({ ordinal: e.ordinal, label: e.label, text: e.text, destination: e.removed ? null : e.targetPage, engineDestination: e.targetPage, confidence: e.confidence, status: e.removed ? 'removed' : 'auto', changedBy: null, changedAt: null })),
    };
    t = performance.now();
    const pkg = await runPdfTask({
      op: 'package', approvedPath: join(dir, 'reviewed.pdf'), sha256: out.sha256, set,
      pdfOut: join(dir, 'filed.pdf'), reportPdfOut: join(dir, 'report.pdf'), reportPdfPages: reportPdfPages(report), reportCsvOut: join(dir, 'report.csv'), reportCsv: reportCsv(report),
    }, LIMITS);
    const packageMs = performance.now() - t;
    const v = out.validation;
    console.log(
      `${name}: ${out.pageCount} pages, ${set.entries.length} index items (1 removed, 1 overridden), ${(out.fileSize / 1e6).toFixed(1)} MB: ` +
        `regenerate ${(regenMs / 1000).toFixed(2)} s (page labels ${out.pageLabels ? 'written' : 'kept'}; expected ${v.expected_tabs}, found ${v.found_tabs}, links ${v.links_created}, broken ${v.broken_links}, ${v.success ? 'ok' : 'FAILED'}; active content: ${out.activeContent.length ? out.activeContent.join(', ') : 'none'}); ` +
        `court package ${(packageMs / 1000).toFixed(2)} s (${pkg.validation.success && pkg.sha256 === out.sha256 ? 'ok' : 'REFUSED'})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
