import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from './api.ts';
import type { IndexStatus } from './document-types.ts';
import { documentUrl } from './documents.ts';

export const INDEX_POLL_MS = 500;
export const INDEX_POLL_MAX_ATTEMPTS = 40;
/** How often a detection still pending after those attempts is asked about. */
export const INDEX_SLOW_POLL_MS = 3000;

export type DetectionView =
  | { status: 'pending'; gaveUp: boolean }
  | { status: 'ok'; count: number }
  | { status: 'error'; message: string | null };

/**
 * A freshly uploaded document's index detection (spec §4, §9): GET index-status every 500 ms, at most
 * 40 times, until it is ok or error. `gaveUp` says the attempts ran out while detection was still pending.
 */
export function useIndexDetection(documentId: string | null): DetectionView & { restart: () => void } {
  const attempts = useRef(0);
  const query = useQuery<IndexStatus>({
    queryKey: ['/api/documents', documentId ?? '', 'index-status'],
    queryFn: () => {
      attempts.current += 1;
      return apiRequest<IndexStatus>('GET', `${documentUrl(documentId ?? '')}/index-status`);
    },
    enabled: Boolean(documentId),
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => {
      const status = q.state.data?.index_status;
      if (status === 'ok' || status === 'error') return false;
      // after the spec's 40 quick attempts the panel goes on following the document, more slowly
      return attempts.current >= INDEX_POLL_MAX_ATTEMPTS ? INDEX_SLOW_POLL_MS : INDEX_POLL_MS;
    },
  });
  const restart = () => {
    attempts.current = 0;
    void query.refetch();
  };
  const data = query.data;
  if (data?.index_status === 'ok') return { status: 'ok', count: data.index_count, restart };
  if (data?.index_status === 'error') return { status: 'error', message: data.message ?? null, restart };
  if (query.isError && attempts.current >= INDEX_POLL_MAX_ATTEMPTS) return { status: 'error', message: null, restart };
  return { status: 'pending', gaveUp: attempts.current >= INDEX_POLL_MAX_ATTEMPTS && !query.isFetching, restart };
}
