// A received PDF becomes a document's source: moved into place (rename, same file system), its pages
// counted on a worker thread, and its processing queued. A PDF the engine cannot open (password,
// damage) leaves the document 'failed' with the reason the user reads.
import { eq } from 'drizzle-orm';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import type { Storage } from '../storage/files.ts';
import { failureText, PdfTaskError, runPdfTask } from './pdf-task.ts';
import { notifyDocument, queueProcessing, type JobSender } from './processing-state.ts';
import type { ReceivedFile } from './receive-upload.ts';

export interface DocumentDeps {
  db: Db;
  storage: Storage;
  send: JobSender;
}

/** Files derived from the source; all go when the source changes. */
export const DERIVED_FILES = ['pages.bin', 'ocr-pages.json', 'Master.linked.pdf', 'review.json'] as const;

export async function placeSource(storage: Storage, caseId: string, documentId: string, file: ReceivedFile): Promise<void> {
  const target = storage.documentFile(caseId, documentId, 'source.pdf');
  await mkdir(dirname(target), { recursive: true });
  for (const name of DERIVED_FILES) await rm(storage.documentFile(caseId, documentId, name), { force: true });
  await rename(file.tempPath, target);
}

/** Counts pages on a worker thread, then queues processing; or marks the document failed. */
export async function inspectAndQueue(deps: DocumentDeps, doc: { id: string; caseId: string }): Promise<void> {
  const { db, storage } = deps;
  try {
    const { pageCount } = await runPdfTask({ op: 'inspect', sourcePath: storage.documentFile(doc.caseId, doc.id, 'source.pdf') });
    await db.update(documents).set({ pageCount, ocrTotal: pageCount }).where(eq(documents.id, doc.id));
  } catch (err) {
    if (!(err instanceof PdfTaskError)) throw err;
    await db
      .update(documents)
      .set({
        status: 'failed',
        failureReason: failureText(err),
        ocrStatus: 'failed',
        indexStatus: 'error',
        indexDetectedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(documents.id, doc.id));
    await notifyDocument(db, doc.id);
    return;
  }
  await queueProcessing(db, deps.send, doc.id);
}
