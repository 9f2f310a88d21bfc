import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginBody, RegisterBody } from '../../contract/auth.ts';
import { apiRequest } from './api.ts';
import { AUTH_USER_KEY } from './auth.ts';

/** Posts credentials to a local-account endpoint, then reloads the user and opens the app. */
export function useLocalAuth(path: '/api/auth/local/login' | '/api/auth/local/register') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: LoginBody | RegisterBody) => apiRequest<unknown>('POST', path, body),
    retry: false,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      await queryClient.refetchQueries({ queryKey: AUTH_USER_KEY });
      navigate('/', { replace: true });
    },
  });
}
