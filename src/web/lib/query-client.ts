import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from './api.ts';

/**
 * Spec §9: queries retry up to 2 times, mutations once, never on 401/403/429. No other client error
 * (4xx) is retried either: a validation error or a duplicate case number cannot succeed on a second try,
 * and repeating it would only delay the message the person needs to see.
 */
export function retryPolicy(maxRetries: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
    return failureCount < maxRetries;
  };
}

/** The default cached read: a GET on the query key's parts joined by '/'. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  apiRequest('GET', queryKey.map(String).join('/'));

/** The cache key of the signed-in user (GET /api/auth/user). */
export const AUTH_USER_KEY = ['/api/auth/user'] as const;

export function createQueryClient(): QueryClient {
  // A 401 anywhere means the session has ended (expired, or signed out in another tab): forget the
  // user, so the app shows the landing page instead of a screen full of errors.
  const onError = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 401) client.setQueryData(AUTH_USER_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: 300_000,
        gcTime: 600_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        refetchInterval: false,
        retry: retryPolicy(2),
      },
      mutations: { retry: retryPolicy(1) },
    },
  });
  return client;
}
