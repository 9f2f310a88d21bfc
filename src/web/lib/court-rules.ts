/** The court profiles a case can file under, and a document's preflight against one (docs/adr/0009). */
import { useQuery } from '@tanstack/react-query';
import { COURT_PROFILE_IDS, type CourtProfileId, type PreflightView } from '../../contract/court-rules.ts';
import { apiRequest } from './api.ts';

export type { CourtProfileId, PreflightView };
export { COURT_PROFILE_IDS };

/** What each profile is called on the screens (the engine's profile names). */
export const COURT_PROFILE_NAMES: Record<CourtProfileId, string> = {
  'ew-civil': 'England & Wales: civil e-bundle',
  'ew-family': 'England & Wales: family e-bundle',
  scc: 'Supreme Court of Canada',
  onca: 'Court of Appeal for Ontario',
  'onsc-caselines': 'Ontario Superior Court of Justice (CaseLines)',
  'us-ca9': 'US Court of Appeals, 9th Circuit (excerpts of record)',
  'us-ca5': 'US Court of Appeals, 5th Circuit (record on appeal)',
  'us-district-ecf': 'US district court (CM/ECF)',
  custom: 'Custom (no court selected)',
};

export const preflightKey = (docId: string, profile?: CourtProfileId) => ['/api/documents', docId, 'preflight', profile ?? 'case'] as const;

/** The preflight of a document's reviewed PDF; `enabled` false until it has one. */
export function usePreflight(docId: string, profile: CourtProfileId | undefined, enabled: boolean) {
  return useQuery<PreflightView>({
    queryKey: preflightKey(docId, profile),
    queryFn: () => apiRequest<PreflightView>('GET', `/api/documents/${encodeURIComponent(docId)}/preflight${profile ? `?profile=${profile}` : ''}`),
    enabled: Boolean(docId) && enabled,
    retry: false,
  });
}
