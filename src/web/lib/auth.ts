import { useQuery } from '@tanstack/react-query';
import type { AuthConfig, User } from '../../contract/auth.ts';
import { apiRequest, getOrNullOn401 } from './api.ts';
import { AUTH_USER_KEY } from './query-client.ts';

export { AUTH_USER_KEY };
export const AUTH_CONFIG_KEY = ['/api/auth/config'] as const;

/** The signed-in user, or null when signed out (a 401 is an answer, not an error; never retried). */
export function useAuth() {
  const query = useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: () => getOrNullOn401<User>('/api/auth/user'),
    retry: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
  };
}

/** Public settings the screens show: sign-in mode, upload limit, retention days, public host. */
export function useAuthConfig() {
  return useQuery({
    queryKey: AUTH_CONFIG_KEY,
    queryFn: () => apiRequest<AuthConfig>('GET', '/api/auth/config'),
  });
}

/** Whether this page is served on the production public host (spec §2 route sets). */
export function isPublicHost(config: AuthConfig | undefined, hostname: string): boolean {
  const publicHost = config?.publicHost?.trim().toLowerCase();
  if (!publicHost) return false;
  return publicHost === hostname.toLowerCase() || publicHost.split(':')[0] === hostname.toLowerCase();
}

/**
 * Where 'Sign In' goes: relative /api/login, except on the production public host, where it goes to the
 * app's own address (APP_URL) when the server names one (spec §2).
 */
export function loginHref(config: AuthConfig | undefined, hostname: string): string {
  const appUrl = config?.appUrl?.trim();
  if (appUrl && isPublicHost(config, hostname)) return new URL('/api/login', appUrl).href;
  return '/api/login';
}

export function useLoginHref(): string {
  const config = useAuthConfig();
  return loginHref(config.data, window.location.hostname);
}
