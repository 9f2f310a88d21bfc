// A received PDF becomes a document's source: moved into place (rename, same file system) and its
// processing queued.
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../db/client.ts';
import { DIR_MODE, type Storage } from '../storage/files.ts';
import { queueProcessing, type JobSender } from './processing-state.ts';
import { releaseUpload, type ReceivedFile } from './receive-upload.ts';

export interface DocumentDeps {
  db: Db;
  storage: Storage;
  send: JobSender;
}

/** Files derived from the source; all go when the source changes. */
export const DERIVED_FILES = [
  'pages.bin',
  'ocr-pages.json',
  'ocr-full.json',
  'detection.json',
  'Master.linked.pdf',
  'review.json',
  'Master.reviewed.pdf',
] as const;

export async function placeSource(storage: Storage, caseId: string, documentId: string, file: ReceivedFile): Promise<void> {
  const target = storage.documentFile(caseId, documentId, 'source.pdf');
  await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
  for (const name of DERIVED_FILES) await rm(storage.documentFile(caseId, documentId, name), { force: true });
  try {
    await rename(file.tempPath, target);
  } finally {
    releaseUpload(file.tempPath);
  }
}

const STAGED = 'source.next.pdf';

/**
 * A replacement source is kept beside the current one until the database has taken the change
 * (commitStagedSource); if it does not, only the staged file goes and the current source stays.
 */
export async function stageSource(storage: Storage, caseId: string, documentId: string, file: ReceivedFile): Promise<void> {
  const target = storage.documentFile(caseId, documentId, STAGED);
  await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
  try {
    await rename(file.tempPath, target);
  } finally {
    releaseUpload(file.tempPath);
  }
}

/** The staged source becomes the source; what was derived from the old one goes. */
export async function commitStagedSource(storage: Storage, caseId: string, documentId: string): Promise<void> {
  for (const name of DERIVED_FILES) await rm(storage.documentFile(caseId, documentId, name), { force: true });
  await rename(storage.documentFile(caseId, documentId, STAGED), storage.documentFile(caseId, documentId, 'source.pdf'));
}

export async function discardStagedSource(storage: Storage, caseId: string, documentId: string): Promise<void> {
  await rm(storage.documentFile(caseId, documentId, STAGED), { force: true });
}

/**
 * Queues processing of a new source. The page count, and the failure of a PDF the engine cannot open
 * (password, damage), come from the processing job's worker thread a moment later: the upload answers
 * without waiting for a large PDF to be parsed.
 */
export async function queueNewSource(deps: DocumentDeps, doc: { id: string }): Promise<void> {
  await queueProcessing(deps.db, deps.send, doc.id);
}
