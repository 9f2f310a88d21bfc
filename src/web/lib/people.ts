import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedInvitation, InvitationBody, InvitationPreview, Member, MemberRoleBody, People } from '../../contract/people.ts';
import { apiRequest, errorReason } from './api.ts';
import { AUTH_USER_KEY } from './auth.ts';
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

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: MemberRoleBody['role'] }) =>
      apiRequest<Member>('PATCH', `/api/people/${encodeURIComponent(id)}`, { role }),
    onSuccess: async (member) => {
      toast({ title: member.role === 'admin' ? `${member.name} is now an administrator` : `${member.name} is now a member`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
    onError: (error) => toast({ title: 'Failed to change the role', description: errorReason(error), variant: 'destructive' }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) => apiRequest<null>('DELETE', `/api/people/${encodeURIComponent(member.id)}`),
    onSuccess: async (_data, member) => {
      toast({ title: `${member.name} was removed`, description: 'They are signed out everywhere.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
    onError: (error) => toast({ title: 'Failed to remove the member', description: errorReason(error), variant: 'destructive' }),
  });
}
