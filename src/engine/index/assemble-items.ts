import type { BBox, ItemType } from '../types.ts';
import { isFirst, isSuccessor, type Label, type LabelKind, labelMatch, parseLabel } from './labels.ts';
import { toRoman } from '../page-model/roman-numerals.ts';
import { groupHeadings } from './group-headings.ts';
import { REDACTED } from '../page-model/redactions.ts';
import { ORNAMENT, type ParsedRow } from './parse-row.ts';
import { citationTitle } from './citation-rows.ts';
import { unpagedEntry } from './unpaged-entries.ts';
import { volumeColumnEnd, withoutVolume } from './volume-column.ts';
import { isUpright, rowCells, unionBox, type Token } from '../page-model/rows.ts';

/**
 * Turns the parsed rows of the index pages into items, in order. A row opens an item when its label
 * continues the list (1→2, A→B, 5→5A, or a first sub-label under an entry: I → A → 1); a row without
 * a label, or whose label does not continue the list, right under an item is a wrapped continuation.
 */

export interface Slot {
  readings: Label[];
}

interface Level {
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

/** The text Word prints in a contents entry whose heading it cannot find, in place of its page number. */
const FIELD_ERROR = /\bError!\s+(?:Bookmark not defined|Reference source not found)\.?\s*$/i;

/** The row's last word heads the page column of the entry below it (`PAGE` over its page number). */
function pageColumnHeader(p: ParsedRow, entry: ParsedRow): boolean {
  const lastWord = p.row.words[p.row.words.length - 1];
  const refX = entry.refTokens?.[0]?.bbox[0];
  return lastWord !== undefined && refX !== undefined && /^pages?$/i.test(lastWord.text) && lastWord.bbox[0] >= refX - 40;
}

/** A row that closes a block of an index: a separator (`---oOo---`) or a heading in capitals, with no label or page. */
function isBlockBreak(pr: ParsedRow): boolean {
  if (pr.labels.length > 0 || pr.pageRef !== undefined || pr.heading !== null) return false;
  const t = pr.row.text;
  return /^[-–—=_*~oO\s]{5,}$/.test(t) || (t.length >= 5 && t.split(' ').every((w) => ORNAMENT.test(w))) || (/[A-Z]{3}/.test(t) && !/[a-z]/.test(t));
}

/** The most common distance from one row's top to the next one's on a page (its line spacing), or 0. */
function linePitch(rows: ParsedRow[]): number {
  const tops = rows.map((r) => r.row.bbox[1]).sort((a, b) => a - b);
  const steps: number[] = [];
  for (let i = 1; i < tops.length; i++) if (tops[i]! - tops[i - 1]! > 4) steps.push(tops[i]! - tops[i - 1]!);
  if (steps.length < 5) return 0;
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1]!;
}

/** Where a row's page number ends on the line (its first reference word is the number itself). */
function refRightOf(pr: ParsedRow): { refRight?: number } {
  const t = pr.refTokens?.[0];
  return pr.pageRef && t ? { refRight: t.bbox[2] } : {};
}

/** The row with the number it ends in read as its text, not as a page number. */
function withoutRef(pr: ParsedRow): ParsedRow {
  const words = [...pr.desc, ...(pr.refTokens ?? [])].sort((a, b) => a.bbox[0] - b.bbox[0]);
  return { ...pr, pageRef: undefined, refTokens: [], desc: words };
}

/** The row with the number that ends it, standing at the page column's right edge, read as its page number. */
function withColumnRef(pr: ParsedRow, right: number | undefined): ParsedRow | null {
  const last = pr.desc[pr.desc.length - 1];
  const before = pr.desc[pr.desc.length - 2];
  if (right === undefined || !last || !before || !/^\d{1,4}$/.test(last.text) || Math.abs(last.bbox[2] - right) > 2) return null;
  // (a title's own number: `Rule 9`, `No. 12`, `§ 5`, `at 9`, `page 9`)
  if (/^(?:no\.?|§+|at|page|p\.|pp\.|rule|section|article|art\.|chapter|ch\.|volume|vol\.|tab|exhibit|count|\d.*)$/i.test(before.text)) return null;
  return { ...pr, desc: pr.desc.slice(0, -1), pageRef: last.text, refTokens: [{ ...last, breakBefore: true }] };
}

/** A row read by OCR (its words carry OCR confidences). */
function readByOcr(pr: ParsedRow): boolean {
  return pr.row.words.some((w) => w.confidence < 100);
}

/** The label after this one in its own kind (III → IV, B → C, 2 → 3; `step` -1: the one before), or null. */
function nextLabel(l: Label, step = 1): Label | null {
  const v = l.value + step;
  if (v < 1) return null;
  const text = l.kind === 'roman' ? toRoman(v) : l.kind === 'lower-roman' ? toRoman(v).toLowerCase() : l.kind === 'letter' && v <= 26 ? String.fromCharCode(64 + v)
    : l.kind === 'lower-letter' && v <= 26 ? String.fromCharCode(96 + v) : l.kind === 'number' ? String(v) : null;
  return text ? parseLabel(text, { ocr: false }).find((r) => r.kind === l.kind) ?? null : null;
}

