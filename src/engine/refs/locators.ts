import type { RefParts } from './types.ts';

/**
 * What follows a document's name in a reference, read as lawyers write it: volume, tab, exhibit,
 * page or range (`p. 23`, `pp. 14-15`, `at 23`, a bare `45` where the family takes bare pages),
 * paragraph (`¶ 14`, `paras. 3-5`), transcript page and line (`12:3-15`), question (`qq. 45-47`),
 * lines (`lines 15-17`), and lists of pages (`12, 15-17, 20`), each listed page its own element.
 */

/** A page as printed: `45`, `3a` (appendix pages), `A12`, `A-12`. */
const PAGE = '(?:[A-Z]-?)?\\d{1,5}[a-z]?';
const DASH = '\\s*[-–—]\\s*';
const NUM = '\\d{1,4}';
/** A paragraph number as printed: `14`, `14.2`, `3(b)`, `41(A)`; a range's end may be a subparagraph alone (`41(D)–(G)`). */
const PARA = '\\d{1,4}(?:\\.\\d{1,2})?(?:\\([A-Za-z0-9]{1,3}\\))*';
const PARA_END = `(?:${PARA}|\\([A-Za-z0-9]{1,3}\\))`;
/**
 * A Bates number (`FB-SCHMIDT-000054545`, `ABC_0001234`), and the short pinpoint into it that a brief writes after
 * one (`at ‘548`: the last digits of the number).
 */
export const BATES = '(?:[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)*[-_]\\d{4,}|[A-Z][A-Za-z]{2,}\\d{6,})';

/** A cited locator of one element: what it targets, and the characters it spans. */
export interface LocatorElement {
  from: number;
  to: number;
  parts: Partial<RefParts>;
}

export interface Locators {
  /** Where the first locator starts (past the separator after the name). */
  start: number;
  /** Where the locators end (after the last one read). */
  end: number;
  /** Parts that hold for every element (volume, tab, exhibit). */
  common: Partial<RefParts>;
  /** The pinpoints: one per listed page or range; empty when the reference names a tab, exhibit or volume only. */
  elements: LocatorElement[];
  supra: boolean;
}

const sticky = (src: string) => new RegExp(src, 'y');

const SEP = sticky('\\s*(?:,\\s*)?');
const VOLUME = sticky(`(?:Vol(?:ume|s?\\.)?|v\\.)\\s*(\\d{1,2}|[IVX]{1,5})\\b`);
const TAB = sticky(`Tabs?\\s*(\\d{1,3}[A-Za-z]?(?:\\([a-z0-9]{1,3}\\))?)(?![\\w])`);
const EXHIBIT = sticky(`(?:Exh(?:ibit)?s?\\.?|Exs?\\.|Exhibits?)\\s*(?:No\\.\\s*)?["“”]?([A-Z]{1,2}(?:-?\\d{1,3})?|\\d{1,4}[A-Z]?(?:-\\d{1,3})?)["”]?(?![\\w])`);
const SUPRA = sticky('supra\\b');
const PAGES = sticky(`(?:at\\s+)?(?:pp?\\.|[Pp]ages?|pg\\.|page\\s+no\\.)\\s*(${PAGE})(?:${DASH}(${PAGE}))?(?![\\w:])`);
const PARAS = sticky(`(?:at\\s+)?(?:¶¶?|paras?\\.?|paragraphs?|para\\s)\\s*(${PARA})(?:(?:${DASH}|\\s+to\\s+)(${PARA_END}))?(?![\\w])`);
const BARE_PARAS = sticky(`(${PARA})(?:(?:${DASH}|\\s+to\\s+)(${PARA_END}))?(?![\\w:])`);
const BATES_PAGE = sticky(`(${BATES})(?:${DASH}(${BATES}|\\d{1,6}))?(?![\\w])`);
const AT_BATES = sticky(`at\\s+(${BATES})(?:${DASH}(${BATES}|\\d{1,6}))?(?![\\w])`);
const SHORT_BATES = sticky(`(?:at\\s+)?[‘'’](\\d{2,6})(?:${DASH}[‘'’]?(\\d{2,6}))?(?![\\w])`);
const QUESTIONS = sticky(`(?:at\\s+)?(?:qq?\\.|questions?|Qs?\\.)\\s*(${NUM})(?:${DASH}(${NUM}))?(?![\\w])`);
const PAGE_LINE = sticky(`(?:at\\s+)?(${NUM}):(\\d{1,3})(?:${DASH}(?:(${NUM}):)?(\\d{1,3}))?(?![\\w:])`);
/**
 * A discovery response within an exhibit (`Ex. K, Resp. No. 1`, `First Supp. Resp. No. 6`, `at RFA Nos.
 * 52-54`, `Interrog. No. 3`), bare or in parentheses: part of the reference's words; the link goes to the exhibit.
 */
