import type { CourtProfile, RuleSource } from '../types.ts';

const SCC_GUIDELINES: RuleSource = {
  id: 'scc-guidelines',
  title: 'Rules of the Supreme Court of Canada and the Registrar’s guidelines for preparing documents to be filed (electronic format)',
  date: null,
};
const s = SCC_GUIDELINES.id;

/** Supreme Court of Canada: one searchable, bookmarked file, with links inside it only. */
export const scc: CourtProfile = {
  id: 'scc',
  name: 'Supreme Court of Canada',
  sources: [SCC_GUIDELINES],
  files: { value: 'merged', source: s, says: 'no hyperlinks between files: brief and record merged into one file with internal links' },
  indexLinks: { value: true, source: s, says: 'index entries linked to the documents they name' },
  bookmarks: { value: 'present', source: s, says: 'bookmarks mirroring the index, with tab number and title' },
  searchable: { value: true, source: s, says: 'text-searchable PDF' },
  unencrypted: { value: true, source: s, says: 'no password or security settings' },
  upright: { value: true, source: s, says: 'pages upright (a filing norm; not a figure of the source)', firmDefault: true },
  maxFileMb: { value: 75, source: s, says: 'file size cap per file; confirm the current figure with the Registry', firmDefault: true },
};