/** The row read as plain text: what looked like its label is the first word of its text. */
function asText(pr: ParsedRow): ParsedRow {
  const refs = new Set(pr.refTokens ?? []);
  const desc = pr.row.words.filter((t) => !refs.has(t));
  return { ...pr, keyword: null, labels: [], labelX: pr.row.bbox[0], descX: pr.row.bbox[0], desc, bare: false };
}

function family(k: LabelKind): string {
  return k === 'number-letter' ? 'number' : k;
}

export class ItemAssembler {
  private stack: Level[] = [];
  private current: Draft | null = null;
  /** The date column of the table header, [left, left of the next column]. */
  private dateColumn: [number, number] | null = null;
  /** Where the tab column starts when the table opens with a volume column (`Vol. | Tab | Document`). */
  private volumeEnd: number | null = null;
  private stopped = false;
  /** The spacing of the current page's lines, top to top (0: too few rows to tell). */
  private pitch = 0;
  private pageWidth = 612;
  /** Under an index heading, unlabelled rows with a leader and a page number are entries too. */
  private headed: boolean;

  /** explicit: the pages were given as the index, so unlabelled entries count without a heading. */
  constructor(opts: { explicit?: boolean } = {}) {
    this.headed = opts.explicit ?? false;
  }
  /** Unlabelled rows without a page number just above (in a table of contents). */
  private pending: ParsedRow[] = [];
  /** Entries blacked out whole (`[redacted heading]`) since the last labelled one: their labels are under the boxes. */
  private redactedRun = 0;
  /** Indentation at which each kind of sub-label has opened a level. */
  private levelX = new Map<string, number>();
  readonly out: Assembly = { items: [], accepted: new Map(), labelled: new Map(), headerType: null, headingType: null, toc: false, hierarchical: false };

  /** Snapshot for trying a page and reverting when it does not continue the index. */
  snapshot(): () => void {
    const stack = this.stack.map((l) => ({ ...l }));
    const readings = this.stack.map((l) => l.slot.readings);
    const items = this.out.items.length;
    const current = this.current;
    const cur = current ? { words: current.words.length, bbox: current.bbox, bottom: current.bottom, lastTop: current.lastTop, pageRef: current.pageRef } : null;
    const { headerType, headingType, toc, hierarchical } = this.out;
    const stopped = this.stopped;
    const headed = this.headed;
    const redactedRun = this.redactedRun;
    return () => {
      this.redactedRun = redactedRun;
      this.stack = stack;
      stack.forEach((l, i) => (l.slot.readings = readings[i]!));
      this.out.items.length = items;
      this.current = current;
      if (current && cur) Object.assign(current, { bbox: cur.bbox, bottom: cur.bottom, lastTop: cur.lastTop, pageRef: cur.pageRef }, { words: current.words.slice(0, cur.words) });
      Object.assign(this.out, { headerType, headingType, toc, hierarchical });
      this.stopped = stopped;
      this.headed = headed;
      this.pending = [];
    };
  }

