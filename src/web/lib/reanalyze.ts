/** Index pages set by hand and detection run again with them (spec §5, /cases/{caseId}/reanalyze). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorReason } from './api.ts';
import type { DocumentRecord } from './document-types.ts';
import { caseDocumentsKey, documentUrl } from './documents.ts';
import { needsConfirm } from './review.ts';
import { toast } from './toast-store.ts';

/** Free text such as '2,3,4' or '2-5' (the contract's rule, checked here first so the person sees it at once). */
export const INDEX_PAGES_PATTERN = /^\d+(\s*[-–]\s*\d+)?(\s*,\s*\d+(\s*[-–]\s*\d+)?)*$/;

export function indexPagesError(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  return INDEX_PAGES_PATTERN.test(t) ? null : 'Index pages look like 2,3,4 or 2-5';
}

/** POST /api/documents/{id}/reanalyze: new index pages (null = detect them), then detection and links again. */
export function useReanalyzeDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, indexPages, confirm }: { id: string; indexPages: string | null; confirm?: boolean }) =>
      apiRequest<DocumentRecord>('POST', `${documentUrl(id)}/reanalyze`, { indexPages, ...(confirm ? { confirm: true } : {}) }),
    retry: false,
    onSuccess: async (_doc, { indexPages }) => {
      toast({
        title: 'Index Detection',
        description: indexPages ? `Detecting the index again on pages ${indexPages}...` : 'Detecting the index again...',
      });
      await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => {
      // A reviewed document: the caller asks the person and sends again with the confirmation.
      if (!needsConfirm(error)) toast({ title: 'Detection Error', description: errorReason(error), variant: 'destructive' });
    },
  });
}