const DISCOVERY_SRC = `(?:at\\s+)?(?:(?:First|Second|Third|Fourth|Fifth|\\d(?:st|nd|rd|th))\\s+)?(?:(?:Supp(?:lemental)?|Am(?:ended)?)\\.?\\s+)?(?:Resp(?:onse)?s?\\.?|RFAs?|RFPs?|Interrog(?:atory|atories|s)?\\.?|Req(?:uest)?s?\\.?(?:\\s+for\\s+Admission)?)\\s+Nos?\\.\\s*${NUM}(?:${DASH}${NUM})?(?![\\w])`;
const DISCOVERY = sticky(`\\s*(?:,\\s*)?(?:${DISCOVERY_SRC}|\\(${DISCOVERY_SRC}\\))`);

/** Where a discovery response named just after an exhibit's label (at `at`) ends, or null when none is. */
export function discoveryEnd(text: string, at: number): number | null {
  const m = match(DISCOVERY, text, at);
  return m ? at + m[0].length : null;
}
const LINES = sticky(`(?:lines?|ll?\\.)\\s*(\\d{1,3})(?:${DASH}(\\d{1,3}))?(?![\\w])`);
const AT_PAGES = sticky(`at\\s+(${PAGE})(?:${DASH}(${PAGE}))?(?![\\w:])`);
const BARE_PAGES = sticky(`(${PAGE})(?:${DASH}(${PAGE}))?(?![\\w:/])`);
const LIST_NEXT = sticky(`\\s*(?:,|,?\\s*and|&)\\s*(?=(?:${PAGE})(?:${DASH}(?:${PAGE}))?(?![\\w:/])(?!\\s+(?:[A-Z]\\.\\s*)*[A-Z]{2,}\\b))`);
const BARE_NUMS = sticky(`(${NUM}(?:\\.\\d{1,2})?)(?:${DASH}(${NUM}(?:\\.\\d{1,2})?))?(?![\\w:])`);
const LIST_NEXT_PARA = sticky(`\\s*(?:,|,?\\s*and|&)\\s*(?=(?:¶\\s*)?${NUM}(?![\\d:]))`);
const LIST_NEXT_LINE = sticky(`\\s*[,;]\\s*(?=${NUM}:\\d)`);

/** The last page of a range written short (`311-12` → `312`, `2077-107` → `2107`). */
export function rangeEnd(start: string, end: string): string {
  if (/^\d+$/.test(start) && /^\d+$/.test(end) && end.length < start.length) {
    const whole = start.slice(0, start.length - end.length) + end;
    return Number(whole) >= Number(start) ? whole : end;
  }
  return end;
}

function pageParts(m: RegExpExecArray): Partial<RefParts> {
  const page = m[1]!;
  return m[2] ? { page, pageEnd: rangeEnd(page, m[2]) } : { page };
}

