import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseRecord, CreateCaseBody, UpdateCaseBody } from '../../contract/cases.ts';
import { apiRequest, errorReason } from './api.ts';
import { toast } from './toast-store.ts';

export const CASES_KEY = ['/api/cases'] as const;
export const LAST_OPENED_CASE_KEY = 'lastOpenedCaseId';

export function useCases() {
  return useQuery<CaseRecord[]>({ queryKey: CASES_KEY });
}

export function useCase(id: string) {
  return useQuery<CaseRecord>({ queryKey: ['/api/cases', id] });
}

export function rememberOpenedCase(id: string): void {
  try {
    localStorage.setItem(LAST_OPENED_CASE_KEY, id);
  } catch {
    // storage unavailable (private mode): nothing to remember
  }
}

/** Spec §8 toasts: 'Case created successfully' / 'Failed to create case' with the server's reason. */
export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseBody) => apiRequest<CaseRecord>('POST', '/api/cases', body),
    onSuccess: async () => {
      toast({ title: 'Case created successfully', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: CASES_KEY });
    },
    onError: (error) => toast({ title: 'Failed to create case', description: errorReason(error), variant: 'destructive' }),
  });
}

export function useUpdateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCaseBody }) => apiRequest<CaseRecord>('PATCH', `/api/cases/${encodeURIComponent(id)}`, body),
    onSuccess: async (_data, { id }) => {
      toast({ title: 'Case updated successfully', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: CASES_KEY });
      await queryClient.invalidateQueries({ queryKey: ['/api/cases', id] });
    },
    onError: (error) => toast({ title: 'Failed to update case', description: errorReason(error), variant: 'destructive' }),
  });
}

export function useDeleteCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `/api/cases/${encodeURIComponent(id)}`),
    onSuccess: async (_data, id) => {
      toast({ title: 'Case deleted successfully', variant: 'success' });
      queryClient.removeQueries({ queryKey: ['/api/cases', id] });
      await queryClient.invalidateQueries({ queryKey: CASES_KEY });
    },
    onError: (error) => toast({ title: 'Failed to delete case', description: errorReason(error), variant: 'destructive' }),
  });
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat.format(d);
}
