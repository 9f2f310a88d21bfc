// A case's workflow progress as the server records it (spec §3 "Workflow progress", §4): each step that
// has started, with its count and when it was completed. The sidebar shows it when the case's
// Auto-advance is off; a step with nothing recorded is left out.
import { eq } from 'drizzle-orm';
import type { WorkflowProgress, WorkflowProgressStep } from '../../contract/cases.ts';
import type { Db } from '../db/client.ts';
import { cases, documents } from '../db/schema.ts';
import { AppError } from '../errors.ts';

type Doc = typeof documents.$inferSelect;

const latest = (dates: Array<Date | null>): string | null => {
  const ms = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return ms.length ? new Date(Math.max(...ms)).toISOString() : null;
};

const reading = (d: Doc) => ['pending', 'queued', 'processing'].includes(d.ocrStatus) && d.status !== 'awaiting-file' && d.status !== 'failed';
const linked = (d: Doc) => d.aiProcessingStatus === 'completed' && d.hasLinks;
const approved = (d: Doc) => d.lawyerReviewed && d.reviewStatus === 'approved';

export function progressOf(caseCreatedAt: Date, docs: Doc[]): WorkflowProgress {
  const steps: WorkflowProgressStep[] = [{ id: 1, status: 'done', total: 1, done: 1, completedAt: caseCreatedAt.toISOString() }];
  if (docs.length) steps.push({ id: 2, status: 'done', total: docs.length, done: docs.length, completedAt: latest(docs.map((d) => d.uploadedAt)) });

  const pages = docs.reduce((n, d) => n + (d.ocrTotal || d.pageCount || 0), 0);
  const pagesRead = docs.reduce((n, d) => n + (d.ocrStatus === 'completed' ? d.ocrTotal || d.pageCount || 0 : Math.min(d.ocrDone, d.ocrTotal)), 0);
  const ocrDone = docs.filter((d) => d.ocrStatus === 'completed' || d.status === 'completed');
  if (docs.some(reading)) steps.push({ id: 3, status: 'in_progress', total: pages, done: pagesRead, completedAt: null });
  else if (ocrDone.length) steps.push({ id: 3, status: 'done', total: pages, done: pagesRead, completedAt: latest(ocrDone.map((d) => d.indexDetectedAt)) });
  else if (docs.length && docs.every((d) => d.ocrStatus === 'failed')) steps.push({ id: 3, status: 'error', total: pages, done: pagesRead, completedAt: null });

  const withLinks = docs.filter(linked);
  const linking = docs.filter((d) => d.aiProcessingStatus === 'queued' || d.aiProcessingStatus === 'processing');
  const asked = docs.filter((d) => d.aiProcessingStatus !== 'none');
  if (linking.length) steps.push({ id: 4, status: 'in_progress', total: asked.length, done: withLinks.length, completedAt: null });
  else if (withLinks.length) steps.push({ id: 4, status: 'done', total: asked.length, done: withLinks.length, completedAt: null });
  else if (asked.length && asked.every((d) => d.aiProcessingStatus === 'failed')) steps.push({ id: 4, status: 'error', total: asked.length, done: 0, completedAt: null });

  const reviewed = docs.filter((d) => approved(d) || d.courtSubmitted);
  const awaitingReview = withLinks.filter((d) => !approved(d) && !d.courtSubmitted);
  const reviewStarted = awaitingReview.some((d) => d.regeneratedAt !== null || d.reviewStatus !== null);
  if (reviewed.length && !awaitingReview.length) {
    steps.push({ id: 5, status: 'done', total: withLinks.length, done: reviewed.length, completedAt: latest(reviewed.map((d) => d.reviewedAt)) });
  } else if (reviewStarted) {
    steps.push({ id: 5, status: 'in_progress', total: withLinks.length, done: reviewed.length, completedAt: null });
  }

  const submitted = docs.filter((d) => d.courtSubmitted);
  const awaitingSubmission = docs.filter((d) => approved(d) && !d.courtSubmitted);
  if (submitted.length && !awaitingSubmission.length && !awaitingReview.length) {
    steps.push({ id: 6, status: 'done', total: submitted.length, done: submitted.length, completedAt: latest(submitted.map((d) => d.courtSubmittedAt)) });
  }
  return { steps };
}

export async function caseProgress(db: Db, caseId: string): Promise<WorkflowProgress> {
  const [c] = await db.select({ createdAt: cases.createdAt }).from(cases).where(eq(cases.id, caseId));
  if (!c) throw new AppError('not_found', 'Case not found');
  return progressOf(c.createdAt, await db.select().from(documents).where(eq(documents.caseId, caseId)));
}
