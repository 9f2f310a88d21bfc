/**
 * The workflow sidebar's rules (spec §4): each step's status and the current step, decided from the case's
 * documents alone, so every screen that shows the sidebar tells the same story. Pure functions, tested
 * without a browser.
 */
import type { DocumentRecord } from './document-types.ts';

/**
 * done: nothing left to do in the step; in_progress: the server is working on it (a spinner);
 * ready: it can be done now and waits for the person; blocked: not available yet; error: it failed.
 */
export type StepStatus = 'done' | 'in_progress' | 'ready' | 'blocked' | 'error';
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
export type DocFacts = Pick<DocumentRecord, 'ocrStatus' | 'status'> &
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

function readingFailed(doc: DocFacts): boolean {
  return !isOcrCompleted(doc) && (doc.ocrStatus === 'failed' || doc.status === 'failed');
}

/** The step a screen belongs to: case-management 1, ocr 3, hyperlinks 4, review 5, instant/court-ready 6, the case 2 or 3. */
export function currentStepFromPath(pathname: string, documents: readonly DocFacts[]): StepId {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'case-management') return 1;
  if (parts.includes('ocr')) return 3;
  if (parts.includes('hyperlinks') || parts[0] === 'links') return 4;
  if (parts.includes('review') || parts.includes('workspace')) return 5;
  if (parts[0] === 'instant' || parts[0] === 'court-ready') return 6;
  if (parts[0] === 'cases' && parts.length === 2) return documents.some(isOcrCompleted) ? 3 : 2;
  return 1;
}

/** Each step's status from the case's documents (a document still waiting for its file does not count). */
export function caseStepStatuses(documents: readonly DocFacts[]): Record<StepId, StepStatus> {
  const docs = documents.filter((d) => d.status !== 'awaiting-file');
  const reading = docs.filter((d) => !isOcrCompleted(d) && !readingFailed(d));
  const read = docs.filter(isOcrCompleted);
  const linking = read.filter((d) => d.aiProcessingStatus === 'queued' || d.aiProcessingStatus === 'processing');
  const reviewed = docs.filter((d) => isApprovedDoc(d) || d.courtSubmitted === true);
  // links built, or none found (no index: its pages are set by hand in Review), and not yet approved
  const toReview = read.filter((d) => d.aiProcessingStatus === 'completed' && !isApprovedDoc(d) && d.courtSubmitted !== true);
  const toFile = docs.filter((d) => isApprovedDoc(d) && d.courtSubmitted !== true);
  const filed = docs.filter((d) => d.courtSubmitted === true);

  const step4: StepStatus =
    read.length === 0
      ? 'blocked'
      : linking.length > 0
        ? 'in_progress'
        : read.some((d) => d.aiProcessingStatus === 'failed')
          ? 'error'
          : read.some((d) => !d.aiProcessingStatus || d.aiProcessingStatus === 'none')
            ? 'ready'
            : 'done';
  return {
    1: 'done',
    2: docs.length > 0 ? 'done' : 'ready',
    3: docs.length === 0 ? 'blocked' : reading.length > 0 ? 'in_progress' : read.length > 0 ? 'done' : 'error',
    4: step4,
    5: toReview.length > 0 ? 'ready' : reviewed.length > 0 ? 'done' : 'blocked',
    6: toFile.length > 0 ? 'ready' : filed.length > 0 ? 'done' : 'blocked',
  };
}

/** The current step: the first one with something left to do (the last when every step is done). */
export function currentStep(statuses: Record<StepId, StepStatus>): StepId {
  return WORKFLOW_STEPS.find((s) => statuses[s.id] !== 'done')?.id ?? 6;
}

export interface WorkflowView {
  /** The step the case is on: the one highlighted. */
  current: StepId;
  statuses: Record<StepId, StepStatus>;
  /** The step of the screen being shown (its button does not lead anywhere new). */
  screen: StepId;
}

/**
 * The one source of truth for the sidebar. With Auto-advance on (the default) the current step moves
 * with the documents; with it off the person moves through the steps (the current step is the screen's)
 * and the statuses are the server's record of the case (spec §4), the screen's step in progress when
 * nothing is recorded for it. Without a case only step 1 can be done.
 */
export function workflowView(input: {
  hasCase: boolean;
  autoAdvance: boolean;
  pathname: string;
  documents: readonly DocFacts[];
  serverSteps?: readonly ServerStep[] | null;
}): WorkflowView {
  const screen = currentStepFromPath(input.pathname, input.documents);
  if (!input.hasCase) {
    return { current: 1, screen, statuses: { 1: 'ready', 2: 'blocked', 3: 'blocked', 4: 'blocked', 5: 'blocked', 6: 'blocked' } };
  }
  if (input.autoAdvance) {
    const statuses = caseStepStatuses(input.documents);
    return { current: currentStep(statuses), screen, statuses };
  }
  const statuses = {} as Record<StepId, StepStatus>;
  for (const { id } of WORKFLOW_STEPS) {
    const fromServer = input.serverSteps?.find((s) => s.id === id)?.status;
    statuses[id] = fromServer ?? (id === screen ? 'in_progress' : 'blocked');
  }
  return { current: screen, screen, statuses };
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

/**
 * The case a screen shows, and so the case the sidebar follows: the one in the path, else the one the
 * screen was asked for (`?case=`, Court Submit's choice), else the last opened one, else the first of
 * the list. An id no longer in the list (a deleted case) is passed over; null when there is no case.
 */
export function shownCaseId(input: { pathname: string; requested: string | null; lastOpened: string | null; caseIds: readonly string[] | null }): string | null {
  const m = /^\/cases\/([^/]+)/.exec(input.pathname);
  if (m) return decodeURIComponent(m[1]!);
  const ids = input.caseIds;
  const known = (id: string | null) => (id && (!ids || ids.includes(id)) ? id : null);
  return known(input.requested) ?? known(input.lastOpened) ?? ids?.[0] ?? null;
}