function match(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

export interface LocatorOptions {
  /** Bare page numbers right after the name are pages (`JA 45`, `ER 12-15`; not `AB 45`). */
  barePages: boolean;
  /** Bare numbers right after the name are paragraphs (`SUF 41`, `UF 2-4`: numbered facts). */
  bareParagraphs?: boolean;
  /** The Bates number of the document cited, which a short pinpoint (`at ‘548`) completes. */
  bates?: string;
}

/** A short Bates pinpoint written out whole: `FB-SCHMIDT-000054545` and `548` → `FB-SCHMIDT-000054548`. */
export function batesEnd(full: string, short: string): string {
  if (!/^\d+$/.test(short)) return short;
  const m = /^(.*?)(\d+)$/.exec(full);
  if (!m || short.length > m[2]!.length) return short;
  return m[1]! + m[2]!.slice(0, m[2]!.length - short.length) + short;
}

/**
 * Reads the locators from `at` (just after the document's name). Returns null when nothing a reference
 * needs follows (a name alone is no reference).
 */
export function readLocators(text: string, at: number, opts: LocatorOptions): Locators | null {
  const common: Partial<RefParts> = {};
  const elements: LocatorElement[] = [];
  let pos = at;
  let supra = false;
  let first = true;
  for (;;) {
    const sep = match(SEP, text, pos);
    const start = sep ? pos + sep[0].length : pos;
    let m: RegExpExecArray | null;
    if (!common.volume && (m = match(VOLUME, text, start))) {
      common.volume = romanToArabic(m[1]!);
      pos = start + m[0].length;
    } else if (!common.tab && elements.length === 0 && (m = match(TAB, text, start))) {
      common.tab = m[1]!;
      pos = start + m[0].length;
    } else if (!common.exhibit && elements.length === 0 && (m = match(EXHIBIT, text, start))) {
      common.exhibit = m[1]!;
      pos = start + m[0].length;
    } else if (!supra && (m = match(SUPRA, text, start))) {
      supra = true;
      pos = start + m[0].length;
    } else if (elements.length === 0 && ((m = match(BATES_PAGE, text, start)) || (m = match(AT_BATES, text, start)))) {
      const page = m[1]!;
      elements.push({ from: start, to: start + m[0].length, parts: m[2] ? { page, pageEnd: batesEnd(page, m[2]) } : { page } });
      pos = start + m[0].length;
      // `FB-SCHMIDT-000054545, at ‘548`: the page within the document the Bates number starts
      const sep2 = match(/\s*,?\s*/y, text, pos);
      const pin = match(SHORT_BATES, text, pos + (sep2 ? sep2[0].length : 0));
      if (pin) {
        elements[0]!.parts = pin[2] ? { page: batesEnd(page, pin[1]!), pageEnd: batesEnd(page, pin[2]) } : { page: batesEnd(page, pin[1]!) };
        pos += (sep2 ? sep2[0].length : 0) + pin[0].length;
        elements[0]!.to = pos;
      }
      break;
    } else if (elements.length === 0 && opts.bates && (m = match(SHORT_BATES, text, start))) {
      const page = batesEnd(opts.bates, m[1]!);
      elements.push({ from: start + (/^at\s+/.exec(m[0])?.[0].length ?? 0), to: start + m[0].length, parts: m[2] ? { page, pageEnd: batesEnd(opts.bates, m[2]) } : { page } });
      pos = start + m[0].length;
      break;
    } else if (elements.length === 0 && (m = match(PAGE_LINE, text, start))) {
      pos = readList(text, start, m, PAGE_LINE, LIST_NEXT_LINE, pageLineParts, elements);
      break;
    } else if (elements.length === 0 && (m = match(PARAS, text, start))) {
      pos = readList(text, start, m, BARE_PARAS, LIST_NEXT_PARA, paraParts, elements, /(?:¶¶?|paras?\.?|paragraphs?|at)\s*/y);
      break;
    } else if (elements.length === 0 && opts.bareParagraphs && first && (m = match(BARE_PARAS, text, start))) {
      pos = readList(text, start, m, BARE_PARAS, LIST_NEXT_PARA, paraParts, elements);
      break;
    } else if (elements.length === 0 && (m = match(QUESTIONS, text, start))) {
      pos = readList(text, start, m, BARE_NUMS, LIST_NEXT_PARA, questionParts, elements, /(?:qq?\.|Q\.)\s*/y);
      break;
    } else if (elements.length === 0 && ((m = match(PAGES, text, start)) || (m = match(AT_PAGES, text, start)) || (opts.barePages && first && (m = match(BARE_PAGES, text, start))))) {
      pos = readList(text, start, m, BARE_PAGES, LIST_NEXT, pageParts, elements);
      // `Appx48 n.1`: a footnote on the page cited
      const note = match(/\s*,?\s*nn?\.\s*\d{1,3}(?:[-–]\d{1,3})?(?![\w])/y, text, pos);
      if (note) {
        pos += note[0].length;
        elements[elements.length - 1]!.to = pos;
      }
      // `7 CT 1531, ¶ 11, lines 15-17`: a paragraph and lines within the page cited
      const extra = match(new RegExp(`\\s*,?\\s*(?:¶¶?|paras?\\.)\\s*(${PARA})(?:${DASH}(${PARA_END}))?`, 'y'), text, pos);
      if (extra && (elements.length as number) === 1) {
        elements[0]!.parts.paragraph = extra[1]!;
        if (extra[2]) elements[0]!.parts.paragraphEnd = extra[2];
        pos += extra[0].length;
        elements[0]!.to = pos;
      }
      const lines = match(/\s*,?\s*/y, text, pos);
      const l = lines ? match(LINES, text, pos + lines[0].length) : null;
      if (l && (elements.length as number) === 1) {
        elements[0]!.parts.line = l[1]!;
        if (l[2]) elements[0]!.parts.lineEnd = l[2];
        pos = pos + lines![0].length + l[0].length;
        elements[0]!.to = pos;
      }
      break;
    } else {
      break;
    }
    first = false;
  }
  if (elements.length === 0 && !common.tab && !common.exhibit) return null;
  const lead = match(SEP, text, at);
  return { start: at + (lead ? lead[0].length : 0), end: pos, common, elements, supra };
}

/**
 * The first element matched at `start` (`m`, of `re`), then every further one a list joins on (`, 15-17`,
 * `and 20`). `lead` takes a marker the later elements may repeat (`¶¶ 4, ¶ 6`).
 */
function readList(
  text: string,
  start: number,
  m: RegExpExecArray,
  re: RegExp,
  next: RegExp,
  parts: (m: RegExpExecArray) => Partial<RefParts>,
  out: LocatorElement[],
  lead?: RegExp,
): number {
  // the element's own characters: `p. 23` keeps its `p.`, a leading `at ` is left out
  const lead0 = /^at\s+/.exec(m[0]);
  out.push({ from: start + (lead0 ? lead0[0].length : 0), to: start + m[0].length, parts: parts(m) });
  let pos = start + m[0].length;
  for (;;) {
    const j = match(next, text, pos);
    if (!j) break;
    let at = pos + j[0].length;
    if (lead) {
      const l = match(lead, text, at);
      if (l) at += l[0].length;
    }
    const k = match(re, text, at);
    if (!k) break;
    out.push({ from: at, to: at + k[0].length, parts: parts(k) });
    pos = at + k[0].length;
  }
  return pos;
}

function pageLineParts(m: RegExpExecArray): Partial<RefParts> {
  const p: Partial<RefParts> = { page: m[1]!, line: m[2]! };
  if (m[3] && m[3] !== m[1]) p.pageEnd = m[3];
  if (m[4]) p.lineEnd = m[4];
  return p;
}

function paraParts(m: RegExpExecArray): Partial<RefParts> {
  return m[2] ? { paragraph: m[1]!, paragraphEnd: m[2] } : { paragraph: m[1]! };
}

function questionParts(m: RegExpExecArray): Partial<RefParts> {
  return m[2] ? { question: m[1]!, questionEnd: m[2] } : { question: m[1]! };
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10 };

/** `II` → `2`; digits as they are. */
export function romanToArabic(v: string): string {
  if (/^\d+$/.test(v)) return String(Number(v));
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const a = ROMAN[v[i]!] ?? 0;
    const b = ROMAN[v[i + 1]!] ?? 0;
    n += a < b ? -a : a;
  }
  return String(n);
}
