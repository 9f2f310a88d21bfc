import type { CourtProfile, RuleSource } from '../types.ts';

const R28: RuleSource = {
  id: 'ca5-r28-2-2',
  title: 'Fifth Circuit Rule 28.2.2 (citations to the record on appeal)',
  date: null,
};
const ECF: RuleSource = {
  id: 'ca5-ecf',
  title: 'Fifth Circuit electronic filing standards',
  date: null,
};

/** US Court of Appeals for the Fifth Circuit: the record on appeal paginated by the district court, cited `ROA.1234`. */
export const usCa5: CourtProfile = {
  id: 'us-ca5',
  name: 'US Court of Appeals, 5th Circuit (record on appeal)',
  sources: [R28, ECF],
  citationForm: { value: 'ROA.{page}', source: R28.id, says: 'record cited as ROA. followed by the page, e.g. ROA.1234' },
  searchable: { value: true, source: ECF.id, says: 'text-searchable PDF' },
  unencrypted: { value: true, source: ECF.id, says: 'no password or security settings' },
  upright: { value: true, source: ECF.id, says: 'pages upright (a filing norm; not a figure of the source)', firmDefault: true },
  maxFileMb: { value: 50, source: ECF.id, says: 'per-file upload size; set the figure the court’s filing system accepts', firmDefault: true },
};
