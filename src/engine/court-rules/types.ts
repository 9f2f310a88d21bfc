/**
 * A court's filing rules as data (docs/adr/0009). One profile per court, one file per profile under
 * `profiles/`, reviewed like code: every limit names where it comes from, and a number we could not
 * confirm from the court's own text is marked `firmDefault` (the firm sets its own figure).
 */

/** Where a rule comes from: a rule of court, a practice direction or published guidance, and its date. */
export interface RuleSource {
  id: string;
  title: string;
  /** ISO date of the version relied on, or null when the profile does not pin one. */
  date: string | null;
}

/** One limit of a profile: its value, the source it comes from (`RuleSource.id`) and what it says. */
export interface Limit<T> {
  value: T;
  source: string;
  /** What the source requires, in a sentence (shown beside a failure). */
  says: string;
  /** True when the figure is a default the firm should confirm or change, not a number stated by the source we cite. */
  firmDefault?: boolean;
}

export type ProfileId =
  | 'ew-civil'
  | 'ew-family'
  | 'scc'
  | 'onca'
  | 'onsc-caselines'
  | 'us-ca9'
  | 'us-ca5'
  | 'us-district-ecf'
  | 'custom';

export interface CourtProfile {
  id: ProfileId;
  name: string;
  sources: RuleSource[];
  /** Pages in one file (volume) at most. */
  pagesPerVolume?: Limit<number>;
  /** Size of one file at most, in MB (1 MB = 1,048,576 bytes). */
  maxFileMb?: Limit<number>;
  /** 'pdf-page': pages numbered by computer from 1, the printed number equal to the PDF page, page labels to match. */
  numbering?: Limit<'pdf-page'>;
  /** 'page-number': every top-level bookmark ends with the page it goes to (`Witness statement of A, p. 14`). */
  bookmarks?: Limit<'present' | 'page-number'>;
  /** Every index entry a link to its document. */
  indexLinks?: Limit<true>;
  /** Every page has a text layer (OCR on scans). */
  searchable?: Limit<true>;
  /** Every page reads upright; landscape pages read left to right (turned, never upside down). */
  upright?: Limit<true>;
  /** The view the file opens at. */
  defaultView?: Limit<'100%'>;
  /** Images drawn at no more than this resolution (dpi). */
  maxImageDpi?: Limit<number>;
  /** Written compact: unused objects dropped, streams compressed. */
  optimised?: Limit<true>;
  /** One merged file (no links between files), or separate files per document. */
  files?: Limit<'merged' | 'separate'>;
  /** How the brief cites the record, e.g. `ROA.1234`, `1-ER-234`. Informative: the reference finder reads it. */
  citationForm?: Limit<string>;
  /** The file must not be encrypted or password-protected. */
  unencrypted?: Limit<true>;
}

/** The checks preflight runs, one per limit a profile can set. */
export const RULE_IDS = [
  'pagesPerVolume',
  'maxFileMb',
  'numbering',
  'bookmarks',
  'indexLinks',
  'searchable',
  'upright',
  'defaultView',
  'maxImageDpi',
  'optimised',
  'unencrypted',
] as const;
export type RuleId = (typeof RULE_IDS)[number];
