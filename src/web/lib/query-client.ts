import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from './api.ts';

/** Spec §9: statuses that are never retried. */
const NO_RETRY_STATUSES = new Set([401, 403, 429]);

export function retryPolicy(maxRetries: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (error instanceof ApiRequestError && NO_RETRY_STATUSES.has(error.status)) return false;
    return failureCount < maxRetries;
  };
}

/** The default cached read: a GET on the query key's parts joined by '/'. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  apiRequest('GET', queryKey.map(String).join('/'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
