import { QueryClient, type QueryFunction } from '@tanstack/react-query';
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
