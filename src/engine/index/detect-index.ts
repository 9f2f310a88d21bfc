import type { IndexDetection, PageText } from '../types.ts';
import { ItemAssembler } from './assemble-items.ts';
import { exhibitParagraphs } from './exhibit-paragraphs.ts';
import { documentWords, splitGluedRomanLabels } from './glued-labels.ts';
import { isSuccessor, parseLabel } from './labels.ts';
import { finishItems } from './finish-items.ts';
import { layoutPages, type PageLayout } from '../page-model/page-layout.ts';
import { parseRow, type ParsedRow } from './parse-row.ts';
import { readSideBySide } from './side-by-side.ts';
import { liftCentredLabels } from './centred-cells.ts';
import { type LabelColumn, joinStackedLabels, joinWrappedLabels, labelsFromLaterColumn } from './wrapped-labels.ts';
import type { Row } from '../page-model/rows.ts';
import { pageBox } from '../util/geometry.ts';

/**
 * Finds a brief's index and reads its items.
 *
 * The index is a run of consecutive pages: it opens on a page headed INDEX / TABLE OF CONTENTS /
 * INDEX OF EXHIBITS that carries item rows, or, without a heading, on a page that is mostly item rows
 * (`Tab 3 …`, `Exhibit "C" …`, or numbered rows with page numbers). Following pages belong to it
 * while their rows continue the list. With opts.indexPages only those pages are read.
 */
export function detectIndex(pages: PageText[], opts?: { indexPages?: number[] }): IndexDetection {
  const found = readIndex(pages, opts);
  if (!pages.some((p) => p.rotation)) return found;
  // An index page scanned upside down was read turned: each row's box goes back on the page as it is
  // in the file, where its link is drawn.
  const byPage = new Map(pages.map((p) => [p.page, p]));
  return { ...found, items: found.items.map((it) => ({ ...it, bbox: pageBox(it.bbox, byPage.get(it.page) ?? { width: 0, height: 0 }) })) };
}

