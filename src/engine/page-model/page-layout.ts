import type { PageText } from '../types.ts';
import { romanValue } from './roman-numerals.ts';
import { documentNumberColumns, withoutLineNumbers } from './line-numbers.ts';
import { pageRows, rowCells, type Row } from './rows.ts';

/**
 * A page read as rows, with running headers and footers set apart: court headers
 * (`Case 5:17-cv-00220 Document 1244 Filed … Page 3 of 391`), confidentiality banners,
 * and the printed page number, which is kept for calibrating page references.
 */
export interface PageLayout {
  page: number;
  width: number;
  height: number;
  source: PageText['source'];
  /** Only the page's top and footer bands were read (ocr/quick-read.ts): what lies between is not known yet. */
  partial?: true;
  /** Rows that carry the page's content, top to bottom. */
  rows: Row[];
  /** Numbers printed alone in the header or footer zone (candidate printed page numbers). */
  printed: number[];
  /** Section page numbers printed alone there (`A1`, `B-12`, as in England & Wales bundles). */
  printedLabels: string[];
  /** Roman page numbers of front matter printed alone there (`ii`, `- iv -`, `Page iii`), lower case. */
  printedRoman: string[];
  /** Tab stamps: `Tab 3, p. 2` (or `Tab 3` alone) printed on a page of the item, most often in the margin. */
  stamps: TabStamp[];
  /**
   * The page's place in its own document as a stamp or footer set apart gives it (`Case … Page 3 of 5`,
   * `Page 3 of 5`): where a document of several filed together starts and ends. Null when none is printed.
   */
  pageOf: { n: number; of: number } | null;
  /**
   * The topmost row when it stands in the top tenth of the page, as printed, set apart or not: a running header,
   * a stamp, a letterhead. A change of it from page to page is where one document gives way to another.
   */
  header: string | null;
}

export interface TabStamp {
  keyword: string;
  label: string;
  /** Page within the item (`p. 2` → 2); null when the stamp names the item only. */
  sub: number | null;
  shown: string;
}

const STAMP = /^(tab|exhibit|schedule|appendix)\s*(?:no\.?\s*)?["“]?([0-9]{1,3}[A-Za-z]?|[0-9]{1,3}\([a-z0-9]{1,3}\)|[A-Za-z]{1,2}(?:-?[0-9]{1,3})?)["”]?(?:\s*[,:;/–—-]\s*|\s+)?(?:(?:p|pg|page)\.?\s*([0-9]{1,4}))?$/i;

/** A row that is only a tab stamp (`Tab 3, p. 2`, `TAB 3 - Page 2`, `Exhibit "C" p. 1`). */
export function tabStamp(text: string): TabStamp | null {
  const m = STAMP.exec(text.trim());
  if (!m) return null;
  return { keyword: m[1]!.toLowerCase(), label: m[2]!, sub: m[3] ? Number(m[3]) : null, shown: text.trim() };
}

const PAGE_OF = /\bpage\s+\d+\s+of\s+\d+\b/i;
const PAGE_OF_NUMBERS = /\bpage\s+(\d{1,5})\s+of\s+(\d{1,5})\b/i;

/** `Page 3 of 5` in a stamp or footer → { n: 3, of: 5 }; null when absent or impossible (`Page 6 of 5`). */
export function pageOfText(text: string): { n: number; of: number } | null {
  const m = PAGE_OF_NUMBERS.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const of = Number(m[2]);
  return n >= 1 && n <= of ? { n, of } : null;
}
const COURT_HEADER = /\b(case|document|doc\.?|filed|entered)\b.*\b(filed|page|pageid)\b/i;
const PAGE_LABEL = /^(?:page\s+)?([A-Z]{1,2}-?\d{1,4})$/;

