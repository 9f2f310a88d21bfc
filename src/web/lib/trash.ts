import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Trash } from '../../contract/cases.ts';
import { apiRequest, errorReason } from './api.ts';
import { CASES_KEY } from './cases.ts';
import { toast } from './toast-store.ts';

export const TRASH_KEY = ['/api/trash'] as const;

export function useTrash() {
  return useQuery<Trash>({ queryKey: TRASH_KEY });
}

export function useRestoreCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('POST', `/api/trash/${encodeURIComponent(id)}/restore`),
    onSuccess: async () => {
      toast({ title: 'Case restored', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: TRASH_KEY });
      await queryClient.invalidateQueries({ queryKey: CASES_KEY });
    },
    onError: (error) => toast({ title: 'Failed to restore the case', description: errorReason(error), variant: 'destructive' }),
  });
}

export function useDeleteCaseNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `/api/trash/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Case deleted for good', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: TRASH_KEY });
    },
    onError: (error) => toast({ title: 'Failed to delete the case', description: errorReason(error), variant: 'destructive' }),
  });
}
