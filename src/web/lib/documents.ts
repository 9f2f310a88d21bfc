import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateDocumentBody } from '../../contract/documents.ts';
import { ApiRequestError, apiRequest, errorReason } from './api.ts';
import type { DocumentRecord } from './document-types.ts';
import { toast } from './toast-store.ts';

export function caseDocumentsKey(caseId: string) {
  return ['/api/cases', caseId, 'documents'] as const;
}

export function documentUrl(id: string): string {
  return `/api/documents/${encodeURIComponent(id)}`;
}

/** Whether a document is still moving through OCR, index detection or link building. */
export function isWorking(doc: DocumentRecord): boolean {
  if (doc.status === 'failed' || doc.status === 'awaiting-file') return false;
  const reading = doc.ocrStatus === 'pending' || doc.ocrStatus === 'queued' || doc.ocrStatus === 'processing';
  const linking = doc.aiProcessingStatus === 'queued' || doc.aiProcessingStatus === 'processing';
  // the text layer of a scan still being read in the background (links may already be there)
  const layering = doc.status === 'completed' && doc.textLayer.done < doc.textLayer.total;
  return reading || linking || layering || doc.index_status === 'pending';
}

/** The case's documents; re-read every 2 s while any of them is being processed (or its text layer read), so statuses move on their own. */
export function useCaseDocuments(caseId: string | null) {
  return useQuery<DocumentRecord[]>({
    queryKey: caseDocumentsKey(caseId ?? ''),
    queryFn: () => apiRequest<DocumentRecord[]>('GET', `/api/cases/${encodeURIComponent(caseId ?? '')}/documents`),
    enabled: Boolean(caseId),
    refetchInterval: (query) => (query.state.data?.some(isWorking) ? 2000 : false),
  });
}

/** Spec §8: 'Document Updated' / 'Update Failed'. */
export function useUpdateDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDocumentBody }) => apiRequest<DocumentRecord>('PATCH', documentUrl(id), body),
    onSuccess: async () => {
      toast({ title: 'Document Updated', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorReason(error), variant: 'destructive' }),
  });
}

/** The status part of 'Delete failed ({status or ERR}). Please retry.' */
export function deleteFailureText(error: unknown): string {
  const status = error instanceof ApiRequestError ? String(error.status) : 'ERR';
  return `Delete failed (${status}). Please retry.`;
}

/** Delete with an optimistic update: the row leaves the list at once and comes back if the server refuses (spec §4). */
export function useDeleteDocument(caseId: string) {
  const queryClient = useQueryClient();
  const key = caseDocumentsKey(caseId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', documentUrl(id)),
    // One attempt: a second delete after a refusal would only delay the rollback the person sees.
    retry: false,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DocumentRecord[]>(key);
      queryClient.setQueryData<DocumentRecord[]>(key, (docs) => docs?.filter((d) => d.id !== id));
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: 'Delete Failed', description: deleteFailureText(error), variant: 'destructive' });
    },
    onSuccess: () => toast({ title: 'Document Deleted', variant: 'success' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
