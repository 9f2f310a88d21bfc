import type { CourtProfile, ProfileId } from '../types.ts';
import { custom } from './custom.ts';
import { ewCivil } from './ew-civil.ts';
import { ewFamily } from './ew-family.ts';
import { onca } from './onca.ts';
import { onscCaselines } from './onsc-caselines.ts';
import { scc } from './scc.ts';
import { usCa5 } from './us-ca5.ts';
import { usCa9 } from './us-ca9.ts';
import { usDistrictEcf } from './us-district-ecf.ts';

export const PROFILES: Record<ProfileId, CourtProfile> = {
  'ew-civil': ewCivil,
  'ew-family': ewFamily,
  scc,
  onca,
  'onsc-caselines': onscCaselines,
  'us-ca9': usCa9,
  'us-ca5': usCa5,
  'us-district-ecf': usDistrictEcf,
  custom,
};

export const PROFILE_IDS = Object.keys(PROFILES) as ProfileId[];

export function isProfileId(id: string): id is ProfileId {
  return Object.hasOwn(PROFILES, id);
}

/** The profile of that id; throws for an unknown one (callers validate first). */
export function profile(id: string): CourtProfile {
  if (!isProfileId(id)) throw new RangeError(`unknown court profile '${id}' (one of ${PROFILE_IDS.join(', ')})`);
  return PROFILES[id];
}