function readIndex(pages: PageText[], opts?: { indexPages?: number[] }): IndexDetection {
  const layouts = layoutPages(pages);
  // Rows as an index reads them (columns side by side, labels centred in their cells), prepared on demand.
  const ready: Array<PageLayout | undefined> = [];
  // The document's words, for labels OCR glued to their titles (read once, when a row needs them).
  let words: Map<string, number> | null = null;
  const vocabulary = () => (words ??= documentWords(layouts));
  // A table whose label column is not the first may run on to the next page without its header.
  const columns: Array<LabelColumn | null> = [];
  const readyAt = (i: number): PageLayout => {
    let l = ready[i];
    if (!l) {
      const r = indexRows(layouts[i]!, ready[i - 1] ? (columns[i - 1] ?? null) : null, vocabulary);
      columns[i] = r.column;
      l = ready[i] = r.layout;
    }
    return l;
  };
  const byPage = new Map(layouts.map((l, i) => [l.page, i]));

  if (opts?.indexPages && opts.indexPages.length > 0) {
    const chosen = opts.indexPages.map((p) => byPage.get(p)).filter((i): i is number => i !== undefined).map(readyAt);
    const asm = new ItemAssembler({ explicit: true });
    for (const l of chosen) asm.addPage(l.page, parsePage(l), l.height, l.width);
    const items = finishItems(asm.out, vocabulary);
    if (items.length > 0) return { pages: [...opts.indexPages], items };
    const empty = chosen.every((l) => l.rows.length === 0);
    return {
      pages: [...opts.indexPages],
      items: [],
      reason: empty
        ? `The pages given as the index (${opts.indexPages.join(', ')}) have no readable text.`
        : `No numbered or lettered index rows were found on the pages given as the index (${opts.indexPages.join(', ')}).`,
    };
  }

  // Page statistics are computed as the scan goes: an index near the front stops it early.
  const memo: Array<PageStats | undefined> = [];
  const stat = (i: number): PageStats | undefined =>
    i < layouts.length ? (memo[i] ??= pageStats(readyAt(i))) : undefined;
  // An index stands at the front: the scan for where one opens covers the first 60 pages or 30%.
  const scan = Math.min(layouts.length, Math.max(60, Math.ceil(0.3 * layouts.length)));
  // A headed page with a single row (a cover titled like an index, its address read as row 148) gives
  // way to a fuller index opening within the next few pages.
  let single: { pages: number[]; items: IndexDetection['items']; at: number } | null = null;
  /** The index run opening on page index i: that page and the pages that continue its list. */
  const readRun = (i: number): { pages: number[]; items: IndexDetection['items'] } => {
    const s = stat(i)!;
    const asm = new ItemAssembler({ explicit: unheadedContents(s) });
    asm.addPage(s.layout.page, parsePage(s.layout), s.layout.height, s.layout.width);
    const runPages = [s.layout.page];
    for (let j = i + 1; j < layouts.length; j++) {
      const t = stat(j)!;
      if (!mayContinue(t)) break;
      const revert = asm.snapshot();
      asm.addPage(t.layout.page, parsePage(t.layout), t.layout.height, t.layout.width);
      const labelled = asm.out.labelled.get(t.layout.page) ?? 0;
      const accepted = asm.out.accepted.get(t.layout.page) ?? 0;
      if (accepted === 0 || accepted < 0.5 * labelled) {
        revert();
        break;
      }
      runPages.push(t.layout.page);
    }
    return { pages: runPages, items: finishItems(asm.out, vocabulary) };
  };
  for (let i = 0; i < scan; i++) {
    if (single && i > single.at + 3) break;
    const s = stat(i)!;
    if (!opensIndex(s, s.heading ? stat(i + 1) : undefined)) continue;
    const run = readRun(i);
    if (run.items.length >= 2) return appendixContents(laterVolumes(run, layouts, stat, readRun), layouts, stat, readRun);
    if (run.items.length === 1 && s.heading && !single) single = { ...run, at: i };
  }
  if (single) return { pages: single.pages, items: single.items };
  // No index page: a declaration's paragraphs naming the exhibits behind its slip sheets serve as one.
  const declared = exhibitParagraphs(layouts);
  if (declared) return declared;

  const textPages = layouts.filter((l) => l.rows.length > 0).length;
  if (textPages === 0) {
    return { pages: [], items: [], reason: 'The document has no readable text (it may need OCR), so no index could be found.' };
  }
  return {
    pages: [],
    items: [],
    reason:
      'No index was found: no page is headed INDEX or TABLE OF CONTENTS with numbered or lettered rows, ' +
      'and no page is a list of tabs or exhibits. If the document has an index, give its pages (for example 2-5).',
  };
}

interface PageStats {
  layout: PageLayout;
  /** Light parse: labels, headings and headers only. */
  parsed: ParsedRow[];
  heading: boolean;
  /** Headed TABLE OF CONTENTS. */
  toc: boolean;
  /** Headed TABLE OF AUTHORITIES (or the like) before any index heading: not an index page. */
  stop: boolean;
  /** Rows with a leader and a page number but no label (`ARGUMENT ...... 5`). */
  unlabelledRefs: number;
  /** The page numbers of those rows mostly rise from row to row, as in a list of contents. */
  refsRise: boolean;
  /** Unlabelled rows whose page number is set apart by a wide gap, with no leader (`ARGUMENT        5`). */
  gapRefs: number;
  header: boolean;
  labelled: number;
  keyworded: number;
  withRef: number;
  content: number;
  /** Rows with a word of two letters or figures (not a speck OCR read as a letter or a mark). */
  worded: number;
  /** A row ends in `PAGE` out in the right half of the page: the head of a page column. */
  pageColumn: boolean;
}

/**
 * A page's rows as an index reads them: on a page read by OCR, a roman label glued to its title set apart
 * (glued-labels.ts); a page set in two side-by-side columns column by column, labels
 * printed in a later column (`Authority | Tab`) moved to the front of their rows, a label
 * wrapped under its keyword (`Tab` over `10`), a label on a line of its own above its description, and labels
 * centred beside their wrapped descriptions moved up to the row's first line.
 */
function indexRows(l: PageLayout, carried: LabelColumn | null, vocabulary: () => Map<string, number>): { layout: PageLayout; column: LabelColumn | null } {
  const ocr = l.source === 'ocr';
  const sides = readSideBySide(ocr ? { ...l, rows: splitGluedRomanLabels(l.rows, vocabulary) } : l);
  const parse = (r: Row) => parseRow(r, { ocr, light: true });
  const later = labelsFromLaterColumn(sides.rows, ocr, carried);
  const rows = liftCentredLabels(joinStackedLabels(joinWrappedLabels(later.rows, ocr), parse), parse);
  return { layout: { ...sides, rows }, column: later.column };
}

