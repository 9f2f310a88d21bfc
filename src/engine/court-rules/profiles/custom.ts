import type { CourtProfile } from '../types.ts';

/**
 * A profile with no court's rules: only what every court filing needs (no encryption, pages upright,
 * a text layer). A firm with a court not listed copies this file and sets its figures.
 */
export const custom: CourtProfile = {
  id: 'custom',
  name: 'Custom (no court selected)',
  sources: [{ id: 'firm', title: 'The firm’s own settings', date: null }],
  unencrypted: { value: true, source: 'firm', says: 'no password or security settings', firmDefault: true },
  upright: { value: true, source: 'firm', says: 'pages upright', firmDefault: true },
  searchable: { value: true, source: 'firm', says: 'text-searchable PDF', firmDefault: true },
};
