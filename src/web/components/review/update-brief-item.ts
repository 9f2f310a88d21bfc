import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorReason } from '../../lib/api.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { caseDocumentsKey, documentUrl } from '../../lib/documents.ts';
import { auditKey, documentKey } from '../../lib/review.ts';
import { toast } from '../../lib/toast-store.ts';

/**
 * One reviewer change of an item the review lists beside the index links (a reference, an authority):
 * PATCH …/{list}/{id}, the list kept in step, a toast saying what was done (`done`), and the document, the
 * case's documents and the audit trail read again (approval may have been withdrawn).
 */
export function useUpdateBriefItem<T extends { id: string }, B>(doc: DocumentRecord, list: 'references' | 'authorities', key: readonly unknown[], title: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, body }: { item: T; body: B; done: string }) =>
      apiRequest<T>('PATCH', `${documentUrl(doc.id)}/${list}/${encodeURIComponent(item.id)}`, body),
    retry: false,
    onSuccess: (updated, { done }) => {
      queryClient.setQueryData<T[]>(key, (all) => all?.map((x) => (x.id === updated.id ? updated : x)));
      toast({ title, description: done, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: documentKey(doc.id) });
      void queryClient.invalidateQueries({ queryKey: caseDocumentsKey(doc.caseId) });
      void queryClient.invalidateQueries({ queryKey: auditKey(doc.id) });
    },
    onError: (error) => toast({ title: 'Update failed', description: errorReason(error), variant: 'destructive' }),
  });
}
