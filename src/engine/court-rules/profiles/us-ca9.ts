import type { CourtProfile, RuleSource } from '../types.ts';

const CR30: RuleSource = {
  id: 'ca9-cr30-1',
  title: 'Ninth Circuit Rule 30-1 (Excerpts of Record)',
  date: null,
};
const CR25: RuleSource = {
  id: 'ca9-cr25-5',
  title: 'Ninth Circuit Rule 25-5 (Electronic filing)',
  date: null,
};

/** US Court of Appeals for the Ninth Circuit: excerpts of record in volumes, cited `1-ER-234`. */
export const usCa9: CourtProfile = {
  id: 'us-ca9',
  name: 'US Court of Appeals, 9th Circuit (excerpts of record)',
  sources: [CR30, CR25],
  pagesPerVolume: { value: 300, source: CR30.id, says: 'each volume of the excerpts no more than 300 pages' },
  citationForm: { value: '{volume}-ER-{page}', source: CR30.id, says: 'excerpts cited by volume and page, e.g. 1-ER-234' },
  bookmarks: { value: 'present', source: CR30.id, says: 'bookmarks for the documents of the excerpts' },
  searchable: { value: true, source: CR25.id, says: 'text-searchable PDF' },
  unencrypted: { value: true, source: CR25.id, says: 'no password or security settings' },
  upright: { value: true, source: CR30.id, says: 'pages upright (a filing norm; not a figure of the source)', firmDefault: true },
  maxFileMb: { value: 50, source: CR25.id, says: 'per-file upload size; set the figure the court’s filing system accepts', firmDefault: true },
};
