// The reviewed-PDF work of the PDF worker thread (pdf-task.worker.ts): 'regenerate' writes the
// reviewed PDF from the uploaded original, with page labels matching its printed page numbers, and
// reads it back; 'package' checks the approved PDF once
// more (its hash, its links, no active content) and writes the court package from it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { findActiveContent } from '../../engine/pdf/active-content.ts';
import { openPdf } from '../../engine/pdf/index.ts';
import { makeTextPdf } from '../../engine/pdf/make-text-pdf.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';
import { layoutPages } from '../../engine/index/page-layout.ts';
import { printedPageLabels } from '../../engine/resolve/printed-pages.ts';
import { setPrintedLabels } from '../../engine/write/write-master.ts';
import { validateReviewed, writeReviewed } from '../../engine/write/write-reviewed.ts';
import { loadOcrPages, loadPages } from './page-store.ts';
import type { PackageOutcome, PdfTask, RegenerateOutcome } from './pdf-task-types.ts';

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function pageCountOf(bytes: Uint8Array): number {
  const doc = openPdf(bytes);
  try {
    return doc.pageCount;
  } finally {
    doc.close();
  }
}


export async function regenerate(t: Extract<PdfTask, { op: 'regenerate' }>): Promise<RegenerateOutcome> {
  const doc = openPdf(new Uint8Array(readFileSync(t.sourcePath)));
  // a paired brief: the record is appended, the reviewed PDF is the merged master (like Master.linked.pdf)
  const recordDoc = t.record ? openPdf(new Uint8Array(readFileSync(t.record.sourcePath))) : null;
  let pdf: Uint8Array;
  let pageCount: number;
  let pageLabels: Array<string | null> | null;
  let set = t.set;
  try {
    pageCount = doc.pageCount;
    set = { ...t.set, briefPages: pageCount, ...(recordDoc && t.record ? { record: { name: t.record.name, pages: recordDoc.pageCount } } : { record: null }) };
    // the text read when the document was processed: the numbers printed on its pages, and the
    // words OCR read for the invisible text layer of scanned pages
    const pages = loadPages(pageCount, t.pagesPath, t.ocrPagesPath);
    const recordPages = recordDoc && t.record ? loadPages(recordDoc.pageCount, t.record.pagesPath, t.record.ocrPagesPath) : null;
    const printed = pages ? printedPageLabels(layoutPages(pages)) : null;
    if (!recordDoc || !t.record) {
      pageLabels = printed ? setPrintedLabels(doc, printed) : null;
      pdf = writeReviewed(doc, set, pages ?? loadOcrPages(t.ocrPagesPath));
    } else {
      pdf = writeReviewed(doc, set, pages ?? loadOcrPages(t.ocrPagesPath), { doc: recordDoc, pages: recordPages ?? loadOcrPages(t.record.ocrPagesPath) });
      // the labels run over the whole merged master, so they are set once the record is appended
      pageLabels = null;
      if (printed) {
        const all = [...printed, ...(recordPages ? printedPageLabels(layoutPages(recordPages)) : new Array<string | null>(recordDoc.pageCount).fill(null))];
        const written = openPdf(pdf);
        try {
          pageLabels = setPrintedLabels(written, all);
          if (pageLabels) pdf = written.save();
        } finally {
          written.close();
        }
      }
    }
  } finally {
    recordDoc?.close();
    doc.close();
  }
  const validation = validateReviewed(pdf, set);
  const activeContent = findActiveContent(pdf);
  await writeFileAtomic(t.outputPath, pdf);
  return { validation, sha256: sha256Of(pdf), fileSize: pdf.byteLength, pageCount, activeContent, pageLabels };
}

export async function packageForCourt(t: Extract<PdfTask, { op: 'package' }>): Promise<PackageOutcome> {
  const pdf = new Uint8Array(readFileSync(t.approvedPath));
  const sha256 = sha256Of(pdf);
  const pageCount = pageCountOf(pdf);
  // the set counts the brief's pages; without a record the approved file's count is the brief's
  const validation = validateReviewed(pdf, t.set.record ? t.set : { ...t.set, briefPages: pageCount });
  const activeContent = findActiveContent(pdf);
  const outcome = { sha256, validation, activeContent, pageCount, fileSize: pdf.byteLength };
  if (sha256 !== t.sha256 || !validation.success || activeContent.length) return outcome; // nothing written
  await writeFileAtomic(t.pdfOut, pdf);
  await writeFileAtomic(t.reportPdfOut, makeTextPdf(t.reportPdfPages));
  await writeFileAtomic(t.reportCsvOut, t.reportCsv);
  return outcome;
}
