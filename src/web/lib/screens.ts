/**
 * Reads of the screens that span documents (spec §2): the review queue, one document with its links
 * (index viewer, case workspace), a case's briefs and its detection diagnostics. Each is read afresh when
 * its screen opens (nothing kept once the screen is left), since reviews elsewhere change them.
 */
import { useQuery } from '@tanstack/react-query';
import type { CaseDiagnostics, LinkedDocument, ReviewQueueRow, WorkspaceBriefs } from '../../contract/screens.ts';
import type { LinkRecord } from './document-types.ts';

export type { CaseDiagnostics, LinkedDocument, ReviewQueueRow, WorkspaceBriefs };

const fresh = { gcTime: 0 } as const;

export function useReviewQueue() {
  return useQuery<ReviewQueueRow[]>({ queryKey: ['/api/review-queue'], ...fresh });
}

/** A document named by id or by its file name as uploaded (the index viewer's `{filename}`). */
export function useLinkedDocument(filename: string) {
  return useQuery<LinkedDocument>({ queryKey: ['/api/linked-documents', encodeURIComponent(filename)], enabled: Boolean(filename), ...fresh });
}

export function useCaseBriefs(caseId: string) {
  return useQuery<WorkspaceBriefs>({ queryKey: ['/api/cases', caseId, 'workspace'], enabled: Boolean(caseId), ...fresh });
}

export function useCaseDiagnostics(caseId: string) {
  return useQuery<CaseDiagnostics>({ queryKey: ['/api/cases', caseId, 'diagnostics'], enabled: Boolean(caseId), ...fresh });
}

/** Where a link lands: in the trial record the brief is paired with, or in the brief itself. */
export function destinationDocId(link: Pick<LinkRecord, 'target'>, data: Pick<LinkedDocument, 'document' | 'record'>): string {
  return link.target === 'record' && data.record ? data.record.id : data.document.id;
}
