import type { CourtProfile, RuleSource } from '../types.ts';

const ECF: RuleSource = {
  id: 'district-ecf',
  title: 'The district’s local rules and CM/ECF administrative procedures',
  date: null,
};
const s = ECF.id;

/** A US district court through CM/ECF. Each district sets its own size cap: the figure here is the firm's. */
export const usDistrictEcf: CourtProfile = {
  id: 'us-district-ecf',
  name: 'US district court (CM/ECF)',
  sources: [ECF],
  unencrypted: { value: true, source: s, says: 'CM/ECF refuses encrypted or password-protected PDFs' },
  searchable: { value: true, source: s, says: 'text-searchable PDF' },
  upright: { value: true, source: s, says: 'pages upright (a filing norm; not a figure of the source)', firmDefault: true },
  maxFileMb: { value: 35, source: s, says: 'per-file upload size (districts differ, commonly 10 to 50 MB); set your district’s figure', firmDefault: true },
  files: { value: 'separate', source: s, says: 'the main document and each exhibit as its own attachment' },
};