  addPage(page: number, rows: ParsedRow[], pageHeight: number, pageWidth = 612): void {
    this.pitch = linePitch(rows);
    this.pageWidth = pageWidth || 612;
    const prevBottomFrac = this.current ? this.current.bottom / (pageHeight || 792) : 0;
    const groups = groupHeadings(rows);
    let first = true;
    // Rows above the heading that opens the index (a caption on the same page) are not items.
    const opening = this.out.items.length === 0 ? rows.findIndex((r) => r.heading !== null && r.heading !== 'stop') : -1;
    for (const [k, row] of rows.entries()) {
      if (this.stopped) return;
      if (k < opening) continue;
      let pr = withoutVolume(row, this.volumeEnd);
      if (groups.has(pr) || FIELD_ERROR.test(pr.row.text)) {
        // `A. STATEMENTS OF CASE` over tabs 1-5: a group heading, not an item.
        // (nor Word's `Error! Bookmark not defined.` where an entry's page number should be: Word found no
        // heading for it, so it has no page to link, and it is no part of the entry below it)
        this.current = null;
        this.pending = [];
        continue;
      }
      if (pr.heading) {
        if (pr.heading === 'stop') {
          // A table of authorities ends the index.
          this.stopped = true;
          return;
        }
        this.headed = true;
        if (pr.heading === 'toc') this.out.toc = true;
        else if (pr.heading !== 'index') this.out.headingType ??= pr.heading;
        if (!first) this.current = null;
        this.pending = [];
        continue;
      }
      if (pr.header) {
        const w = pr.row.words[0]?.text.toLowerCase() ?? '';
        if (/^tab/.test(w)) this.out.headerType ??= 'tab';
        else if (/^exhibit/.test(w)) this.out.headerType ??= 'exhibit';
        else if (/^schedule/.test(w)) this.out.headerType ??= 'schedule';
        else if (/^appendix/.test(w)) this.out.headerType ??= 'appendix';
        const cells = rowCells(pr.row);
        const at = cells.findIndex((c) => /^dated?$/i.test(c.map((t) => t.text).join(' ')));
        if (at >= 0) this.dateColumn = [cells[at]![0]!.bbox[0] - 6, (cells[at + 1]?.[0]?.bbox[0] ?? Infinity) - 6];
        this.volumeEnd = volumeColumnEnd(cells) ?? this.volumeEnd;
        // A header repeated at the top of the next page does not end an entry wrapped over the page break.
        if (!first) this.current = null;
        continue;
      }
      // `Source: JudicialWatch.org PDF` under an exhibit's description: a note on where it came from, no part of
      // its title (nor an entry)
      if (pr.labels.length === 0 && /^(?:sources?|retrieved from|available at):/i.test(pr.row.text.trim()) && this.current !== null) continue;
      // `28 U.S.C. 2343 ..... 1a` in an appendix's contents: a provision's name, no label
      if (citationTitle(pr)) pr = asText(pr);
      // `(4) The new element … left to the jury 9`: a number set close after the title with no leader, ending
      // where the page numbers of the entries around it end: the entry's page number
      if (this.out.toc && pr.pageRef === undefined) pr = withColumnRef(pr, this.pageColumnRight(page)) ?? pr;
      const crossPage = first && this.current !== null && this.current.page !== page;
      first = false;
      // `9(b) Requires ..... 5` under an unlabelled entry still waiting for its page number: the end of its
      // title, not the first label of a list (which would start at 1, A or I).
      if (pr.labels.length > 0 && this.stack.length === 0 && !pr.labels.some((l) => isFirst(l))) {
        const above = this.pending[this.pending.length - 1];
        const waiting = this.current !== null && this.current.path.length === 0 && this.current.pageRef === undefined && this.canContinue(pr, crossPage, prevBottomFrac);
        const under = above !== undefined && above.row.page === page && pr.row.bbox[1] - above.row.bbox[3] <= Math.max(above.row.size, pr.row.size);
        if (waiting || under) pr = asText(pr);
      }
      // `42 U.S.C. Section 1983 …` among the unlabelled entries of a contents list: a title that opens with a
      // number, not a list starting at 42
      if (pr.labels.length > 0 && this.stack.length === 0 && this.out.toc && this.out.items.length > 0 && pr.keyword === null &&
          !pr.labels.some((l) => isFirst(l)) && !pr.row.words[1]?.breakBefore) pr = asText(pr);
      if (pr.labels.length > 0 && !pr.bare) {
        this.out.labelled.set(page, (this.out.labelled.get(page) ?? 0) + 1);
        const placed = this.place(pr, this.canContinue(pr, crossPage, prevBottomFrac), k > 0 && isBlockBreak(rows[k - 1]!));
        if (placed) {
          this.open(pr, placed);
          this.out.accepted.set(page, (this.out.accepted.get(page) ?? 0) + 1);
          continue;
        }
      }
      // A row that is only a leader and a page number: the title before it is blacked out (a redacted
      // filing). It finishes the entry above when that entry still waits for its number; else it is an
      // entry of its own whose heading cannot be read.
      // (its black boxes read as `[redacted]`, when the page's drawing was read: page-model/redactions.ts)
      // (read by OCR, only where a black box was seen: a speck before a line number is no redacted heading)
      if (this.headed && pr.labels.length === 0 && pr.row.leader && pr.pageRef !== undefined && pr.desc.every((t) => t.text === REDACTED) &&
          (pr.desc.length > 0 || !readByOcr(pr))) {
        const c = this.current;
        if (c && c.pageRef === undefined && this.canContinue(pr, crossPage, prevBottomFrac, true)) {
          if (pr.desc.length === 0 && pr.row.bbox[0] > c.descX + 40) c.words.push(REDACTED);
          this.extend(pr);
        } else {
          this.openUnlabelled({ ...pr, desc: [{ text: '[redacted heading]', bbox: pr.row.bbox, confidence: 100, breakBefore: false }] });
          this.redactedRun++;
        }
        continue;
      }
      // A line that is all black boxes under an entry that has its page number: the first line of the next
      // entry, blacked out whole (its page number is on the line below).
      if (this.headed && pr.labels.length === 0 && pr.pageRef === undefined && pr.desc.length > 0 && pr.desc.every((t) => t.text === REDACTED) &&
          this.current?.pageRef !== undefined) {
        this.pending.push(pr);
        continue;
      }
      // A row of a dated table that starts in the date column, its label cell empty: OCR lost its label
      // (a lone `9` beside a speck). A wrapped title line never carries a date of its own.
      if (pr.labels.length === 0 && readByOcr(pr)) {
        const lost = this.datedRowLostLabel(pr);
        if (lost) {
          this.open({ ...pr, labels: [lost.reading], labelX: lost.labelX }, lost);
          this.out.accepted.set(page, (this.out.accepted.get(page) ?? 0) + 1);
          continue;
        }
      }
      // A number that ends a wrapped line well short of the page column where the entry above has its page
      // number (`Knight, PPD 390` under `Exhibit 18 The body cam video of Sergeant …… 102`): text, not a page
      // (a wrapped line: under the entry's description, no leader)
      const c0 = this.current;
      if (pr.labels.length === 0 && pr.pageRef && !pr.row.leader && c0?.refRight !== undefined && c0.page === page &&
          Math.abs(pr.row.bbox[0] - c0.descX) <= 6 && pr.refTokens?.[0] && pr.refTokens[0].bbox[2] < c0.refRight - 40) pr = withoutRef(pr);
      const continues = this.canContinue(pr, crossPage, prevBottomFrac);
      // Under an index heading, a row with a leader and a page number after an entry that has its page
      // number is a new unlabelled entry, and an unlabelled entry ends with its page number.
      // (a page number set apart by a wide gap serves as well as a leader: many tables of contents draw none)
      const entryLike = pr.labels.length === 0 && pr.pageRef !== undefined && this.current?.pageRef !== undefined;
      const finished = this.current?.path.length === 0 && this.current.pageRef !== undefined;
      if (continues && !(this.headed && (entryLike || finished))) {
        this.extend(pr);
        continue;
      }
      if (pr.labels.length > 0) continue;
      if (this.headed && pr.pageRef !== undefined && pr.desc.length > 0) {
        const lost = readByOcr(pr) ? this.lostLabel(pr) : null;
        if (lost) {
          const desc = lost.misread ? pr.desc.slice(1) : pr.desc;
          this.open({ ...pr, labels: [lost.reading], labelX: lost.labelX, desc, descX: desc[0]!.bbox[0] }, lost);
          if (!lost.misread) this.current!.inferred = true;
          this.out.accepted.set(page, (this.out.accepted.get(page) ?? 0) + 1);
          continue;
        }
        this.openUnlabelled(pr);
        continue;
      }
      if (this.headed && pr.pageRef === undefined) {
        // `Argument:` over its entries, `CERTIFICATE OF SERVICE` after CONCLUSION: an entry with no page number.
        if (this.out.toc && unpagedEntry(rows, k, this.pageWidth, this.rootX())) {
          this.openUnpaged(pr);
          continue;
        }
        // A line ending in a colon introduces the list (`This Judgment is organised as follows:`).
        if (/:\s*$/.test(pr.row.text)) {
          this.pending = [];
          continue;
        }
        // Perhaps the first line of an unlabelled entry whose page number is on the next line.
        const last = this.pending[this.pending.length - 1];
        if (last && last.row.page === page && pr.row.bbox[1] - last.row.bbox[3] > Math.max(last.row.size, pr.row.size)) this.pending = [];
        this.pending.push(pr);
        continue;
      }
      this.current = this.current && this.current.page === page ? this.current : null;
    }
  }

