import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../contract/auth.ts';
import { apiRequest } from './api.ts';
import { AUTH_USER_KEY } from './auth.ts';
import { toast } from './toast-store.ts';

/** Changes the signed-in person's password; every other device is signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest<null>('POST', '/api/account/password', body),
    retry: false,
    onSuccess: () => toast({ title: 'Password changed', description: 'You stay signed in here; every other device is signed out.', variant: 'success' }),
  });
}

/** Ends every session of the signed-in person, this one included. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('POST', '/api/account/sign-out-everywhere'),
    retry: false,
    onSuccess: async () => {
      queryClient.setQueryData(AUTH_USER_KEY, null);
      window.location.assign('/');
    },
  });
}
