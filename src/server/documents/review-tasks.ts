// The reviewed-PDF work of the PDF worker thread (pdf-task.worker.ts): 'regenerate' writes the
// reviewed PDF from the uploaded original, with page labels matching its printed page numbers, and
// reads it back; 'package' checks the approved PDF once
// more (its hash, its links, no active content) and writes the court package from it.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { findActiveContent } from '../../engine/pdf/active-content.ts';
import { openPdf } from '../../engine/pdf/index.ts';
import { makeTextPdf } from '../../engine/pdf/make-text-pdf.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';
import { layoutPages } from '../../engine/page-model/page-layout.ts';
import { printedPageLabels } from '../../engine/page-model/printed-labels.ts';
import { setPrintedLabels } from '../../engine/write/write-master.ts';
import { prepareReviewed, validateReviewed } from '../../engine/write/write-reviewed.ts';
import { loadOcrPages, loadPages } from './page-store.ts';
import type { PdfDoc } from '../../engine/pdf/types.ts';
import { openRecords, recordOcrPages, recordPagesOf } from './record-docs.ts';
import type { PackageOutcome, PdfTask, RegenerateOutcome } from './pdf-task-types.ts';
import { refuseWholeSave, saveOptions } from './whole-save-check.ts';
import { DIR_MODE } from '../storage/files.ts';

// Files are opened from disk (MuPDF reads what it needs) and written from MuPDF's buffer: a big
// brief is never held whole in this thread (see openPdf and PdfDoc.saveToFile).

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function pageCountOf(path: string): number {
  const doc = openPdf({ path });
  try {
    return doc.pageCount;
  } finally {
    doc.close();
  }
}

export async function regenerate(t: Extract<PdfTask, { op: 'regenerate' }>): Promise<RegenerateOutcome> {
  const doc = openPdf({ path: t.sourcePath });
  // a paired brief: its records are appended in order, the reviewed PDF is the merged master (like Master.linked.pdf)
  const records = t.records ?? [];
  let recordDoc: PdfDoc | null = null;
  let saved: { size: number; sha256: string };
  let pageCount: number;
  let pageLabels: Array<string | null> | null;
  let set = t.set;
  try {
    recordDoc = openRecords(records);
    pageCount = doc.pageCount;
    refuseWholeSave(doc, t);
    set = { ...t.set, briefPages: pageCount, ...(recordDoc ? { record: { name: records.map((r) => r.name).join(' + '), pages: recordDoc.pageCount } } : { record: null }) };
    // the text read when the document was processed: the numbers printed on its pages, and the
    // words OCR read for the invisible text layer of scanned pages
    const pages = loadPages(pageCount, t.pagesPath, t.ocrPagesPath, t.full);
    const stored = recordDoc ? recordPagesOf(records) : null;
    const recordPages = stored?.pages ?? null;
    const printed = pages ? printedPageLabels(layoutPages(pages)) : null;
    const record = recordDoc && stored ? { doc: recordDoc, pages: recordPages ?? recordOcrPages(records, stored.counts) } : null;
    prepareReviewed(doc, set, pages ?? loadOcrPages(t.ocrPagesPath, t.full), record);
    // the labels run over the whole document written, the records' pages after the brief's
    pageLabels = printed
      ? setPrintedLabels(doc, record ? [...printed, ...(recordPages ? printedPageLabels(layoutPages(recordPages)) : new Array<string | null>(record.doc.pageCount).fill(null))] : printed)
      : null;
    doc.dropCaches();
    saved = doc.saveToFile(t.outputPath, saveOptions(t));
  } finally {
    recordDoc?.close();
    doc.close();
  }
  // the court's rules: what they ask is written into the reviewed PDF itself, then read back with the rest
  let courtFixes: RegenerateOutcome['courtFixes'] = null;
  if (t.courtProfile && t.courtProfile !== 'custom') {
    const { profile } = await import('../../engine/court-rules/profiles/index.ts');
    const { fixForCourt } = await import('../../engine/court-rules/fix.ts');
    // the reviewed PDF stays one file: volumes are the court package's to make
    const rules = { ...profile(t.courtProfile), pagesPerVolume: undefined };
    const fixed = fixForCourt(new Uint8Array(readFileSync(t.outputPath)), rules, { name: 'reviewed.pdf' });
    const out = fixed.volumes[0]!.bytes;
    await writeFileAtomic(t.outputPath, out);
    saved = { size: out.length, sha256: createHash('sha256').update(out).digest('hex') };
    courtFixes = { profile: t.courtProfile, fixes: fixed.fixes as Record<string, string[]> };
    if (rules.numbering) pageLabels = Array.from({ length: pageCount + (set.record?.pages ?? 0) }, (_, i) => String(i + 1));
  }
  const output = { path: t.outputPath };
  const validation = validateReviewed(output, set);
  const activeContent = findActiveContent(output);
  return { validation, sha256: saved.sha256, fileSize: saved.size, pageCount, activeContent, pageLabels, courtFixes };
}

export async function packageForCourt(t: Extract<PdfTask, { op: 'package' }>): Promise<PackageOutcome> {
  // the checks run on a copy beside the package's place, which is what is then renamed into it:
  // what was checked is what goes to court, even if the approved file were replaced meanwhile
  await mkdir(dirname(t.pdfOut), { recursive: true, mode: DIR_MODE });
  const copy = `${t.pdfOut}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await copyFile(t.approvedPath, copy);
    const sha256 = await sha256OfFile(copy);
    const fileSize = statSync(copy).size;
    const pageCount = pageCountOf(copy);
    // the set counts the brief's pages; without a record the approved file's count is the brief's
    const validation = validateReviewed({ path: copy }, t.set.record ? t.set : { ...t.set, briefPages: pageCount });
    const activeContent = findActiveContent({ path: copy });
    const outcome = { sha256, validation, activeContent, pageCount, fileSize };
    if (sha256 !== t.sha256 || !validation.success || activeContent.length) return outcome; // nothing written
    await rename(copy, t.pdfOut);
    await writeFileAtomic(t.reportPdfOut, makeTextPdf(t.reportPdfPages));
    await writeFileAtomic(t.reportCsvOut, t.reportCsv);
    return outcome;
  } finally {
    await rm(copy, { force: true });
  }
}