function parsePage(l: PageLayout, light = false): ParsedRow[] {
  return l.rows.map((r) => parseRow(r, { ocr: l.source === 'ocr', light }));
}

function pageStats(layout: PageLayout): PageStats {
  const parsed = parsePage(layout, true);
  let heading = false;
  let toc = false;
  let stop = false;
  let unlabelledRefs = 0;
  const refs: number[] = [];
  let gapRefs = 0;
  let header = false;
  let labelled = 0;
  let keyworded = 0;
  let withRef = 0;
  parsed.forEach((p, i) => {
    // The heading stands near the top, possibly under a repeated court file number and title of proceeding.
    if (p.heading && (i < 5 || (i < 14 && p.row.bbox[1] < 0.45 * (layout.height || 792)))) {
      if (p.heading === 'stop') stop ||= !heading;
      else heading = true;
      if (p.heading === 'toc') toc = true;
    }
    if (p.labels.length === 0 && !p.row.leader && p.pageRef !== undefined && p.desc.length > 0) gapRefs++;
    if (p.labels.length === 0 && p.row.leader && p.pageRef !== undefined) {
      unlabelledRefs++;
      if (/^\d+$/.test(p.pageRef)) refs.push(Number(p.pageRef));
    }
    if (p.header) header = true;
    if (p.labels.length > 0 && !p.bare) {
      labelled++;
      if (p.keyword) keyworded++;
      if (p.pageRef) withRef++;
    }
  });
  let rising = 0;
  for (let i = 1; i < refs.length; i++) if (refs[i]! >= refs[i - 1]!) rising++;
  const refsRise = refs.length >= 2 && rising >= 0.85 * (refs.length - 1);
  const worded = parsed.filter((p) => /[\p{L}\p{N}]{2}/u.test(p.row.text)).length;
  const pageColumn = parsed.some((p) => {
    const last = p.row.words[p.row.words.length - 1];
    return last !== undefined && /^pages?$/i.test(last.text) && last.bbox[0] > 0.6 * (layout.width || 612);
  });
  return { layout, parsed, heading, toc, stop, unlabelledRefs, refsRise, gapRefs, header, labelled, keyworded, withRef, content: parsed.length, worded, pageColumn };
}

/**
 * A contents list with no heading (a judgment 'organised as follows:'): a page that is mostly unlabelled
 * entries, each with a leader and a page number, the numbers rising down the page.
 */
function unheadedContents(s: PageStats): boolean {
  return !s.heading && !s.stop && s.unlabelledRefs >= 5 && s.unlabelledRefs >= 0.6 * s.content && s.refsRise;
}

function opensIndex(s: PageStats, next: PageStats | undefined): boolean {
  if (s.stop) return false;
  if (unheadedContents(s)) return true;
  if (s.heading && s.labelled + s.unlabelledRefs >= 2) return true;
  if (s.heading && s.toc && s.gapRefs >= 3 && s.gapRefs >= 0.5 * s.content) return true;
  // A transcript's CONTENTS (`ORAL ARGUMENT OF` / `ROBERT A. LONG, ESQ.` / `For Court-appointed amicus   3`):
  // entries over several lines under a PAGE column, each ending in its page number.
  if (s.heading && s.toc && s.pageColumn && s.labelled === 0 && s.gapRefs + s.unlabelledRefs >= 2) return true;
  // A short index of unlabelled entries under its heading (a transcript's INDEX: `STATUS CONFERENCE    4`):
  // every row but the heading and a column header is an entry with its page number.
  const entries = s.unlabelledRefs + s.gapRefs;
  // (specks OCR read as a letter on lines of their own, `B`, `i`, are no rows of it)
  if (s.heading && s.labelled === 0 && entries >= 1 && entries >= s.worded - 2) return true;
  if (s.heading && (s.labelled >= 2 || (s.labelled >= 1 && next !== undefined && next.labelled >= 2))) return true;
  if (s.labelled < 3) return false;
  const share = s.labelled / Math.max(1, s.content);
  return share >= 0.35 && (s.keyworded >= 3 || s.withRef >= 3 || s.header);
}

