// The one rule of every call that builds a document's links again (DESIGN §7): relink, reindex, retry,
// reanalyze, index detection on new pages, process-hyperlinks, start-hyperlinking and the Hyperlinks
// overview's builds. On a reviewed document the call needs `confirm` (409 naming it otherwise); the
// approval is withdrawn in the very transaction that queues the rebuild, so no submission can be
// accepted in between; the rebuild keeps the reviewer's decisions that still hold (kept-decisions.ts).
// A trial record read again withdraws the approval of the briefs that point into it as well.
import { eq } from 'drizzle-orm';
import { recordAudit, type Actor, type Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import {
  markLinkingQueued,
  markNotLinkable,
  markProcessingQueued,
  sendLinking,
  sendProcessing,
  type JobSender,
  type LinkingQueued,
} from '../documents/processing-state.ts';
import { withdrawBriefApprovals } from '../documents/record-pairing.ts';
import { AppError } from '../errors.ts';
import { CONFIRM_MESSAGE, isReviewed, withdrawApproval, WITHDRAW_REASONS } from './approval-state.ts';

export interface Rebuild {
  /** 'links': from the text and index already read; 'read': the file is read and its index detected again first. */
  from: 'links' | 'read';
  /** The request's `confirm`: needed when the document has been reviewed. */
  confirm: boolean | undefined;
  /** Why an approval is withdrawn (WITHDRAW_REASONS). */
  reason: string;
  /** The audit trail's name of the call. */
  action: string;
  /** After a reading, whether the links are built again: by default when the document had asked for links. */
  relinkAfterRead?: boolean;
  /** Further changes of the same transaction (index pages set by hand), with what the audit entry records of them. */
  also?: (tx: Tx) => Promise<Record<string, unknown> | void>;
}

/** 409 naming `confirm` when one of the documents has been reviewed and the request did not confirm: none is queued then. */
export async function requireConfirmForAll(db: Db, documentIds: string[], confirm: boolean | undefined): Promise<void> {
  if (confirm === true) return;
  for (const id of documentIds) {
    if (await isReviewed(db, id)) throw new AppError('conflict', CONFIRM_MESSAGE, 'confirm');
  }
}

/**
 * Queues the rebuild of one document's links under the rule above. Returns false when its links cannot
 * be built (its index was never detected; the document says so) and nothing was queued.
 */
export async function rebuildLinks(deps: { db: Db; send: JobSender }, actor: Actor | null, documentId: string, r: Rebuild): Promise<boolean> {
  const { db, send } = deps;
  const queued = await db.transaction(async (tx) => {
    // locked: an approval (or another rebuild) of this document waits for this one, or this one for it
    const [doc] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
    if (!doc) throw new AppError('not_found', 'Document not found');
    if (r.confirm !== true && (await isReviewed(tx, documentId))) throw new AppError('conflict', CONFIRM_MESSAGE, 'confirm');
    const changed = (await r.also?.(tx)) ?? {};
    const process = r.from === 'read' ? await markProcessingQueued(tx, documentId) : null;
    const wantLinks = r.from === 'links' || (r.relinkAfterRead ?? doc.aiProcessingStatus !== 'none');
    const link: LinkingQueued | null = wantLinks ? await markLinkingQueued(tx, documentId) : null;
    if (process === null && !link) return { process, link, wantLinks };
    await withdrawApproval(tx, actor, documentId, r.reason);
    // a trial record read again: what the briefs pointing into it were approved with is gone
    if (process !== null && doc.kind === 'record') await withdrawBriefApprovals(tx, actor, documentId, WITHDRAW_REASONS.recordRead);
    await recordAudit(
      tx,
      actor,
      r.action,
      'document',
      documentId,
      { status: doc.status, aiProcessingStatus: doc.aiProcessingStatus, reviewStatus: doc.reviewStatus },
      { ...(process !== null ? { status: 'queued' } : {}), ...(link ? { aiProcessingStatus: 'queued' } : {}), ...changed },
    );
    return { process, link, wantLinks };
  });
  // the jobs go once the transaction is committed: a job that ran before would find its run not yet current
  if (queued.process !== null) await sendProcessing(db, send, documentId, queued.process);
  if (queued.link && queued.process === null) await sendLinking(db, send, documentId, queued.link);
  if (queued.wantLinks && !queued.link) await markNotLinkable(db, documentId);
  return !!queued.link || (queued.process !== null && !queued.wantLinks);
}

