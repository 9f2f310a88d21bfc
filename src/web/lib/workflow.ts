/**
 * The workflow sidebar's rules (spec §4): which step the path is on, and each step's status.
 * Pure functions, so the rules are tested without a browser.
 */
import type { DocumentRecord } from './document-types.ts';

export type StepStatus = 'done' | 'in_progress' | 'blocked' | 'error';
export type StepId = 1 | 2 | 3 | 4 | 5 | 6;

export const WORKFLOW_STEPS: readonly { id: StepId; name: string }[] = [
  { id: 1, name: 'Create Case' },
  { id: 2, name: 'Upload Documents' },
  { id: 3, name: 'OCR Processing' },
  { id: 4, name: 'AI Hyperlinking' },
  { id: 5, name: 'Lawyer Review' },
  { id: 6, name: 'Court Submit' },
];

/** A step as the server records it, when it does (spec §3 "Workflow progress"). */
export interface ServerStep {
  id: number;
  status: StepStatus;
  total?: number | null;
  done?: number | null;
  completedAt?: string | null;
}

/** What the steps are decided from; the review fields are optional so a document before review still counts. */
type DocFacts = Pick<DocumentRecord, 'ocrStatus' | 'status'> &
  Partial<Pick<DocumentRecord, 'aiProcessingStatus' | 'has_links' | 'lawyerReviewed' | 'reviewStatus' | 'courtSubmitted'>>;

/** Links built for the document (spec §4 'AI complete'). */
export function hasLinks(doc: DocFacts): boolean {
  return doc.aiProcessingStatus === 'completed' && doc.has_links === true;
}

export function isApprovedDoc(doc: DocFacts): boolean {
  return doc.lawyerReviewed === true && doc.reviewStatus === 'approved';
}

export function isOcrCompleted(doc: DocFacts): boolean {
  return doc.ocrStatus === 'completed' || doc.status === 'completed';
}

/** Current step from the path: case-management 1, ocr 3, hyperlinks 4, review 5, instant/court-ready 6, the case 2 or 3. */
export function currentStepFromPath(pathname: string, documents: readonly DocFacts[]): StepId {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'case-management') return 1;
  if (parts.includes('ocr')) return 3;
  if (parts.includes('hyperlinks') || parts[0] === 'links') return 4;
  if (parts.includes('review')) return 5;
  if (parts[0] === 'instant' || parts[0] === 'court-ready') return 6;
  if (parts[0] === 'cases' && parts.length === 2) return documents.some(isOcrCompleted) ? 3 : 2;
  return 1;
}

export function stepStatuses(input: {
  autoAdvance: boolean;
  current: StepId;
  documents: readonly DocFacts[];
  serverSteps?: readonly ServerStep[] | null;
}): Record<StepId, StepStatus> {
  const { autoAdvance, current, documents } = input;
  const result = {} as Record<StepId, StepStatus>;
  if (!autoAdvance) {
    for (const { id } of WORKFLOW_STEPS) {
      const fromServer = input.serverSteps?.find((s) => s.id === id)?.status;
      result[id] = fromServer ?? (id === current ? 'in_progress' : 'blocked');
    }
    return result;
  }
  const hasDocs = documents.length > 0;
  const ocrDone = documents.some(isOcrCompleted);
  const allFailed = hasDocs && documents.every((d) => d.ocrStatus === 'failed');
  result[1] = 'done';
  result[2] = hasDocs ? 'done' : current === 2 ? 'in_progress' : 'blocked';
  result[3] = ocrDone ? 'done' : allFailed ? 'error' : hasDocs ? 'in_progress' : 'blocked';
  // Steps 4 to 6 follow the documents' own stages (DESIGN §7): a step is done only when what it stands
  // for is true of the case, and a step whose work can start is open (in progress), never 'blocked'.
  const linked = documents.filter(hasLinks);
  const linking = documents.some((d) => d.aiProcessingStatus === 'queued' || d.aiProcessingStatus === 'processing');
  const approved = documents.filter(isApprovedDoc);
  const submitted = documents.filter((d) => d.courtSubmitted === true);
  result[4] = linked.length > 0 && !linking ? 'done' : linking || (ocrDone && current === 4) ? 'in_progress' : 'blocked';
  const awaitingReview = linked.filter((d) => !isApprovedDoc(d) && d.courtSubmitted !== true);
  result[5] =
    approved.length + submitted.length > 0 && awaitingReview.length === 0
      ? 'done'
      : linked.length > 0 || current === 5
        ? 'in_progress'
        : 'blocked';
  const awaitingSubmission = approved.filter((d) => d.courtSubmitted !== true);
  result[6] =
    submitted.length > 0 && awaitingSubmission.length === 0 && awaitingReview.length === 0
      ? 'done'
      : awaitingSubmission.length > 0 || submitted.length > 0 || current === 6
        ? 'in_progress'
        : 'blocked';
  return result;
}

/** Where a step's button goes for a case. */
export function stepRoute(id: StepId, caseId: string | null): string {
  const c = caseId ? `/cases/${encodeURIComponent(caseId)}` : null;
  switch (id) {
    case 1:
      return '/case-management';
    case 2:
      return c ?? '/case-management';
    case 3:
      return c ? `${c}/ocr` : '/ocr';
    case 4:
      return c ? `${c}#case-documents` : '/case-management';
    case 5:
      return c ? `${c}/review` : '/case-management';
    case 6:
      return '/court-ready';
  }
}