  /**
   * Where a labelled row fits in the list, or null when it does not continue it. `afterBreak`: the row right
   * above ends a block (`---oOo---`, a heading in capitals).
   */
  private place(pr: ParsedRow, couldContinue: boolean, afterBreak = false): { depth: number; reading: Label } | null {
    const readings = [...pr.labels].sort((a, b) => Number(a.ocrGuess ?? false) - Number(b.ocrGuess ?? false));
    // `I.` set where this index's numbered sub-entries stand, under `H.`: OCR's `1.`, the first of them, not
    // the letter after H (which would stand where H does).
    const subHere = this.opensKnownLevel(pr, readings);
    const firstHere = this.firstSubLabel(pr, readings);
    for (let d = this.stack.length - 1; d >= 0; d--) {
      const level = this.stack[d]!;
      if (subHere && Math.abs(pr.labelX - level.x) > 12) continue;
      // set well right of the entries it would follow, on the same page: it opens a level under them
      if (firstHere && pr.labelX > level.x + 12 && this.current?.page === pr.row.page) continue;
      for (const r of readings) {
        const prev = level.slot.readings.find((p) => family(p.kind) === family(r.kind) && isSuccessor(p, r));
        if (prev) {
          level.slot.readings = [prev];
          return { depth: d, reading: r };
        }
      }
    }
    if (this.stack.length === 0) {
      return { depth: 0, reading: readings[0]! };
    }
    // `II.` where `1.` opened the list, at its indentation: OCR read `I.` as `1.` (a list's first label
    // of one kind whose look-alike in another kind comes right before this row's)
    for (let d = this.stack.length - 1; d >= 0 && readByOcr(pr); d--) {
      const level = this.stack[d]!;
      if (Math.abs(pr.labelX - level.x) > 8 || level.slot.readings.length !== 1) continue;
      const had = level.slot.readings[0]!;
      if (!isFirst(had)) continue;
      for (const r of readings) {
        const prev = nextLabel(r, -1);
        if (prev && family(prev.kind) !== family(had.kind) && labelMatch(prev.text, had.text) > 0) {
          level.slot.readings = [prev];
          return { depth: d, reading: r };
        }
      }
    }
    // A row lost (OCR) or a numbering gap: a later label of the same kind at the same indentation.
    for (let d = this.stack.length - 1; d >= 0; d--) {
      const level = this.stack[d]!;
      if (Math.abs(pr.labelX - level.x) > 8) continue;
      for (const r of readings) {
        const prev = level.slot.readings.find((p) => family(p.kind) === family(r.kind) && r.value > (p.major ?? p.value) && r.value - (p.major ?? p.value) <= 5);
        // In a table the label stands in its own column and the text where the item above begins its text.
        const c = this.current;
        const tabled = c !== null && pr.descX !== undefined && Math.abs(pr.descX - c.descX) <= 4 && pr.labelX < c.descX - 10;
        if (prev && !r.ocrGuess && (!couldContinue || tabled || pr.keyword !== null || pr.pageRef !== undefined || pr.row.leader)) {
          level.slot.readings = [prev];
          return { depth: d, reading: r };
        }
      }
    }
    // A first sub-label opens a level under the current entry: it must be indented and be a kind
    // not used above, and (unless it is a parenthesised sub-label) the index must carry page numbers.
    const top = this.stack[this.stack.length - 1]!;
    const used = new Set(this.stack.filter((l) => l.slot.readings.length === 1).map((l) => family(l.slot.readings[0]!.kind)));
    for (const r of readings) {
      if (!isFirst(r) || used.has(family(r.kind))) continue;
      const paren = r.kind.startsWith('paren');
      const refs = pr.pageRef !== undefined || this.current?.pageRef !== undefined;
      // A sub-level seen before at this indentation (page numbers may be lost in OCR).
      const known = this.levelX.get(family(r.kind));
      const seen = known !== undefined && Math.abs(known - pr.labelX) <= 8;
      // `A   Exhibit "A" – …` in the tab column right under an affidavit's tab: that tab's exhibits.
      const exhibitRow = /^exhibit$/i.test(pr.desc[0]?.text ?? '') && labelMatch(r.text, pr.desc[1]?.text ?? '', false) > 0;
      if ((pr.labelX > top.x + 4 && (paren || refs || seen)) || exhibitRow) {
        for (const l of this.stack) {
          if (l.slot.readings.length > 1) {
            const keep = l.slot.readings.filter((p) => family(p.kind) !== family(r.kind));
            if (keep.length > 0) l.slot.readings = keep;
          }
        }
        return { depth: this.stack.length, reading: r };
      }
    }
    // `3.` after two entries blacked out whole under `A.`: they were 1 and 2, their labels under the boxes.
    if (this.redactedRun > 0 && pr.labelX > top.x + 4) {
      const r = readings.find((x) => !x.ocrGuess && x.value === this.redactedRun + 1 && !used.has(family(x.kind)));
      if (r) return { depth: this.stack.length, reading: r };
    }
    const root = this.stack[0]!;
    // The list starts over at its own indentation (`I. INTRODUCTION …… 14` after a motion's `I.` to `VII.`:
    // the next part of the document), where the row carries its page number.
    if (pr.pageRef !== undefined && pr.keyword === null && Math.abs(pr.labelX - root.x) <= 4) {
      const r = readings.find((x) => isFirst(x) && root.slot.readings.some((p) => family(p.kind) === family(x.kind)));
      if (r) return { depth: 0, reading: r };
    }
    // A block of its own (`REFERENCE TO PREVIOUSLY MARKED EXHIBITS` in a deposition index): rows naming their
    // keyword (`Exhibit 8` after `Exhibit 19`) number their items as the whole case does, not from this list.
    if (afterBreak && pr.keyword !== null && pr.keyword === this.out.items[this.out.items.length - 1]?.keyword && Math.abs(pr.labelX - root.x) <= 8) {
      return { depth: 0, reading: readings[0]! };
    }
    // A new series under a keyword of its own after the list (`SCHEDULE "A" – …` after PART V).
    if (pr.keyword !== null && this.current !== null && pr.keyword !== this.current.keyword && Math.abs(pr.labelX - root.x) <= 8) {
      const r = readings.find((x) => isFirst(x));
      if (r) return { depth: 0, reading: r };
    }
    return null;
  }

