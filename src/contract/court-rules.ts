import { z } from 'zod';

/**
 * The court profiles a case or a preflight can name (src/engine/court-rules/profiles, one file each;
 * a test keeps this list equal to the engine's).
 */
export const COURT_PROFILE_IDS = ['ew-civil', 'ew-family', 'scc', 'onca', 'onsc-caselines', 'us-ca9', 'us-ca5', 'us-district-ecf', 'custom'] as const;
export type CourtProfileId = (typeof COURT_PROFILE_IDS)[number];

export const courtProfileId = z.enum(COURT_PROFILE_IDS, { error: `profile must be one of ${COURT_PROFILE_IDS.join(', ')}` });

/** GET /api/documents/{id}/preflight?profile=… (default: the case's profile, else custom). */
export const preflightQuery = z.object({ profile: courtProfileId.optional() });

/** One rule's result (engine court-rules/preflight.ts RuleResult). */
export interface PreflightRuleView {
  rule: string;
  status: 'pass' | 'fixed' | 'fail' | 'unchecked';
  requirement: string;
  source: string;
  firmDefault: boolean;
  findings: string[];
  fixes?: string[];
}

/** The preflight of a document's reviewed PDF (engine PreflightReport). */
export interface PreflightView {
  profile: CourtProfileId;
  profileName: string;
  file: { name: string; pages: number; bytes: number; volume?: number; volumes?: number };
  results: PreflightRuleView[];
  ok: boolean;
}

/** The reviewer's reason for filing a file whose preflight fails: recorded in the audit trail. */
export const preflightOverride = z.object({
  reason: z.string({ error: 'a reason is required to file a document that fails preflight' }).trim().min(10, 'give a reason of at least 10 characters for filing a document that fails preflight').max(2000),
});
