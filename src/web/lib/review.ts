/**
 * Reads and changes of the review screens (spec §2, §7, §8; DESIGN §7): a document's links and page
 * images, link decisions, Regenerate PDF, approve or reject, the audit trail and court submission.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  CourtInfo,
  RegenerateResponse,
  ReanalyzeCaseResponse,
  SubmissionRecord,
  SubmitToCourtResponse,
} from '../../contract/review.ts';
import type { UpdateLinkBody } from '../../contract/documents.ts';
import type { PageLabels } from '../../contract/screens.ts';
import { ApiRequestError, apiRequest, errorReason } from './api.ts';
import type { DocumentRecord, LinkRecord } from './document-types.ts';
import { caseDocumentsKey, documentUrl } from './documents.ts';
import { toast } from './toast-store.ts';

export type { AuditEntry, CourtInfo, RegenerateResponse, SubmissionRecord };

export const documentKey = (id: string) => ['/api/documents', id] as const;
export const documentLinksKey = (id: string) => ['/api/documents', id, 'links'] as const;
export const caseLinksKey = (caseId: string) => ['/api/cases', caseId, 'links'] as const;
export const auditKey = (id: string) => ['/api/documents', id, 'audit'] as const;
export const submissionsKey = (caseId: string) => ['/api/cases', caseId, 'submissions'] as const;

export interface PageInfo {
  page: number;
  pageCount: number;
  /** PDF points, as shown. */
  width: number;
  height: number;
}

export function useDocument(id: string) {
  return useQuery<DocumentRecord>({ queryKey: documentKey(id), enabled: Boolean(id) });
}

/** `enabled` false: not fetched (yet); what is cached is still given. */
export function useDocumentLinks(id: string, enabled = true) {
  return useQuery<LinkRecord[]>({ queryKey: documentLinksKey(id), enabled: Boolean(id) && enabled });
}

/** The printed page number each index item gives (its page reference), by index item id. */
export function usePrintedPages(docId: string): Map<string, string> {
  const items = useQuery<{ id: string; pageRef: string | null }[]>({ queryKey: ['/api/documents', docId, 'index-items'], enabled: Boolean(docId) });
  const map = new Map<string, string>();
  for (const item of items.data ?? []) if (item.pageRef) map.set(item.id, item.pageRef);
  return map;
}

/** The number printed on each page of a document (and of its trial record), as its link build read them. */
export function usePageLabels(docId: string) {
  return useQuery<PageLabels>({ queryKey: ['/api/documents', docId, 'page-labels'], enabled: Boolean(docId) });
}

export function useCaseLinks(caseId: string) {
  return useQuery<LinkRecord[]>({ queryKey: caseLinksKey(caseId), enabled: Boolean(caseId) });
}

export function useAudit(id: string, enabled: boolean) {
  return useQuery<AuditEntry[]>({ queryKey: auditKey(id), enabled: Boolean(id) && enabled });
}

export function useSubmissions(caseId: string | null) {
  return useQuery<SubmissionRecord[]>({ queryKey: submissionsKey(caseId ?? ''), enabled: Boolean(caseId) });
}

export const pageInfoKey = (docId: string, page: number) => ['/api/documents', docId, 'pages', page, 'info'] as const;

/** Page size of one page, so link boxes (PDF points) can be drawn over its image. */
export function usePageInfo(docId: string, page: number) {
  return useQuery<PageInfo>({
    queryKey: pageInfoKey(docId, page),
    enabled: Boolean(docId) && page >= 1,
    staleTime: 60_000,
  });
}

/** URL of a page image; `version` changes with the document's file so an old image is never shown. */
export function pageImageUrl(docId: string, page: number, width: number, version: string): string {
  const v = encodeURIComponent(version);
  return `${documentUrl(docId)}/pages/${page}/image?width=${Math.round(width)}&v=${v}`;
}

/** A stamp of the document's current PDF, so a viewer asks for new images after a change. */
export function fileVersion(doc: Pick<DocumentRecord, 'regeneratedAt' | 'hasOutput' | 'index_detected_at' | 'uploadedAt'>): string {
  return [doc.regeneratedAt ?? '', doc.hasOutput ? 'o' : 's', doc.index_detected_at ?? '', doc.uploadedAt].join('|');
}

/** Everything that shows a document's review state reads again after a change. */
async function refreshDocument(queryClient: QueryClient, doc: Pick<DocumentRecord, 'id' | 'caseId'>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKey(doc.id) }),
    queryClient.invalidateQueries({ queryKey: caseDocumentsKey(doc.caseId) }),
    queryClient.invalidateQueries({ queryKey: caseLinksKey(doc.caseId) }),
    queryClient.invalidateQueries({ queryKey: auditKey(doc.id) }),
  ]);
}

