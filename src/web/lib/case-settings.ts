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
    onMutate: (autoAdvance) => {
      // The box shows the new value at once: a case fetch in flight is dropped without waiting for it
      // (awaiting it left the box unchanged for a network round trip) and without reverting the cache,
      // which would undo the value set here.
      void queryClient.cancelQueries({ queryKey: key, exact: true }, { revert: false });
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
