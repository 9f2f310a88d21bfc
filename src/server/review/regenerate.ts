// Regenerate PDF (DESIGN §7): the reviewed PDF written from the uploaded original and the reviewed
// link set on the PDF worker thread, read back and validated; the engine's own output stays beside it.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { RegenerateResponse } from '../../contract/review.ts';
import { recordAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import type { RegenerateOutcome } from '../documents/pdf-task-types.ts';
import { failureText, runPdfTask, type TaskLimits } from '../documents/pdf-task.ts';
import { profileFor } from './preflight.ts';
import { notifyDocument, removeFilesIfGone } from '../documents/processing-state.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import type { Storage } from '../storage/files.ts';
import { REVIEWED_KEY, withdrawApproval, WITHDRAW_REASONS } from './approval-state.ts';
import { recordFiles } from '../documents/record-pairing.ts';
import { loadReviewedSet, type LoadedSet } from './reviewed-set.ts';

type Deps = { db: Db; storage: Storage; limits: TaskLimits };

export async function regenerateDocument(deps: Deps, user: Actor, doc: DocumentRow): Promise<RegenerateResponse> {
  const { db, storage } = deps;
  if (!doc.storageKey) throw new AppError('conflict', 'This document has no file yet; upload it first');
  if (doc.aiProcessingStatus === 'queued' || doc.aiProcessingStatus === 'processing') {
    throw new AppError('conflict', 'The links of this document are being built; regenerate once they are done');
  }
  const loaded = await loadReviewedSet(db, doc);
  for (const rec of loaded.records) {
    if (rec.status !== 'completed' || !rec.storageKey) {
      throw new AppError('conflict', `The trial record "${rec.title}" is not ready; regenerate once it has been read`);
    }
  }
  if (loaded.set.entries.length === 0) throw new AppError('conflict', 'This document has no links to write; build its links first');
  // written beside the current reviewed PDF, which stays what it is until this one is recorded; a
  // name of its own, so two regenerations at once never take each other's file
  const pending = storage.documentFile(doc.caseId, doc.id, `reviewed-${randomUUID()}.pdf`);
  try {
    let out: RegenerateOutcome;
    try {
      const file = (name: string) => storage.documentFile(doc.caseId, doc.id, name);
      out = await runPdfTask({
        op: 'regenerate',
        sourcePath: file(doc.storageKey),
        pagesPath: file('pages.bin'),
        ocrPagesPath: file('ocr-pages.json'),
        full: { path: file('ocr-full.json'), run: doc.processRun },
        outputPath: pending,
        set: loaded.set,
        ...(loaded.records.length ? { records: loaded.records.map((r) => recordFiles(storage, r)) } : {}),
        courtProfile: await profileFor(db, doc),
      }, deps.limits);
    } catch (err) {
      throw new AppError('conflict', `The reviewed PDF could not be written: ${failureText(err)}`);
    }
    const result = await record(deps, user, doc, loaded, out, pending);
    await notifyDocument(db, doc.id);
    return result;
  } finally {
    await rm(pending, { force: true });
    await removeFilesIfGone(db, storage, doc.caseId, doc.id); // deleted meanwhile: nothing stays behind
  }
}

/** Puts the new reviewed PDF in place and records it, unless the links changed while it was written. */
async function record(deps: Deps, user: Actor, doc: DocumentRow, loaded: LoadedSet, out: RegenerateOutcome, pending: string): Promise<RegenerateResponse> {
  const ok = out.validation.success && out.activeContent.length === 0;
  const validation = { ...out.validation, success: ok };
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(documents).where(eq(documents.id, doc.id)).for('update');
    if (!row) throw new AppError('not_found', 'Document not found');
    if ((await loadReviewedSet(tx, row)).fingerprint !== loaded.fingerprint) {
      throw new AppError('conflict', 'The links changed while the PDF was being written; regenerate it again');
    }
    await deps.storage.rename(pending, deps.storage.documentFile(doc.caseId, doc.id, REVIEWED_KEY));
    await withdrawApproval(tx, user, doc.id, WITHDRAW_REASONS.regenerate);
    await tx
      .update(documents)
      .set({
        reviewedKey: REVIEWED_KEY,
        reviewedSha256: out.sha256,
        reviewedValidation: { ...validation, activeContent: out.activeContent },
        courtFixes: out.courtFixes,
        regeneratedAt: now,
        reviewedCurrent: true,
        updatedAt: now,
      })
      .where(eq(documents.id, doc.id));
    const removedCount = loaded.set.entries.filter((e) => e.removed).length;
    await recordAudit(tx, user, 'regenerate', 'document', doc.id, { sha256: row.reviewedSha256, regeneratedAt: row.regeneratedAt }, {
      sha256: out.sha256,
      validation,
      removedCount,
      unresolved: loaded.unresolved.length,
      activeContent: out.activeContent,
      pageLabels: out.pageLabels,
      ...(out.courtFixes ? { courtFixes: out.courtFixes } : {}),
    });
    return {
      ok,
      validation,
      sha256: out.sha256,
      regeneratedAt: now.toISOString(),
      linkCount: out.validation.links_created,
      removedCount,
      unresolved: loaded.unresolved,
      activeContent: out.activeContent,
    };
  });
}