  /** Whether a reading of the row's label is the first of a kind not open now, set right of the entry above. */
  private firstSubLabel(pr: ParsedRow, readings: Label[]): boolean {
    const top = this.stack[this.stack.length - 1];
    if (!top || pr.labelX <= top.x + 12) return false;
    const used = new Set(this.stack.map((l) => family(l.slot.readings[0]!.kind)));
    return readings.some((r) => isFirst(r) && !used.has(family(r.kind)));
  }

  /** Whether a reading of the row's label is the first of a sub-level seen before at the row's indentation, not open now. */
  private opensKnownLevel(pr: ParsedRow, readings: Label[]): boolean {
    const top = this.stack[this.stack.length - 1];
    if (!top || pr.labelX <= top.x + 4) return false;
    const used = new Set(this.stack.map((l) => family(l.slot.readings[0]!.kind)));
    return readings.some((r) => {
      const known = this.levelX.get(family(r.kind));
      return isFirst(r) && !used.has(family(r.kind)) && known !== undefined && Math.abs(known - pr.labelX) <= 6;
    });
  }

  /**
   * A label OCR lost (`LEGAL STANDARD ..... 3` between `III.` and the `A.` under the next heading, its text
   * where the text of that level's rows starts, its label column empty): the next label of that level.
   */
  private lostLabel(pr: ParsedRow): { depth: number; reading: Label; labelX: number; misread: boolean } | null {
    // or misread as a mark or two in the label column (`vy.` for `V.`): the text starts after it
    const misread = pr.desc.length >= 2 && /^[^\s]{1,3}$/.test(pr.desc[0]!.text) && !/^\d+$/.test(pr.desc[0]!.text) && pr.desc[1]!.breakBefore;
    const x = misread ? pr.desc[1]!.bbox[0] : pr.row.bbox[0];
    for (let d = this.stack.length - 1; d >= 0; d--) {
      const level = this.stack[d]!;
      if (level.descX === undefined || Math.abs(x - level.descX) > 6 || level.x > x - 10) continue;
      if (misread && Math.abs(pr.desc[0]!.bbox[0] - level.x) > 6) return null;
      const next = nextLabel(level.slot.readings[0]!);
      return next ? { depth: d, reading: next, labelX: level.x, misread } : null;
    }
    return null;
  }

