// A paired brief's record documents as the PDF worker uses them (pdf-task.worker.ts, review-tasks.ts):
// opened as the one record appended to the brief, and their pages read by OCR numbered over them in order.
import { openPdf } from '../../engine/pdf/index.ts';
import type { PdfDoc } from '../../engine/pdf/types.ts';
import type { PageText } from '../../engine/types.ts';
import { loadOcrPages, loadPages } from './page-store.ts';
import type { RecordFiles } from './pdf-task-types.ts';

/**
 * A paired brief's record documents opened as the one record appended to it: the first, with the others
 * appended to it in order (null without records). The caller closes it.
 */
export function openRecords(records: RecordFiles[] | undefined): PdfDoc | null {
  if (!records?.length) return null;
  const first = openPdf({ path: records[0]!.sourcePath });
  try {
    for (const r of records.slice(1)) {
      const other = openPdf({ path: r.sourcePath });
      try {
        first.append(other);
      } finally {
        other.close();
      }
    }
    return first;
  } catch (err) {
    first.close();
    throw err;
  }
}

/** The pages of the records read by OCR, numbered over the records one after another. */
export function recordOcrPages(records: RecordFiles[], counts?: number[]): PageText[] {
  const out: PageText[] = [];
  let offset = 0;
  records.forEach((r, i) => {
    for (const p of loadOcrPages(r.ocrPagesPath, r.full)) out.push(offset ? { ...p, page: p.page + offset } : p);
    offset += counts?.[i] ?? pagesOf(r.sourcePath);
  });
  return out;
}

export function pagesOf(path: string): number {
  const d = openPdf({ path });
  try {
    return d.pageCount;
  } finally {
    d.close();
  }
}


/** The stored pages of the records numbered over them in order, or null when one's store is incomplete. */
export function recordPagesOf(records: RecordFiles[]): { pages: PageText[] | null; counts: number[] } {
  const counts = records.map((r) => pagesOf(r.sourcePath));
  const out: PageText[] = [];
  let offset = 0;
  let complete = true;
  records.forEach((r, i) => {
    const pages = loadPages(counts[i]!, r.pagesPath, r.ocrPagesPath, r.full);
    if (!pages) complete = false;
    else for (const p of pages) out.push(offset ? { ...p, page: p.page + offset } : p);
    offset += counts[i]!;
  });
  return { pages: complete ? out : null, counts };
}
