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
  let pdf: Uint8Array;
  let pageCount: number;
  let pageLabels: Array<string | null> | null;
  try {
    pageCount = doc.pageCount;
    // the text read when the document was processed: the numbers printed on its pages, and the
    // words OCR read for the invisible text layer of scanned pages
    const pages = loadPages(pageCount, t.pagesPath, t.ocrPagesPath, t.full);
    const printed = pages ? printedPageLabels(layoutPages(pages)) : null;
    pageLabels = printed ? setPrintedLabels(doc, printed) : null;
    pdf = writeReviewed(doc, { ...t.set, briefPages: pageCount }, pages ?? loadOcrPages(t.ocrPagesPath, t.full));
  } finally {
    doc.close();
  }
  const validation = validateReviewed(pdf, { ...t.set, briefPages: pageCount });
  const activeContent = findActiveContent(pdf);
  await writeFileAtomic(t.outputPath, pdf);
  return { validation, sha256: sha256Of(pdf), fileSize: pdf.byteLength, pageCount, activeContent, pageLabels };
}

export async function packageForCourt(t: Extract<PdfTask, { op: 'package' }>): Promise<PackageOutcome> {
  const pdf = new Uint8Array(readFileSync(t.approvedPath));
  const sha256 = sha256Of(pdf);
  const pageCount = pageCountOf(pdf);
  const validation = validateReviewed(pdf, { ...t.set, briefPages: pageCount });
  const activeContent = findActiveContent(pdf);
  const outcome = { sha256, validation, activeContent, pageCount, fileSize: pdf.byteLength };
  if (sha256 !== t.sha256 || !validation.success || activeContent.length) return outcome; // nothing written
  await writeFileAtomic(t.pdfOut, pdf);
  await writeFileAtomic(t.reportPdfOut, makeTextPdf(t.reportPdfPages));
  await writeFileAtomic(t.reportCsvOut, t.reportCsv);
  return outcome;
}