/** An addendum's page label read by OCR with its 1 as l or I (`Al` for A1, `B-1l` for B-11; not `Il`, a roman II). */
export function ocrLabelDigits(text: string): string {
  const m = /^([A-HJ-Z]-?)([\dIl|]{1,3})$/.exec(text);
  return m && /[Il|]/.test(m[2]!) ? `${m[1]}${m[2]!.replace(/[Il|]/g, '1')}` : text;
}
const PAGE_ROMAN = /^(?:[Pp]age\s+|PAGE\s+)?[-–—]?\s*([ivxlc]{1,7})\s*[-–—]?$/;
const PAGE_ROMAN_UPPER = /^(?:(?:page|PAGE)\s+([IVXLC]{1,7})|[-–—]\s*([IVXLC]{1,7})\s*[-–—])$/;
// (OCR reads the dashes of `- 2 -` as `_`, `~`, `=` or an `o`: `o1-`, `_2-`)
const PAGE_NUMBER = /^(?:page|pg\.?|p\.)?\s*(?:[-–—_~=]|o(?=\d))?\s*([0-9IlO]{1,4})\s*[-–—_~]?(?:\s*[.,'‘’]{1,2})?$/i;

/** Digits, with OCR confusions in a footer number read back (l2 → 12, 1O → 10). */
function footerNumber(text: string): number | null {
  const m = PAGE_NUMBER.exec(text.trim());
  if (!m) return null;
  const raw = m[1]!;
  if (!/\d/.test(raw)) return null; // a lone 'I' is more likely a heading than a page number
  const digits = raw.replace(/[Il]/g, '1').replace(/O/g, '0');
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return n > 0 && n < 10000 ? n : null;
}

/**
 * A page number set with the document's title in a running footer or header: `3 | OPPOSITION TO …`,
 * `PAGE 3 – MOTION FOR …`, `OPPOSITION TO MOTION – 3`. The number (arabic or roman) as printed, or null.
 */
function titledNumber(text: string): string | null {
  const t = text.trim();
  // (OCR may read the bar as a dash, or lose it: `- i OPPOSITION …`)
  const m = /^[-–—|]?\s*(\d{1,4}|[ivxlc]{1,7})\s*(?:[|]\s*\S|[-–—]?\s+[A-Z]{3})/.exec(t) ??
    /^(?:page|PAGE|Page)\s+(\d{1,4}|[ivxlc]{1,7})\s*[–—|-]\s*\S/.exec(t) ??
    /[A-Za-z]\s+[–—|-]\s*(\d{1,4}|[ivxlc]{1,7})$/.exec(t);
  return m && (/^\d/.test(m[1]!) || isRoman(m[1]!)) && m[1] !== '0' ? m[1]! : null;
}

/**
 * A footer set in several cells (`ATTORNEYS AT LAW  Case No. 3:17-cv-03022   5   BRIEF RE REMEDIES`): the
 * one cell that is a page number alone.
 */
function cellNumber(r: Row): number | null {
  const cells = rowCells(r);
  if (cells.length < 2) return null;
  const nums = cells.map((c) => footerNumber(c.map((t) => t.text).join(' '))).filter((n): n is number => n !== null);
  return nums.length === 1 ? nums[0]! : null;
}

/**
 * A footer whose page number the text layer gives as a line of its own, set close beside other footer text
 * (`… 3:17-cv-03022  5 REMEDIES FOR …`), or that a line of body text runs into (`Page 16` beside the last
 * line): the one such line within the row; `marked`: only a number written as one (`Page 16`, `- 16 -`).
 */
function lineNumberIn(p: PageText, r: Row, marked: boolean): number | null {
  const found = new Set<number>();
  for (const l of p.lines) {
    const mid = (l.bbox[1] + l.bbox[3]) / 2;
    if (mid < r.bbox[1] || mid > r.bbox[3] || l.bbox[0] < r.bbox[0] - 1 || l.bbox[2] > r.bbox[2] + 1) continue;
    // outside a repeated footer only a number that says it is one (`Page 16`, `- 16 -`), not a paragraph's
    if (marked && !/^(?:page|pg\.?|p\.)\s|^[-–—]\s*\d+\s*[-–—]$/i.test(l.text.trim())) continue;
    const n = footerNumber(l.text);
    if (n !== null) found.add(n);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** A well-formed roman numeral as front matter is numbered (`iv`, not `iiv` or `civil`). */
export function isRoman(s: string): boolean {
  return romanValue(s) !== null;
}

function signature(text: string): string {
  // page numbers aside, arabic or roman (`ii | OPPOSITION …` repeats `3 | OPPOSITION …`)
  // (signs aside too: OCR reads a bar as a dash, or not at all)
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\b[ivxlc]{1,7}\b/g, (w) => (isRoman(w) ? '#' : w)).replace(/[^a-z#]+/g, ' ').trim();
}

/**
 * Lays out every page. Rows in the top or bottom tenth that repeat (digits aside) on at least
 * 40% of pages, court headers and `Page N of M` are set apart from the content.
 */
const cache = new WeakMap<PageText[], PageLayout[]>();

export function layoutPages(pages: PageText[]): PageLayout[] {
  let out = cache.get(pages);
  if (!out) {
    out = layout(pages);
    cache.set(pages, out);
  }
  return out;
}

function layout(pages: PageText[]): PageLayout[] {
  // Line numbers down a margin (pleading paper, transcripts) are set apart before rows are read.
  const numberCols = documentNumberColumns(pages);
  const all = pages.map((p) => {
    const clean = withoutLineNumbers(p, numberCols);
    return { p, clean, rows: pageRows(clean) };
  });
  const minRepeat = Math.max(3, Math.ceil(0.4 * pages.length));
  /** Whether a row of a zone (`inZone`) repeats there from page to page, digits aside (or, read by OCR, fuzzily). */
  const repeatsIn = (inZone: (r: Row, height: number) => boolean) => {
    const counts = new Map<string, number>();
    for (const { p, rows } of all) {
      for (const s of new Set(rows.filter((r) => inZone(r, p.height)).map((r) => signature(r.text)))) counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    const fuzzy = ocrRepeats(all.map(({ p, rows }) => rows.filter((r) => inZone(r, p.height))));
    return (r: Row, ocr: boolean) => (counts.get(signature(r.text)) ?? 0) >= minRepeat || (ocr && fuzzy(r));
  };
  const isRepeated = repeatsIn(inMargin);
  const folios = bookletFolios(all.map(({ rows }) => rows));
  // A running footer `26 | COMPLAINT …` set above the bottom tenth (pleading paper's, under its last numbered
  // line) is page furniture too, with what stands below it, where it repeats from page to page.
  // (or, where OCR read the title differently on every page, whose number runs on with the page: `26 | …` on
  // page 26, `27 | …` on page 27)
  const isLowFooter = repeatsIn(lowTitled);
  const runsOn = numberRunsOn(all.map(({ p, rows }) => ({ page: p.page, rows: rows.filter((r) => lowTitled(r, p.height)) })));
  const footerTop = (p: PageText, rows: Row[]): number => {
    const r = rows.find((x) => lowTitled(x, p.height) && (isLowFooter(x, p.source === 'ocr') || runsOn(x, p.page)));
    return r ? r.bbox[1] : Infinity;
  };
  return all.map(({ p, clean, rows }, at) => {
    const folio = folios[at];
    const content: Row[] = [];
    const printed: number[] = [];
    const printedLabels: string[] = [];
    const printedRoman: string[] = [];
    const stamps: TabStamp[] = [];
    let pageOf: PageLayout['pageOf'] = null;
    const header = rows.filter((r) => r.bbox[3] <= 0.1 * (p.height > 0 ? p.height : 792)).sort((a, b) => a.bbox[1] - b.bbox[1])[0]?.text ?? null;
    const footer = footerTop(p, rows);
    for (const r of rows) {
      // a speck or two OCR read on a line of its own (`.`, `’`) is no row of the page
      if (p.source === 'ocr' && !/[\p{L}\p{N}]/u.test(r.text) && r.words.length <= 2 && !r.leader) continue;
      const low = r.bbox[1] >= footer - 1;
      if (r === folio) {
        // the number of a booklet's page, at the top or foot of its text block (`26`, `(1)`, `(1a)`, `(III)`)
        const f = folioText(r.text)!;
        if (/^\d+$/.test(f)) printed.push(Number(f));
        else if (/^\d+a$/i.test(f)) printedLabels.push(f);
        else printedRoman.push(f.toLowerCase());
        continue;
      }
      const margin = inMargin(r, p.height) || low;
      const stamp = r.words.length <= 6 ? tabStamp(r.text) : null;
      if (stamp) stamps.push(stamp);
      if (margin) {
        // A stamp with the page within the item is page furniture; a bare `TAB 3` may be a divider's text.
        if (stamp?.sub != null) continue;
        // a number after a leader is an index entry's page number (an entry wrapped onto this page), not the page's
        // (a number among other footer text counts only in a footer repeated from page to page, not in a
        // paragraph that happens to start low on the page: `26  The email of that morning …`)
        const repeated = isRepeated(r, p.source === 'ocr');
        // (`3 | TITLE` is a footer's own form: taken even where OCR read the footers of other pages otherwise)
        const titled = (repeated || /^\d{1,4}\s*\|\s*\S/.test(r.text)) && !r.leader ? titledNumber(r.text) : null;
        if (titled && isRoman(titled)) {
          printedRoman.push(titled.toLowerCase());
          continue;
        }
        const n = r.leader ? null : footerNumber(r.text) ?? (titled ? Number(titled) : null) ?? (repeated ? cellNumber(r) ?? lineNumberIn(clean, r, false) : lineNumberIn(clean, r, true));
        if (n !== null) {
          printed.push(n);
          continue;
        }
        const roman = r.leader ? null : PAGE_ROMAN.exec(r.text.trim()) ?? PAGE_ROMAN_UPPER.exec(r.text.trim());
        if (roman && isRoman(roman[1] ?? roman[2] ?? '')) {
          printedRoman.push((roman[1] ?? roman[2]!).toLowerCase());
          continue;
        }
        const lbl = PAGE_LABEL.exec(r.text.trim()) ?? (p.source === 'ocr' ? PAGE_LABEL.exec(ocrLabelDigits(r.text.trim())) : null);
        if (lbl) {
          printedLabels.push(lbl[1]!.toUpperCase());
          continue;
        }
        if (PAGE_OF.test(r.text) || COURT_HEADER.test(r.text)) {
          pageOf ??= pageOfText(r.text);
          continue;
        }
        if (repeated || low) continue;
      } else if (PAGE_OF.test(r.text) && r.words.length <= 16 && COURT_HEADER.test(r.text)) {
        pageOf ??= pageOfText(r.text);
        continue;
      }
      content.push(r);
    }
    return { page: p.page, width: p.width, height: p.height, source: p.source, ...(p.partial ? { partial: true as const } : {}), rows: content, printed, printedLabels, printedRoman, stamps, pageOf, header };
  });
}

/** Words of a running line as compared across pages read by OCR: letters only, three or more. */
function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3));
}

/** Pages compared with when telling whether a line read by OCR runs on most pages. */
const FUZZY_SAMPLE = 30;

/**
 * For pages read by OCR, whose running lines come back a little different on every page (`DOCUMENA` /
 * `DOCUMEN`, a bar read or not): whether a margin row stands, in words mostly the same (two thirds of
 * them), on at least 40% of a sample of the other pages.
 */
function ocrRepeats(marginRows: Row[][]): (r: Row) => boolean {
  const step = Math.max(1, Math.floor(marginRows.length / FUZZY_SAMPLE));
  const sample: Array<Array<Set<string>>> = [];
  for (let i = 0; i < marginRows.length; i += step) sample.push(marginRows[i]!.map((r) => wordSet(r.text)));
  const memo = new Map<string, boolean>();
  return (r: Row) => {
    const mine = wordSet(r.text);
    if (mine.size < 3 || sample.length < 3) return false;
    const key = [...mine].sort().join(' ');
    let known = memo.get(key);
    if (known === undefined) {
      const alike = (o: Set<string>) => {
        let shared = 0;
        for (const w of mine) if (o.has(w)) shared++;
        return shared >= (2 / 3) * Math.max(mine.size, o.size);
      };
      known = sample.filter((rows) => rows.some(alike)).length >= Math.max(3, 0.4 * sample.length);
      memo.set(key, known);
    }
    return known;
  };
}

/**
 * Titled footers (`26 | COMPLAINT …`) whose number keeps one distance from the page's place in the file, on at
 * least three pages and a tenth of those that have one: the page's own number, whatever the title after it
 * reads (a scan's OCR reads it differently on every page). Whether a row is one of them, on its page.
 */
function numberRunsOn(pages: Array<{ page: number; rows: Row[] }>): (r: Row, page: number) => boolean {
  const lead = (r: Row) => Number(/^(\d{1,4})\s*\|/.exec(r.text.trim())?.[1] ?? NaN);
  const offsets = new Map<number, number>();
  let titled = 0;
  for (const { page, rows } of pages) {
    const here = new Set(rows.map((r) => lead(r) - page).filter((d) => !Number.isNaN(d)));
    if (here.size > 0) titled++;
    for (const d of here) offsets.set(d, (offsets.get(d) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [d, n] of offsets) if (n >= 3 && n >= 0.1 * titled && (best === null || n > offsets.get(best)!)) best = d;
  return (r, page) => best !== null && lead(r) - page === best;
}

/** A row in the bottom quarter, above the margin, in a titled footer's form (`26 | COMPLAINT …`). */
function lowTitled(r: Row, pageHeight: number): boolean {
  const h = pageHeight > 0 ? pageHeight : 792;
  return r.bbox[1] >= 0.75 * h && !inMargin(r, h) && /^\d{1,4}\s*\|\s*\S/.test(r.text);
}

/** A booklet's page number as printed alone: `26`, `(1)`, `(1a)`, `1a`, `(III)` → `26`, `1`, `1a`, `III`; or null. */
function folioText(text: string): string | null {
  const m = /^\(?(\d{1,4}a?|[IVXLC]{1,7}|[ivxlc]{1,7})\)?$/.exec(text.trim());
  if (!m || (!/^\d/.test(m[1]!) && !isRoman(m[1]!.toLowerCase()))) return null;
  // (a bare roman numeral in small letters may be a list's `ii`: only in capitals or in parentheses)
  return /^\d/.test(m[1]!) || /^\(.*\)$/.test(text.trim()) || /^[IVXLC]+$/.test(m[1]!) ? m[1]! : null;
}

/**
 * Page numbers of a booklet (a Supreme Court brief set on a letter-size sheet): a number alone at the top or
 * the foot of the page's text block, set apart from it, well inside the sheet's margins. Taken only where the
 * document does so on many pages (at least three and a fifth of them); per page the row, or undefined.
 */
function bookletFolios(pages: Row[][]): Array<Row | undefined> {
  const found = pages.map((rows) => {
    if (rows.length < 2) return undefined;
    const byTop = [...rows].sort((a, b) => a.bbox[1] - b.bbox[1]);
    const first = byTop[0]!;
    const last = byTop[byTop.length - 1]!;
    const apart = (r: Row, o: Row) => Math.abs((r === first ? o.bbox[1] - r.bbox[3] : r.bbox[1] - o.bbox[3])) >= 0.5 * (r.bbox[3] - r.bbox[1]);
    if (folioText(last.text) && apart(last, byTop[byTop.length - 2]!)) return last;
    if (folioText(first.text) && apart(first, byTop[1]!)) return first;
    return undefined;
  });
  const n = found.filter(Boolean).length;
  return n >= 3 && n >= 0.2 * pages.length ? found : pages.map(() => undefined);
}

function inMargin(r: Row, pageHeight: number): boolean {
  const h = pageHeight > 0 ? pageHeight : 792;
  return r.bbox[3] <= 0.1 * h || r.bbox[1] >= 0.88 * h;
}
