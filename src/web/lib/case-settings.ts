import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseRecord } from '../../contract/cases.ts';
import { apiRequest, errorReason } from './api.ts';
import { toast } from './toast-store.ts';

/** The case's 'Auto-advance steps' setting, saved with PATCH and shown at once (spec §2, §3). */
export function useSetAutoAdvance(caseId: string) {
  const queryClient = useQueryClient();
  const key = ['/api/cases', caseId];
  return useMutation({
    mutationFn: (autoAdvance: boolean) => apiRequest<CaseRecord>('PATCH', `/api/cases/${encodeURIComponent(caseId)}`, { autoAdvance }),
    onMutate: async (autoAdvance) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<CaseRecord>(key);
      if (previous) queryClient.setQueryData<CaseRecord>(key, { ...previous, autoAdvance });
      return { previous };
    },
    onError: (error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: 'Failed to update case', description: errorReason(error), variant: 'destructive' });
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
