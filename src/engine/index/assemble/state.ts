import type { BBox, ItemType } from '../../types.ts';
import { parseLabel, type Label, type LabelKind } from '../labels.ts';
import type { ParsedRow } from '../parse-row.ts';
import { toRoman } from '../../page-model/roman-numerals.ts';

/**
 * What the assembly of an index's items knows while it reads the rows, page after page: the open levels of
 * the list, the entry being read, the table's columns, the rows waiting to be joined. Each step of
 * `assemble-items.ts` reads and changes it.
 */

export interface Slot {
  readings: Label[];
}

export interface Level {
  slot: Slot;
  x: number;
  /** Where the text of this level's rows starts (after the label). */
  descX?: number;
}

export interface Draft {
  path: Slot[];
  keyword: ItemType | null;
  page: number;
  bbox: BBox;
  labelX: number;
  descX: number;
  words: string[];
  dateWords: string[];
  dateCol?: [number, number];
  date?: string;
  pageRef?: string;
  bottom: number;
  size: number;
  /** Page of the last row joined (a description may wrap onto the next index page). */
  lastPage?: number;
  /** Top of the last row joined. */
  lastTop: number;
  /** Right edge of the page number read for the entry (where the index's page column stands). */
  refRight?: number;
  /** Read by OCR (its row's words carry OCR confidences). */
  ocr?: boolean;
  /** Its label was not read but inferred from its place (its label column empty): a later label of its level must bear it out. */
  inferred?: boolean;
}

export interface Assembly {
  items: Draft[];
  /** Rows with a label that were taken as items on each page (for judging continuation pages). */
  accepted: Map<number, number>;
  labelled: Map<number, number>;
  headerType: ItemType | null;
  headingType: ItemType | null;
  /** Headed TABLE OF CONTENTS (entries are sections). */
  toc: boolean;
  hierarchical: boolean;
}

export interface AssemblyState {
  stack: Level[];
  current: Draft | null;
  /** The date column of the table header, [left, left of the next column]. */
  dateColumn: [number, number] | null;
  /** Where the tab column starts when the table opens with a volume column (`Vol. | Tab | Document`). */
  volumeEnd: number | null;
  stopped: boolean;
  /** The spacing of the current page's lines, top to top (0: too few rows to tell). */
  pitch: number;
  pageWidth: number;
  /** Under an index heading, unlabelled rows with a leader and a page number are entries too. */
  headed: boolean;
  /** Unlabelled rows without a page number just above (in a table of contents). */
  pending: ParsedRow[];
  /** Entries blacked out whole (`[redacted heading]`) since the last labelled one: their labels are under the boxes. */
  redactedRun: number;
  /** Indentation at which each kind of sub-label has opened a level. */
  levelX: Map<string, number>;
  readonly out: Assembly;
}

/** explicit: the pages were given as the index, so unlabelled entries count without a heading. */
export function newAssemblyState(explicit: boolean): AssemblyState {
  return {
    stack: [], current: null, dateColumn: null, volumeEnd: null, stopped: false, pitch: 0, pageWidth: 612, headed: explicit,
    pending: [], redactedRun: 0, levelX: new Map(),
    out: { items: [], accepted: new Map(), labelled: new Map(), headerType: null, headingType: null, toc: false, hierarchical: false },
  };
}

/** Where the row being read stands: its page, its place among the page's rows, and what the page began with. */
export interface RowPlace {
  page: number;
  rows: ParsedRow[];
  /** The row's index among the page's rows. */
  k: number;
  /** No row of the page has been read as an entry or a line of one yet (headings and headers aside). */
  first: boolean;
  /** The first row of the page that is no heading or header continues an entry from the page before. */
  crossPage: boolean;
  /** Where the entry being read ended on the page before, as a fraction of its height (0: none). */
  prevBottomFrac: number;
}

/** Counts an item taken on a page (for judging continuation pages). */
export function countAccepted(s: AssemblyState, page: number): void {
  s.out.accepted.set(page, (s.out.accepted.get(page) ?? 0) + 1);
}

/** A row read by OCR (its words carry OCR confidences). */
export function readByOcr(pr: ParsedRow): boolean {
  return pr.row.words.some((w) => w.confidence < 100);
}

/** Where a row's page number ends on the line (its first reference word is the number itself). */
export function refRightOf(pr: ParsedRow): { refRight?: number } {
  const t = pr.refTokens?.[0];
  return pr.pageRef && t ? { refRight: t.bbox[2] } : {};
}

/** A label's kind for telling sequences apart (`5A` continues the numbers). */
export function family(k: LabelKind): string {
  return k === 'number-letter' ? 'number' : k;
}

/** The label after this one in its own kind (III → IV, B → C, 2 → 3; `step` -1: the one before), or null. */
export function nextLabel(l: Label, step = 1): Label | null {
  const v = l.value + step;
  if (v < 1) return null;
  const text = l.kind === 'roman' ? toRoman(v) : l.kind === 'lower-roman' ? toRoman(v).toLowerCase() : l.kind === 'letter' && v <= 26 ? String.fromCharCode(64 + v)
    : l.kind === 'lower-letter' && v <= 26 ? String.fromCharCode(96 + v) : l.kind === 'number' ? String(v) : null;
  return text ? parseLabel(text, { ocr: false }).find((r) => r.kind === l.kind) ?? null : null;
}

/**
 * Whether a row whose top is at `below` stands on the line after one whose top is at `above`, by the page's
 * spacing; or, given both rows' feet, whose foot is a line below the other's (OCR boxes a line by its ink: a
 * speck or a tall letter moves its top, seldom its foot as well).
 */
export function nextLine(s: AssemblyState, above: number, below: number, feet?: [above: number, below: number]): boolean {
  if (s.pitch <= 0) return false;
  const limit = 1.25 * s.pitch;
  return below - above <= limit || (feet !== undefined && below > feet[0] && feet[1] - feet[0] <= limit);
}

/** The most common distance from one row's top to the next one's on a page (its line spacing), or 0. */
export function linePitch(rows: ParsedRow[]): number {
  const tops = rows.map((r) => r.row.bbox[1]).sort((a, b) => a - b);
  const steps: number[] = [];
  for (let i = 1; i < tops.length; i++) if (tops[i]! - tops[i - 1]! > 4) steps.push(tops[i]! - tops[i - 1]!);
  if (steps.length < 5) return 0;
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1]!;
}
