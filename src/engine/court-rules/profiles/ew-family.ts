import type { CourtProfile, RuleSource } from '../types.ts';
import { EW_BUNDLE_GUIDANCE, ewCivil } from './ew-civil.ts';

const PD27A: RuleSource = {
  id: 'fpr-pd27a',
  title: 'Family Procedure Rules, Practice Direction 27A (Family Proceedings: Court Bundles), para 5.1',
  date: null,
};

/** England and Wales, family courts: the civil e-bundle's form, limited to 350 pages. */
export const ewFamily: CourtProfile = {
  ...ewCivil,
  id: 'ew-family',
  name: 'England & Wales: family e-bundle',
  sources: [EW_BUNDLE_GUIDANCE, PD27A],
  pagesPerVolume: { value: 350, source: PD27A.id, says: 'the bundle limited to 350 pages unless the court directs otherwise' },
};
