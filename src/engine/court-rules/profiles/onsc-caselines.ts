import type { CourtProfile, RuleSource } from '../types.ts';

const ONSC_CASELINES: RuleSource = {
  id: 'onsc-caselines',
  title: 'Ontario Superior Court of Justice, notices to the profession on filing documents to CaseLines',
  date: null,
};
const s = ONSC_CASELINES.id;

/** Ontario Superior Court of Justice: documents uploaded to CaseLines one file per document. */
export const onscCaselines: CourtProfile = {
  id: 'onsc-caselines',
  name: 'Ontario Superior Court of Justice (CaseLines)',
  sources: [ONSC_CASELINES],
  files: { value: 'separate', source: s, says: 'each document uploaded to CaseLines as its own file' },
  bookmarks: { value: 'present', source: s, says: 'bookmarks for the tabs of a compendium or record' },
  indexLinks: { value: true, source: s, says: 'index entries linked to their tabs' },
  searchable: { value: true, source: s, says: 'text-searchable PDF' },
  upright: { value: true, source: s, says: 'pages upright (a filing norm; not a figure of the source)', firmDefault: true },
  unencrypted: { value: true, source: s, says: 'no password or security settings' },
  maxFileMb: { value: 50, source: s, says: 'upload size per file; set the figure your CaseLines site accepts', firmDefault: true },
};
