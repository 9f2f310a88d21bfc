import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedInvitation, InvitationBody, InvitationPreview, People } from '../../contract/people.ts';
import { apiRequest, errorReason } from './api.ts';
import { toast } from './toast-store.ts';

export const PEOPLE_KEY = ['/api/people'] as const;

export function usePeople() {
  return useQuery<People>({ queryKey: PEOPLE_KEY });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) => apiRequest<CreatedInvitation>('POST', '/api/invitations', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
    },
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `/api/invitations/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Invitation revoked', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
    },
    onError: (error) => toast({ title: 'Failed to revoke the invitation', description: errorReason(error), variant: 'destructive' }),
  });
}

/** What the sign-up screen shows for an invitation link; null without a token. */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['/api/auth/invitation', token],
    queryFn: () => apiRequest<InvitationPreview>('GET', `/api/auth/invitation?token=${encodeURIComponent(token ?? '')}`),
    enabled: Boolean(token),
    retry: false,
  });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
