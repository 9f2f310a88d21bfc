// Worker thread that reads a document's stored page text (page-store.ts) and answers one line per page (for several documents in one go, so a case pays for one thread):
// how it was read, its confidence, its number of lines and its first line. Unpacking the text of a
// 1,200-page brief takes seconds of CPU, which the event loop never spends.
import { parentPort, workerData } from 'node:worker_threads';
import { loadOcrPages, loadPages } from '../documents/page-store.ts';
import type { PageSummary, PageSummaryTask } from './page-summary.ts';

const MAX_LINE = 120;
const tasks = (workerData as { data: PageSummaryTask[] }).data;
const summarize = (task: PageSummaryTask): PageSummary[] =>
  ((task.pageCount ? loadPages(task.pageCount, task.binPath, task.ocrPath) : null) ?? loadOcrPages(task.ocrPath)).map((p) => {
    const first = p.lines.find((l) => l.text.trim())?.text.trim() ?? null;
    return {
      page: p.page,
      source: p.source,
      confidence: Math.round(p.confidence * 10) / 10,
      lines: p.lines.length,
      firstLine: first && first.length > MAX_LINE ? `${first.slice(0, MAX_LINE - 1)}…` : first,
    };
  });
parentPort!.postMessage(tasks.map(summarize));
