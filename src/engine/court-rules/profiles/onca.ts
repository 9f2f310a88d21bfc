import type { CourtProfile, RuleSource } from '../types.ts';

const ONCA_PD: RuleSource = {
  id: 'onca-pd',
  title: 'Practice Direction Concerning Civil Appeals in the Court of Appeal for Ontario (electronic documents)',
  date: null,
};
const s = ONCA_PD.id;

/** Court of Appeal for Ontario: merged, bookmarked and linked, in volumes. */
export const onca: CourtProfile = {
  id: 'onca',
  name: 'Court of Appeal for Ontario',
  sources: [ONCA_PD],
  files: { value: 'merged', source: s, says: 'no hyperlinks between files: a document and what it links to in one file' },
  indexLinks: { value: true, source: s, says: 'index entries hyperlinked to the tabs they name' },
  bookmarks: { value: 'present', source: s, says: 'bookmarks mirroring the index, with tab number and title' },
  searchable: { value: true, source: s, says: 'text-searchable PDF' },
  upright: { value: true, source: s, says: 'pages upright (a filing norm; not a figure of the source)', firmDefault: true },
  unencrypted: { value: true, source: s, says: 'no password or security settings' },
  pagesPerVolume: { value: 500, source: s, says: 'pages per volume; confirm the current figure in the practice direction', firmDefault: true },
};