function mayContinue(t: PageStats): boolean {
  if (t.stop) return false;
  // a contents page of unlabelled entries, a few labelled ones among them (`R. The Equal Protection Clause`),
  // their page numbers after leaders, or typed after a gap with none (`COUNT 10 CONVERSION    28`)
  if (t.unlabelledRefs >= 3 && t.unlabelledRefs >= 0.4 * t.content) return true;
  if (t.unlabelledRefs + t.gapRefs >= 3 && t.unlabelledRefs + t.gapRefs >= 0.5 * t.content) return true;
  if (t.labelled === 0) {
    return t.unlabelledRefs >= 2 || (t.unlabelledRefs === 1 && t.content <= 3) || (t.gapRefs >= 3 && t.gapRefs >= 0.5 * t.content);
  }
  if (t.header || t.heading) return true;
  const share = t.labelled / Math.max(1, t.content);
  return share >= 0.3 || t.withRef >= 2;
}

/**
 * Volumes merged into one file each keep their own index: a later page headed like an index whose
 * first item continues the list (tab 7 after tab 6) opens the next volume's part of the index.
 */
function laterVolumes(first: { pages: number[]; items: IndexDetection['items'] }, layouts: PageLayout[],
  stat: (i: number) => PageStats | undefined, readRun: (i: number) => { pages: number[]; items: IndexDetection['items'] }): IndexDetection {
  const pages = [...first.pages];
  const items = [...first.items];
  const HEAD = /^(index|table of contents|contents)\b/i;
  for (let i = layouts.indexOf(layouts.find((l) => l.page === pages[pages.length - 1])!) + 1; i < layouts.length; i++) {
    if (!layouts[i]!.rows.slice(0, 6).some((r) => HEAD.test(r.text))) continue;
    const s = stat(i)!;
    if (!s.heading || !opensIndex(s, stat(i + 1))) continue;
    const run = readRun(i);
    const last = items[items.length - 1]!;
    const next = run.items[0];
    if (!next || !parseLabel(last.label).some((a) => parseLabel(next.label).some((b) => isSuccessor(a, b)))) continue;
    pages.push(...run.pages);
    for (const it of run.items) items.push({ ...it, ordinal: items.length + 1 });
    i = layouts.findIndex((l) => l.page === run.pages[run.pages.length - 1]);
  }
  return { pages, items };
}

/** A page reference in an appendix's own numbering: `1a`, `12a`, `A1`, `A-12`. */
const APPENDIX_REF = /^(?:\d{1,4}a|[A-Z]{1,2}-?\d{1,4})$/;

/**
 * An appendix or addendum bound in after the brief with contents of its own (a Supreme Court brief's statutory
 * appendix, `28 U.S.C. 2343 ..... 1a`; a Federal Circuit brief's addendum, `28 U.S.C. § 612 ..... A2`): a later
 * page headed TABLE OF CONTENTS whose entries cite pages in the appendix's numbering is a second index, read
 * after the first.
 */
function appendixContents(first: { pages: number[]; items: IndexDetection['items'] }, layouts: PageLayout[],
  stat: (i: number) => PageStats | undefined, readRun: (i: number) => { pages: number[]; items: IndexDetection['items'] }): IndexDetection {
  const pages = [...first.pages];
  const items = [...first.items];
  const HEAD = /^(table of contents|contents)\b/i;
  const after = layouts.findIndex((l) => l.page === pages[pages.length - 1]);
  for (let i = after + 1; i < layouts.length; i++) {
    if (!layouts[i]!.rows.slice(0, 6).some((r) => HEAD.test(r.text.trim()))) continue;
    const s = stat(i)!;
    if (!s.heading || s.stop || !opensIndex(s, stat(i + 1))) continue;
    const run = readRun(i);
    const refs = run.items.filter((it) => it.pageRef);
    if (refs.length === 0 || refs.filter((it) => APPENDIX_REF.test(it.pageRef!)).length < 0.8 * refs.length) continue;
    pages.push(...run.pages);
    for (const it of run.items) items.push({ ...it, ordinal: items.length + 1 });
    i = layouts.findIndex((l) => l.page === run.pages[run.pages.length - 1]);
  }
  return { pages, items };
}
