// The Hyperlinks overview's data (spec §2, §7): the sample masters' status, their review links, the
// enhanced review, and the calls of its panels. Every call goes through apiRequest.
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseRecord } from '../../contract/cases.ts';
import type { DocumentRecord } from '../../contract/documents.ts';
import type {
  BuildDynamicResponse,
  DeterministicStatus,
  EnhancedLink,
  EnhancedReview,
  IndexFirstResponse,
  RebuildResponse,
  ReviewLinksResponse,
  SampleKey,
} from '../../contract/hyperlinks.ts';
import { apiRequest } from './api.ts';
import { CASES_KEY } from './cases.ts';

export const STATUS_KEY = ['/api/deterministic-status'] as const;
const reviewLinksKey = (docKey: string) => ['/api/review-links', docKey] as const;
export type EnhancedType = '13' | '63' | 'subrules';
const enhancedKey = (t: EnhancedType) => [`/api/review-${t}`] as const;

export const MASTERS: Array<{ key: SampleKey; label: string; type: EnhancedType }> = [
  { key: 'supp13', label: '13-tab supplementary brief', type: '13' },
  { key: 'doc63', label: '63-tab main brief', type: '63' },
  { key: 'tr5', label: '5-item trial record', type: 'subrules' },
];

export function useDeterministicStatus() {
  return useQuery<DeterministicStatus>({
    queryKey: STATUS_KEY,
    // while the sample is being built, follow it
    refetchInterval: (q) => (q.state.data?.status === 'building' ? 3000 : false),
  });
}

export function useReviewLinks(docKey: string | null) {
  return useQuery<ReviewLinksResponse>({ queryKey: reviewLinksKey(docKey ?? ''), enabled: !!docKey });
}

export function useEnhancedReview(type: EnhancedType, enabled: boolean) {
  return useQuery<EnhancedReview>({ queryKey: enhancedKey(type), enabled });
}

function useRefreshAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /^\/api\/(deterministic-status|review-)/.test(q.queryKey[0]) });
}

export function useCreateSample() {
  const refresh = useRefreshAll();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DeterministicStatus>('POST', '/api/sample-case', {}),
    onSettled: () => Promise.all([refresh(), qc.invalidateQueries({ queryKey: CASES_KEY })]),
  });
}

export function useRebuild() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: () => apiRequest<RebuildResponse>('POST', '/api/rebuild-deterministic', {}), onSettled: refresh });
}

export function useOverride(docKey: string) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (b: { tab_number: string; tr_dest_page: number }) =>
      apiRequest<{ ok: boolean; error: string | null; pdfUrl: string }>('POST', `/api/review-links/${encodeURIComponent(docKey)}/override`, b),
    onSettled: refresh,
  });
}

export function useUpdateHyperlink(type: EnhancedType) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (b: { linkId: string; changes: Partial<Pick<EnhancedLink, 'targetParagraph' | 'highlighted' | 'notes'>> & { targetPage?: number } }) =>
      apiRequest<{ ok: boolean; link: EnhancedLink }>('POST', '/api/update-hyperlink', { documentType: type, ...b }),
    onSettled: refresh,
  });
}

export function useRegeneratePdf(type: EnhancedType) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (highlightedLinks: string[]) =>
      apiRequest<{ ok: boolean; error: string | null; pdfUrl: string }>('POST', '/api/regenerate-pdf', { documentType: type, highlightedLinks }),
    onSettled: refresh,
  });
}

export function useIndexFirst() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (b: { briefPath: string; trialRecordPath: string | null }) => apiRequest<IndexFirstResponse>('POST', '/api/index-first-detection', b),
    onSettled: refresh,
  });
}

export function useBuildDynamic() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (b: { briefPath: string; trialPath: string | null; indexPages: string; indexOnly: boolean }) =>
      apiRequest<BuildDynamicResponse>('POST', '/api/build-document-dynamic', { ...b, reviewJson: true }),
    onSettled: refresh,
  });
}

/** Every document of every case, for the document pickers, with its case number. */
export function useAllDocuments(): { docs: Array<DocumentRecord & { caseNumber: string }>; loading: boolean } {
  const cases = useQuery<CaseRecord[]>({ queryKey: CASES_KEY });
  const lists = useQueries({
    queries: (cases.data ?? []).map((c) => ({ queryKey: ['/api/cases', c.id, 'documents'], staleTime: 10_000 })),
  });
  const docs = (cases.data ?? []).flatMap((c, i) =>
    ((lists[i]?.data as DocumentRecord[] | undefined) ?? []).map((d) => ({ ...d, caseNumber: c.caseNumber })));
  return { docs, loading: cases.isLoading || lists.some((l) => l.isLoading) };
}
