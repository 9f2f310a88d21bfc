// Regenerate PDF (DESIGN §7): the reviewed PDF written from the uploaded original and the reviewed
// link set on the PDF worker thread, read back and validated; the engine's own output stays beside it.
import { eq } from 'drizzle-orm';
import type { RegenerateResponse } from '../../contract/review.ts';
import { recordAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import { notifyDocument } from '../documents/processing-state.ts';
import { runPdfTask, failureText } from '../documents/pdf-task.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import type { Storage } from '../storage/files.ts';
import { withdrawApproval, WITHDRAW_REASONS } from './approval-state.ts';
import { loadReviewedSet } from './reviewed-set.ts';

export const REVIEWED_KEY = 'Master.reviewed.pdf';
const PENDING_KEY = 'Master.reviewed.next.pdf';

export async function regenerateDocument(deps: { db: Db; storage: Storage }, user: Actor, doc: DocumentRow): Promise<RegenerateResponse> {
  const { db, storage } = deps;
  if (!doc.storageKey) throw new AppError('conflict', 'This document has no file yet; upload it first');
  if (doc.aiProcessingStatus === 'queued' || doc.aiProcessingStatus === 'processing') {
    throw new AppError('conflict', 'The links of this document are being built; regenerate once they are done');
  }
  const loaded = await loadReviewedSet(db, doc);
  if (loaded.set.entries.length === 0) throw new AppError('conflict', 'This document has no links to write; build its links first');
  const file = (name: string) => storage.documentFile(doc.caseId, doc.id, name);
  let out;
  try {
    // written beside the current reviewed PDF, which stays what it is until this one is recorded
    out = await runPdfTask({ op: 'regenerate', sourcePath: file(doc.storageKey), outputPath: file(PENDING_KEY), set: loaded.set });
  } catch (err) {
    throw new AppError('conflict', `The reviewed PDF could not be written: ${failureText(err)}`);
  }
  const validation = out.validation;
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(documents).where(eq(documents.id, doc.id)).for('update');
    if (!row) throw new AppError('not_found', 'Document not found');
    const still = await loadReviewedSet(tx, row);
    if (still.fingerprint !== loaded.fingerprint) {
      throw new AppError('conflict', 'The links changed while the PDF was being written; regenerate it again');
    }
    await storage.rename(file(PENDING_KEY), file(REVIEWED_KEY));
    await withdrawApproval(tx, user, doc.id, WITHDRAW_REASONS.regenerate);
    const ok = validation.success && out.activeContent.length === 0;
    await tx
      .update(documents)
      .set({
        reviewedKey: REVIEWED_KEY,
        reviewedSha256: out.sha256,
        reviewedValidation: { ...validation, success: ok, activeContent: out.activeContent },
        regeneratedAt: now,
        reviewedCurrent: true,
        updatedAt: now,
      })
      .where(eq(documents.id, doc.id));
    const removedCount = loaded.set.entries.filter((e) => e.removed).length;
    const response: RegenerateResponse = {
      ok,
      validation: { ...validation, success: ok },
      sha256: out.sha256,
      regeneratedAt: now.toISOString(),
      linkCount: validation.links_created,
      removedCount,
      unresolved: loaded.unresolved,
      activeContent: out.activeContent,
    };
    await recordAudit(tx, user, 'regenerate', 'document', doc.id, { sha256: row.reviewedSha256, regeneratedAt: row.regeneratedAt }, {
      sha256: out.sha256,
      validation: response.validation,
      removedCount,
      unresolved: loaded.unresolved.length,
      activeContent: out.activeContent,
    });
    return response;
  });
  await notifyDocument(db, doc.id);
  return result;
}
