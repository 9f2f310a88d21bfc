// System Status data (spec §2, §7, §9): the summary and recent documents, refetched every 10 s while
// auto-refresh is on and after each retry; retries through reindex/relink; issue reports.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RECENT_DOCS_LIMIT,
  STATUS_REFRESH_MS,
  type IssueReport,
  type IssueReportBody,
  type RecentDoc,
  type RecentDocs,
  type StatusSummary,
} from '../../contract/status.ts';
import { apiRequest } from './api.ts';
import { CHAT_FEEDBACK_KEY } from './chat.ts';
import { needsConfirm } from './review.ts';
import { toast } from './toast-store.ts';

export const STATUS_SUMMARY_KEY = ['/api/status/summary'] as const;
export const RECENT_DOCS_KEY = [`/api/status/recent-docs?limit=${RECENT_DOCS_LIMIT}`] as const;
export const ISSUE_REPORTS_KEY = ['/api/status/issue-reports'] as const;

const live = (autoRefresh: boolean) => ({
  refetchInterval: autoRefresh ? STATUS_REFRESH_MS : (false as const),
  staleTime: 0,
  refetchOnMount: 'always' as const,
});

export function useStatusSummary(autoRefresh: boolean) {
  return useQuery<StatusSummary>({ queryKey: STATUS_SUMMARY_KEY, ...live(autoRefresh) });
}

export function useRecentDocs(autoRefresh: boolean) {
  return useQuery<RecentDocs>({ queryKey: RECENT_DOCS_KEY, ...live(autoRefresh) });
}

export function useIssueReports(autoRefresh: boolean) {
  return useQuery<IssueReport[]>({ queryKey: ISSUE_REPORTS_KEY, ...live(autoRefresh) });
}

export type RetryKind = 'reindex' | 'relink';

/** Which retry the Recent Documents table offers for a document, if any (spec §2). */
export function retryFor(d: Pick<RecentDoc, 'index_status' | 'index_count' | 'has_links'>): RetryKind | null {
  if (d.index_status === 'error') return 'reindex';
  if (d.index_status === 'ok' && (d.index_count ?? 0) > 0 && !d.has_links) return 'relink';
  return null;
}

export function useStatusRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STATUS_SUMMARY_KEY }),
      queryClient.invalidateQueries({ queryKey: RECENT_DOCS_KEY }),
      queryClient.invalidateQueries({ queryKey: ISSUE_REPORTS_KEY }),
      queryClient.invalidateQueries({ queryKey: CHAT_FEEDBACK_KEY }),
    ]);
}

/**
 * POST /api/documents/{id}/reindex or /relink. Failures are logged only (spec §8), except the 409 of a
 * reviewed document, which the page answers by asking the person to confirm.
 */
export function useRetry() {
  const refresh = useStatusRefresh();
  return useMutation({
    mutationFn: ({ id, kind, confirm }: { id: string; kind: RetryKind; confirm?: boolean }) =>
      apiRequest<unknown>('POST', `/api/documents/${encodeURIComponent(id)}/${kind}`, confirm ? { confirm: true } : {}),
    retry: false,
    onError: (error, { kind }) => {
      if (!needsConfirm(error)) console.error(kind === 'reindex' ? 'Failed to retry index detection' : 'Failed to retry link building', error);
    },
    onSettled: () => refresh(),
  });
}

export function useReportIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueReportBody) => apiRequest<IssueReport>('POST', '/api/issue-reports', body),
    retry: false,
    onSuccess: async () => {
      toast({ title: 'Issue reported', description: 'Thank you. Support answers non-critical issues within 24 hours.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ISSUE_REPORTS_KEY });
    },
  });
}
