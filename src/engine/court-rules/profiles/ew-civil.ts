import type { CourtProfile, RuleSource } from '../types.ts';

/** The judiciary's guidance for electronic bundles in civil and family courts of England and Wales. */
export const EW_BUNDLE_GUIDANCE: RuleSource = {
  id: 'ew-guidance',
  title: 'General guidance on electronic court bundles (Judiciary of England and Wales)',
  date: '2021-11-29',
};

const g = EW_BUNDLE_GUIDANCE.id;

/** England and Wales, civil courts: an electronic bundle. */
export const ewCivil: CourtProfile = {
  id: 'ew-civil',
  name: 'England & Wales: civil e-bundle',
  sources: [EW_BUNDLE_GUIDANCE],
  numbering: { value: 'pdf-page', source: g, says: 'pages numbered by computer from 1, so that the printed page number is the PDF page number' },
  indexLinks: { value: true, source: g, says: 'every entry of the index hyperlinked to the page it names' },
  bookmarks: { value: 'page-number', source: g, says: 'a bookmark for each significant document, with its page number in the bookmark' },
  searchable: { value: true, source: g, says: 'all pages text-searchable (OCR where scanned)' },
  upright: { value: true, source: g, says: 'landscape pages turned to read left to right; no page upside down' },
  defaultView: { value: '100%', source: g, says: 'default view 100%' },
  maxImageDpi: { value: 300, source: g, says: 'images at no more than 300 dpi' },
  optimised: { value: true, source: g, says: 'the file optimised for size' },
  maxFileMb: { value: 100, source: g, says: 'a size the court’s upload accepts; the guidance sets no figure, set your court’s own', firmDefault: true },
  files: { value: 'merged', source: g, says: 'one bundle file, split into volumes only when it must be' },
};