  /**
   * The label OCR lost on a row of a table with a date column (`Tab No. | Date | Nature of Document`):
   * the row starts with a date cell in that column and has a description after it, and the table's
   * labels stand left of the column: the next label of that level.
   */
  private datedRowLostLabel(pr: ParsedRow): { depth: number; reading: Label; labelX: number; misread: false } | null {
    if (!pr.dateCol || pr.desc.length === 0 || Math.abs(pr.row.bbox[0] - pr.dateCol[0]) > 1) return null;
    const c = this.current;
    const col = this.dateColumnOf(c);
    if (!col || pr.dateCol[0] < col[0] || pr.dateCol[0] >= col[1]) return null;
    const d = this.stack.length - 1;
    const level = this.stack[d];
    if (!level || level.x > col[0] - 10 || (c !== null && c.dateWords.length === 0 && c.date === undefined)) return null;
    const next = nextLabel(level.slot.readings[0]!);
    return next ? { depth: d, reading: next, labelX: level.x, misread: false } : null;
  }

  /** An unlabelled entry (`ARGUMENT ........ 5`, `Certificate of service .... 45`), with its wrapped first lines. */
  private openUnlabelled(pr: ParsedRow): void {
    const lead: ParsedRow[] = [];
    let below = pr.row;
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const p = this.pending[i]!;
      // text turned 90° (a filing stamp up the margin) is beside the entries, not part of one
      if (isUpright(p.row.bbox, p.row.text)) continue;
      // (a row heading the page column on the line above, however far OCR's ink boxes set it on double spacing)
      const headsColumn = readByOcr(pr) && this.nextLine(p.row.bbox[1], below.bbox[1]) && pageColumnHeader(p, pr);
      // (read by OCR, the line above by the index's pitch: OCR boxes each line by its ink, so the gap to it is
      // wider than a letter, `EXAMINATION` over `By Mr. Smith .... 6`)
      const adjacent = below.bbox[1] - p.row.bbox[3] <= Math.max(p.row.size, below.size) || (readByOcr(pr) && this.nextLine(p.row.bbox[1], below.bbox[1]));
      if (p.row.page !== pr.row.page || (!adjacent && !headsColumn)) break;
      if (Math.abs(p.row.bbox[0] - pr.row.bbox[0]) > 40) break;
      lead.unshift(p);
      below = p.row;
      // A row heading the page column (`EXAMINATION BY:      PAGE`) is the top of the entry.
      if (pageColumnHeader(p, pr)) break;
    }
    this.pending = [];
    const first = lead[0] ?? pr;
    // An unlabelled entry (`ARGUMENT ..... 12`) closes the levels opened at its indentation or deeper: the
    // `I.` under it starts a list of its own, not the one of the lettered entries above. (An entry blacked out
    // whole has no indentation to tell: its label is under the box.)
    const blackedOut = pr.desc.length === 1 && pr.desc[0]!.text === '[redacted heading]';
    while (!blackedOut && this.stack.length > 0 && this.stack[this.stack.length - 1]!.x >= first.row.bbox[0] - 4) this.stack.pop();
    const d: Draft = {
      path: [],
      keyword: this.out.toc ? null : 'document',
      page: pr.row.page,
      bbox: [...first.row.bbox],
      labelX: first.row.bbox[0],
      descX: first.row.bbox[0],
      words: [],
      dateWords: [],
      pageRef: pr.pageRef,
      bottom: pr.row.bbox[3],
      lastTop: pr.row.bbox[1],
      ...refRightOf(pr),
      size: pr.row.size,
      ...(readByOcr(pr) ? { ocr: true } : {}),
    };
    // `EXAMINATION BY:            PAGE` over `MR. GWILLIAM    7`: the column's header is no part of the title.
    for (const l of lead) {
      if (!blackedOut) this.place_words(d, l.row.words, pageColumnHeader(l, pr) ? new Set([l.row.words[l.row.words.length - 1]!]) : null);
      d.bbox = unionBox(d.bbox, l.row.bbox);
    }
    this.place_words(d, pr.desc, null);
    d.bbox = unionBox(d.bbox, pr.row.bbox);
    this.out.items.push(d);
    this.out.accepted.set(d.page, (this.out.accepted.get(d.page) ?? 0) + 1);
    this.current = d;
  }

  /** Where the page numbers of this page's entries end, when at least three agree on it (within 2 pt). */
  private pageColumnRight(page: number): number | undefined {
    const rights = this.out.items.filter((d) => d.page === page && d.refRight !== undefined).map((d) => d.refRight!).sort((a, b) => a - b);
    if (rights.length < 3) return undefined;
    const mid = rights[rights.length >> 1]!;
    return rights.filter((r) => Math.abs(r - mid) <= 2).length >= 0.8 * rights.length ? mid : undefined;
  }

  /** Where the entries of the list's first level start, once there are any. */
  private rootX(): number | undefined {
    return this.out.items.length > 0 ? Math.min(...this.out.items.map((d) => d.labelX)) : undefined;
  }

  /**
   * An unlabelled contents entry that prints no page number (`Argument:`, `CERTIFICATE OF SERVICE`): its
   * heading places it. It closes the levels at its indentation, and takes no row after it into its title.
   */
  private openUnpaged(pr: ParsedRow): void {
    this.pending = [];
    while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.x >= pr.row.bbox[0] - 4) this.stack.pop();
    const d: Draft = {
      path: [],
      keyword: this.out.toc ? null : 'document',
      page: pr.row.page,
      bbox: [...pr.row.bbox],
      labelX: pr.row.bbox[0],
      descX: pr.row.bbox[0],
      words: [],
      dateWords: [],
      bottom: pr.row.bbox[3],
      lastTop: pr.row.bbox[1],
      size: pr.row.size,
    };
    this.place_words(d, pr.desc, null);
    this.out.items.push(d);
    this.out.accepted.set(d.page, (this.out.accepted.get(d.page) ?? 0) + 1);
    this.current = null;
  }

  private open(pr: ParsedRow, placed: { depth: number; reading: Label }): void {
    this.pending = [];
    this.redactedRun = 0;
    // `A   Exhibit "A" – Letter …`: the keyword and label repeated in the text name the item's type.
    let keyword = pr.keyword;
    let desc = pr.desc;
    if (keyword === null && desc.length > 2 && /^exhibit$/i.test(desc[0]!.text) && labelMatch(placed.reading.text, desc[1]!.text, false) > 0) {
      keyword = 'exhibit';
      desc = desc.slice(2);
      while (desc.length > 1 && /^[-–—:]+$/.test(desc[0]!.text)) desc = desc.slice(1);
    }
    // `II. STATEMENT OF FACTS` under an unlabelled first entry set where the text of II starts
    // (`INTRODUCTION ..... 1`): OCR lost its `I.`.
    const prev = this.out.items[this.out.items.length - 1];
    if (placed.depth === 0 && placed.reading.value === 2 && prev?.path.length === 0 && this.out.items.every((d) => d.path.length === 0) &&
        readByOcr(pr) && Math.abs(prev.descX - pr.descX) <= 6) {
      const first = nextLabel(placed.reading, -1);
      if (first) prev.path = [{ readings: [first] }];
    }
    this.stack.length = placed.depth;
    // the first label of the list (after unlabelled entries too: INTRODUCTION, then `1.` read for `I.`) keeps
    // every reading until the next label tells which it is
    const firstLabel = this.stack.length === 0 && placed.depth === 0 && this.out.items.every((d) => d.path.length === 0);
    const slot: Slot = { readings: firstLabel ? pr.labels : [placed.reading] };
    this.stack.push({ slot, x: pr.labelX, descX: pr.descX });
    if (this.stack.length > 1) {
      this.out.hierarchical = true;
      if (!this.levelX.has(family(placed.reading.kind))) this.levelX.set(family(placed.reading.kind), pr.labelX);
    }
    const d: Draft = {
      path: this.stack.map((l) => l.slot),
      keyword,
      page: pr.row.page,
      bbox: [...pr.row.bbox],
      labelX: pr.labelX,
      descX: pr.descX,
      words: [],
      dateWords: [],
      dateCol: pr.dateCol,
      date: pr.date,
      pageRef: pr.pageRef,
      bottom: pr.row.bbox[3],
      lastTop: pr.row.bbox[1],
      ...refRightOf(pr),
      size: pr.row.size,
      ...(readByOcr(pr) ? { ocr: true } : {}),
    };
    this.place_words(d, desc, null);
    if (d.dateWords.length > 0 && !pr.dateCol) delete d.date;
    // Only a label (and a date) on the opening line: the description follows in the column of the item above
    // (a table whose cells are centred vertically puts a one-line description beside the middle of a wrapped date).
    const above = this.out.items[this.out.items.length - 1];
    if (d.words.length === 0 && above && above.page === d.page && above.descX > d.descX) d.descX = above.descX;
    this.out.items.push(d);
    this.current = d;
  }

  /** Whether a row continues the current entry; `anyX`: a row that starts further right (a leader after blacked-out text) may. */
  private canContinue(pr: ParsedRow, crossPage: boolean, prevBottomFrac: number, anyX = false): boolean {
    const c = this.current;
    if (!c || pr.row.words.length === 0) return false;
    const x = pr.row.bbox[0];
    if (x < c.labelX - 3 || (!anyX && x > Math.max(c.descX, c.labelX) + 40)) return false;
    // A capitalised row out in the label column under a description in mixed case (`LEGISLATION`)
    // is a group heading, not the rest of the description.
    const letters = pr.row.text.replace(/[^A-Za-z]/g, '');
    const own = c.words.join('').replace(/[^A-Za-z]/g, '');
    if (x < c.descX - 8 && letters.length >= 3 && letters === letters.toUpperCase() && own !== own.toUpperCase()) return false;
    // (a contents entry still waiting for its page number wraps at its label's column too: hanging rows)
    const wrapX = this.out.toc && c.pageRef === undefined && c.path.length > 0 ? c.labelX : c.descX;
    if (crossPage) return prevBottomFrac > 0.7 && x >= wrapX - 3 && pr.labels.length === 0;
    if ((c.lastPage ?? c.page) !== pr.row.page) return false;
    const gap = pr.row.bbox[1] - c.bottom;
    // A contents entry still waiting for its page number takes the unlabelled row that brings it, even
    // across double spacing (`… CONSOLIDATED` / `OPPOSITION.12`).
    const finishes = this.out.toc && c.pageRef === undefined && pr.pageRef !== undefined && pr.labels.length === 0;
    if (gap <= (finishes ? 1.5 : 1.0) * Math.max(c.size, pr.row.size)) return true;
    // (read by OCR, whose boxes are as tall as the ink, not the line: on the page's next line)
    if (finishes && readByOcr(pr) && this.nextLine(c.lastTop, pr.row.bbox[1])) return true;
    if (this.wrapsOnNextLine(c, pr)) return true;
    // A description wrapped in its own column on a double-spaced page (a transcript's index): on the page's
    // next line, under the description's first word, the label out in a column of its own. (OCR boxes words
    // by their ink, far shorter than the line spacing, so the gap alone says too little.)
    return readByOcr(pr) && Math.abs(x - c.descX) <= 6 && c.labelX < c.descX - 10 && this.nextLine(c.lastTop, pr.row.bbox[1]);
  }

  /**
   * A contents entry wrapped over double-spaced lines (a question presented run over three or four lines,
   * `B. As a matter of first impression, was …` / `constitutional right to …` / `… statements? ..... 1`):
   * while the entry still waits for its page number, an unlabelled row on the page's next line that starts
   * no further right than the entry's text is more of its title, however wide the spacing.
   */
  private wrapsOnNextLine(c: Draft, pr: ParsedRow): boolean {
    if (!this.out.toc || c.pageRef !== undefined || pr.labels.length > 0 || c.path.length === 0) return false;
    const x = pr.row.bbox[0];
    return x >= c.labelX - 3 && x <= c.descX + 6 && this.nextLine(c.lastTop, pr.row.bbox[1]);
  }

  /** Whether a row whose top is at `below` stands on the line after one whose top is at `above`, by the page's spacing. */
  private nextLine(above: number, below: number): boolean {
    return this.pitch > 0 && below - above <= 1.25 * this.pitch;
  }

  /** The table's date column: the header's, else where the entry's own date cell stands, before its description. */
  private dateColumnOf(c: Draft | null): [number, number] | null {
    return this.dateColumn ?? (c?.dateCol ? [c.dateCol[0] - 4, c.descX - 4] : null);
  }

  /** Puts a row's words into the description, or the date when they stand in the date column. */
  private place_words(c: Draft, words: Token[], skip: ReadonlySet<Token> | null): void {
    const col = this.dateColumnOf(c);
    const first = c.words.length === 0;
    for (const t of words) {
      if (skip?.has(t)) continue;
      if (col && t.bbox[0] >= col[0] && t.bbox[0] < col[1]) c.dateWords.push(t.text);
      else {
        // The description starts at its first word (a date column before it is not part of it).
        if (first && c.words.length === 0) c.descX = t.bbox[0];
        c.words.push(t.text);
      }
    }
  }

  private extend(pr: ParsedRow): void {
    const c = this.current!;
    this.place_words(c, pr.row.words, new Set(pr.refTokens ?? []));
    if (pr.pageRef !== undefined && !c.pageRef) {
      c.pageRef = pr.pageRef;
      Object.assign(c, refRightOf(pr));
    }
    // The link box stays on the item's own page; a part wrapped onto the next page is text only.
    if (pr.row.page === c.page) c.bbox = unionBox(c.bbox, pr.row.bbox);
    c.bottom = pr.row.bbox[3];
    c.lastTop = pr.row.bbox[1];
    c.lastPage = pr.row.page;
  }
}