export type LinkChange = { link: LinkRecord; body: UpdateLinkBody; done: string };

/** Confirm, remove or set the target page of a link: 'Hyperlink Updated' (spec §8). */
export function useUpdateLink(doc: Pick<DocumentRecord, 'id' | 'caseId'>) {
  const queryClient = useQueryClient();
  const key = documentLinksKey(doc.id);
  return useMutation({
    mutationFn: ({ link, body }: LinkChange) => apiRequest<LinkRecord>('PUT', `/api/links/${encodeURIComponent(link.id)}`, body),
    retry: false,
    // Not awaited: the reviewer may decide on the next link while the counts elsewhere are read again.
    onSuccess: (updated, { done }) => {
      queryClient.setQueryData<LinkRecord[]>(key, (links) => links?.map((l) => (l.id === updated.id ? updated : l)));
      toast({ title: 'Hyperlink Updated', description: done, variant: 'success' });
      void refreshDocument(queryClient, doc);
    },
    onError: (error) => toast({ title: 'Update failed', description: errorReason(error) || 'Failed to update link', variant: 'destructive' }),
  });
}

/** Regenerate PDF: 'PDF Regenerated' with the validation, or the reason it failed. */
export function useRegenerate(doc: Pick<DocumentRecord, 'id' | 'caseId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RegenerateResponse>('POST', `${documentUrl(doc.id)}/regenerate`),
    retry: false,
    onSuccess: async (r) => {
      const v = r.validation;
      const unresolved = r.unresolved.length ? ` ${r.unresolved.length} without a destination must be set or removed before approval.` : '';
      toast({
        title: 'PDF Regenerated',
        description: `${r.linkCount} links written, ${v.broken_links} broken, ${r.removedCount} removed.${unresolved}`,
        variant: r.ok ? 'success' : 'destructive',
      });
      await refreshDocument(queryClient, doc);
      await queryClient.invalidateQueries({ queryKey: ['/api/documents', doc.id, 'pages'] });
    },
    onError: (error) => toast({ title: 'Regeneration Failed', description: errorReason(error), variant: 'destructive' }),
  });
}

/** Approve or reject with the reviewer's name: 'Document Reviewed' (spec §5, §8). */
export function useReviewDocument(doc: Pick<DocumentRecord, 'id' | 'caseId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { approved: boolean; reviewerName: string; reason?: string; unreviewedAccepted?: number }) =>
      apiRequest<DocumentRecord>('POST', `${documentUrl(doc.id)}/review`, body),
    retry: false,
    onSuccess: async (updated, body) => {
      toast({
        title: 'Document Reviewed',
        description: body.approved ? `Approved by ${updated.reviewedBy ?? body.reviewerName}.` : `Rejected by ${updated.reviewedBy ?? body.reviewerName}.`,
        variant: 'success',
      });
      queryClient.setQueryData(documentKey(doc.id), updated);
      await refreshDocument(queryClient, doc);
    },
    onError: (error) => toast({ title: 'Review Failed', description: errorReason(error), variant: 'destructive' }),
  });
}

/** POST /api/documents/submit-to-court: 'Submitted to Court!' (spec §8). */
export function useSubmitToCourt(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { documentIds: string[]; courtInfo: CourtInfo }) => apiRequest<SubmitToCourtResponse>('POST', '/api/documents/submit-to-court', body),
    retry: false,
    onSuccess: async (r) => {
      toast({ title: 'Submitted to Court!', description: `${r.submissions.length} document(s) filed with their hyperlink report.`, variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) }),
        queryClient.invalidateQueries({ queryKey: submissionsKey(caseId) }),
        queryClient.invalidateQueries({ queryKey: ['/api/documents'] }),
      ]);
    },
    onError: (error) => toast({ title: 'Submission Failed', description: errorReason(error), variant: 'destructive' }),
  });
}

/** A 409 asking to confirm before undoing a review (relink, reupload, reanalyze of a reviewed document). */
export function needsConfirm(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409 && error.field === 'confirm';
}

/** POST /api/cases/{caseId}/reanalyze: detection again with the index pages set by hand, then links. */
export function useReanalyzeCase(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { documentIds?: string[]; confirm?: boolean }) =>
      apiRequest<ReanalyzeCaseResponse>('POST', `/api/cases/${encodeURIComponent(caseId)}/reanalyze`, body),
    retry: false,
    onSuccess: async (r) => {
      toast({ title: 'Index Detection', description: `Detecting the index again in ${r.queued.length} document(s)...` });
      await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => {
      if (!needsConfirm(error)) toast({ title: 'Detection Error', description: errorReason(error), variant: 'destructive' });
    },
  });
}
