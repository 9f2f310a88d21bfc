import type { PageText } from '../types.ts';
import { authoritySpans, type TextSpan } from './authority-spans.ts';
import { bodyText, spansOf, type BodyText } from './body-text.ts';
import { BRIEF_DESIGNATORS, DOCKET_NAME, EXHIBIT_NAME, NAMED_KINDS, RECORD_DESIGNATORS, designatorKey, plainKey, type Designator } from './designators.ts';
import { BATES, discoveryEnd, readLocators, rangeEnd, romanToArabic, type LocatorOptions, type Locators } from './locators.ts';
import { nonBodyPages } from './non-body-pages.ts';
import type { RefKind, RefParts, Reference } from './types.ts';

/**
 * Every reference a brief makes in its body to the record or to a brief (DESIGN §8), found as written:
 * a document's name (`AB`, `1-ER-`, `Smith Decl.`, `Affidavit of Jane Smith sworn …`, `Dkt.`), then its
 * locators (volume, tab, exhibit, pages, paragraphs, transcript lines, questions), one reference per cited
 * page or range of a list; short forms (`Id. at 5`, `Ibid.`) take the document of the citation before them
 * and are not references where that citation was an authority. Index pages and tables of authorities are
 * not body.
 */
export interface FindOptions {
  /** The brief's index pages (their rows are no references). */
  indexPages?: readonly number[];
  /** The names the case's record documents are cited by (`AB`, `Smith Affidavit`): a name of these is read even where lawyers use it for other things too. */
  citeAs?: readonly string[];
  /** The first page of the documents bound after the brief (bound-documents.ts): no body from there on. */
  bodyEnd?: number | null;
}

interface Candidate {
  from: number;
  /** Where the document's name ends and its locators start. */
  nameEnd: number;
  doc: string;
  docKey: string;
  kind: RefKind;
  volume?: string;
  barePages: boolean;
  weak: boolean;
  shortForm?: 'id' | 'ibid';
}

const WORD_START = /[\s([{;"“'‘—–]/;
const OPENERS = /[([{"“'‘]+/y;
const SENTENCE_WORDS = new Set(['See', 'The', 'And', 'Cf.', 'In', 'Also', 'But', 'Compare', 'With', 'Contra', 'Accord', 'E.g.,', 'Second', 'Supplemental', 'Supp.', 'Suppl.', 'Reply', 'Further', 'First', 'Third', 'His', 'Her', 'Their', 'Its', 'Mr.', 'Ms.', 'Mrs.', 'Dr.', 'Under', 'That', 'This', 'Same']);
/** A surname as printed in running text: `Smith`, `McDonald`, `O'Brien`, `Smith-Jones` (not a word in capitals). */
const NAME_WORD = "(?:\\p{Lu}(?:\\p{Ll}+|['’]\\p{Lu}\\p{Ll}+)(?:\\p{Lu}\\p{Ll}+)?(?:-\\p{Lu}\\p{Ll}+)?)";
const SHORT_FORM = /(?:Id\.|id\.|Ibid\.?|ibid\.?)/y;
const COMPACT_VOLUME = /(\d{1,2})-([A-Z]{1,4})-(\d{1,5})(?:[-–](\d{1,5}))?(?![\w-])/y;
const BUNDLE = /([[{])?([A-Z]{1,2})(\d{1,2})?\/(\d{1,3})\/(\d{1,5})(?:[-–](\d{1,5}))?([\]}])?/y;
const ROA_CASE = /ROA\.\d{2}-\d{4,5}\.(\d{1,6})(?:[-–](\d{1,6}))?(?![\w])/y;
const BRIEF_PARTS: RegExp[] = [
  /Tabs?\s+\d{1,3}[A-Za-z]?\s+of\s+(?:this|the\s+(?:present|within))\s+(?:Brief|Factum|Book|Compendium|Record|Memorandum)/y,
  /(?:Part|Section|Point|Argument|§)\s+(?:[IVX]{1,6}|[A-H]|\d{1,2})(?:\.[A-Z0-9]{1,3})*(?:\([a-z0-9]{1,3}\))?,?\s+(?:above|below|supra|infra)\b/y,
  /(?:supra|infra)\s+(?:Part|Section|Point|§)\s+(?:[IVX]{1,6}|[A-H]|\d{1,2})(?:\.[A-Z0-9]{1,3})*/y,
  /(?:supra|infra)\s+(?:at\s+|p\.\s*|pp\.\s*)\d{1,4}(?:[-–]\d{1,4})?/y,
];

export function findReferences(pages: PageText[], opts: FindOptions = {}): Reference[] {
  const body = bodyText(pages, nonBodyPages(pages, opts.indexPages ?? [], opts.bodyEnd ?? null));
  return findInBody(body, opts);
}

/**
 * findReferences over a body already read (tests give one directly). `offsets`, when given, receives each
 * reference's offsets in the body's text, in the same order (the authority finder reads them to tell
 * whose short form `Id.` is).
 */
export function findInBody(body: BodyText, opts: FindOptions = {}, offsets?: Array<{ from: number; to: number; kind: RefKind }>): Reference[] {
  const text = body.text;
  const citeKeys = new Set((opts.citeAs ?? []).map(citeKey));
  const custom = customDesignators(opts.citeAs ?? []);
  const designators = [...custom, ...RECORD_DESIGNATORS, ...BRIEF_DESIGNATORS];
  const authorities = authoritySpans(text);
  const ctx: ReadContext = {
    citeKeys,
    designators,
    anyDesignator: new RegExp(designators.map((d) => `(?:${d.re})(?![A-Za-z])`).join('|'), 'y'),
    weakUse: weakUses(text),
    last: null,
    lastEnd: -1,
    bates: new Map<string, string>(),
  };
  const refs: Reference[] = [];
  /** The last citation read, of any kind: a short form continues it. */
  let last: { end: number; ref: Reference | null } = { end: -1, ref: null };
  let authorityIdx = 0;
  let pos = 0;
  while (pos < text.length) {
    if (pos > 0 && !WORD_START.test(text[pos - 1]!)) {
      pos++;
      continue;
    }
    OPENERS.lastIndex = pos;
    const opener = OPENERS.exec(text);
    const at = pos + (opener && !/^[[{]/.test(opener[0]) ? Math.min(3, opener[0].length) : 0);
    if (!/[\p{Lu}0-9[{is¶]/u.test(text[at] ?? '')) {
      pos++;
      continue;
    }
    // an authority citation between two references is what a short form after it continues
    while (authorityIdx < authorities.length && authorities[authorityIdx]!.from < at) {
      const a = authorities[authorityIdx]!;
      if (a.to > last.end) last = { end: a.to, ref: null };
      authorityIdx++;
    }
    if (within(authorities, authorityIdx, at)) {
      pos++;
      continue;
    }
    ctx.last = last.ref;
    ctx.lastEnd = last.end;
    const found = readAt(text, at, ctx);
    if (!found) {
      pos++;
      continue;
    }
    const before = refs.length;
    for (const r of found.refs) {
      if (isTitleRow(body, r.from, r.to)) continue;
      const ref = toReference(body, r, refs.length + 1);
      if (ref.spans.length === 0) continue;
      refs.push(ref);
      offsets?.push({ from: r.from, to: r.to, kind: r.kind });
    }
    // a short form repeats the citation as a whole: its first element (`Dep. 40:23–41:10, 43:22–45:19. Id.` is 40:23)
    if (refs.length > before && !identifiesLast(text, last, found.refs)) last = { end: found.end, ref: refs[before]! };
    pos = Math.max(found.end, at + 1);
  }
  return refs;
}

/**
 * Whether `at` lies in one of `spans` (merged, in order), `next` being the first not begun before the
 * position read last: the one that can hold it is the last begun at or before it, found a step or two from there.
 */
function within(spans: readonly TextSpan[], next: number, at: number): boolean {
  let k = next;
  while (k > 0 && spans[k - 1]!.from > at) k--;
  while (k < spans.length && spans[k]!.from <= at) k++;
  return k > 0 && spans[k - 1]!.to > at;
}

/**
 * A row that is nothing but a document's name and label, set apart as a title (`EXHIBIT 13` on a slip
 * sheet, `Appendix C-3` heading a table): no reference. A title ends in no punctuation and stands first on
 * its page or is set in capitals; a citation sentence alone on its row (`ER 12.`, `(JA 45)`) is text.
 */
function isTitleRow(body: BodyText, from: number, to: number): boolean {
  const first = body.wordAt[from] ?? -1;
  const lastIdx = body.wordAt[Math.max(from, to - 1)] ?? -1;
  if (first < 0 || lastIdx < 0) return false;
  const row = body.words[first]!.row;
  if (body.words[lastIdx]!.row !== row || lastIdx - first + 1 > 4) return false;
  const before = body.words[first - 1];
  const after = body.words[lastIdx + 1];
  if ((before && before.row === row) || (after && after.row === row)) return false;
  const rowText = body.text.slice(body.words[first]!.start, after ? after.start - 1 : body.text.length).trim();
  if (/[.,;:)\]]$/.test(rowText) || /^[(\[]/.test(rowText)) return false;
  const firstOnPage = !before || before.page !== body.words[first]!.page;
  return firstOnPage || rowText === rowText.toUpperCase();
}

/**
 * A docket number in brackets right after a citation names where that document was filed (`SAC ¶ 3 (Dkt.
 * 1)`): a short form after it still continues the document, not the docket entry.
 */
function identifiesLast(text: string, last: { end: number; ref: Reference | null }, found: RawRef[]): boolean {
  if (!last.ref || found.length !== 1) return false;
  const f = found[0]!;
  if (f.parts.docKey !== 'DKT' || f.parts.page || f.parts.paragraph) return false;
  return /^[\s,]*\($/.test(text.slice(last.end, f.from));
}

interface RawRef {
  from: number;
  to: number;
  kind: RefKind;
  parts: RefParts;
  target: string;
  shortForm?: Reference['shortForm'];
}

interface ReadContext {
  citeKeys: Set<string>;
  /** The names the finder reads, the case's own first, then the record families and the briefs. */
  designators: Designator[];
  /** Any of them at a position (sticky): where none is, none is tried one by one. */
  anyDesignator: RegExp;
  weakUse: Map<string, number>;
  last: Reference | null;
  /** Where the last citation read ended. */
  lastEnd: number;
  /** The Bates number of each exhibit or docket entry cited with one (`EX:1` → `FB-SCHMIDT-000054545`). */
  bates: Map<string, string>;
}

/** Farthest a short form may stand from the citation it continues (about half a page of text). */
const SHORT_FORM_REACH = 1200;
/** A citation signal: a citation follows it (`See July 2018 Report 1`), one the finder may not know. */
const SIGNAL = /(?:^|[.;(,]\s*|\s)(?:[Ss]ee|[Cc]f\.|[Aa]ccord|[Cc]ompare|[Bb]ut\s+see|[Cc]iting|[Qq]uoting)(?:,?\s+e\.g\.,?|\s+also|\s+generally)?\s+(?!(?:also\s+|generally\s+|e\.g\.,?\s+)?(?:[Ii]d\.|[Ii]bid))/;

/**
 * Whether a short form at `at` continues the citation that ended at `lastEnd`: near it, with no citation
 * signal between them (a signal there introduces a citation the finder did not read, which the short form
 * then continues instead).
 */
function continues(text: string, lastEnd: number, at: number): boolean {
  if (lastEnd < 0 || at - lastEnd > SHORT_FORM_REACH) return false;
  // (the short form itself is read with the gap: `see id.` is a signal of the short form, not of another citation)
  return !SIGNAL.test(text.slice(lastEnd, at + 6));
}

/** The references that start at `at`, or null. */
function readAt(text: string, at: number, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  if (text[at] === '¶') return paragraphFirstAt(text, at, ctx);
  return compactAt(text, at) ?? shortFormAt(text, at, ctx) ?? briefPartAt(text, at) ?? namedAt(text, at, ctx) ?? designatedAt(text, at, ctx);
}

/** `of its SAC`, `of Micron’s SAC`, `of the Smith Declaration`: the document a paragraph cited first belongs to. */
const OF_DOC = /\s+of\s+(?:(?:its|his|her|their|the|this)\s+|\p{Lu}[\p{L}.'’-]*['’]s?\s+)?/uy;

/**
 * A paragraph cited before its document (`¶ 7 of Micron’s SAC`, `¶¶ 42, 45, and 83 of its SAC`), or alone
 * after a paragraph citation it continues (`SAC ¶ 3; ¶ 5`, `Id. ¶ 7 … ¶ 9`): the document of the one before.
 */
function paragraphFirstAt(text: string, at: number, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  const loc = readLocators(text, at, { barePages: false });
  if (!loc || !loc.elements.length || !loc.elements[0]!.parts.paragraph) return null;
  const of = match(OF_DOC, text, loc.end);
  if (of) {
    const docAt = loc.end + of[0].length;
    for (const d of RECORD_DESIGNATORS) {
      if (d.form !== 'paragraph' && d.form !== 'facts' && d.key !== 'DECL' && d.key !== 'AFF') continue;
      const m = match(nameRe(d), text, docAt);
      if (!m) continue;
      const end = docAt + m[0].length;
      const refs = elementsOf(text, at, { doc: m[0], docKey: d.key }, loc, 'record');
      refs[refs.length - 1]!.to = end;
      return { refs, end };
    }
  }
  const prev = ctx.last;
  if (!prev || prev.kind !== 'record' || !prev.parts.paragraph || !continues(text, ctx.lastEnd, at)) return null;
  const base: RefParts = { doc: prev.parts.doc, docKey: prev.parts.docKey, ...(prev.parts.docket ? { docket: prev.parts.docket } : {}), ...(prev.parts.exhibit ? { exhibit: prev.parts.exhibit } : {}) };
  return { refs: elementsOf(text, at, base, loc, 'record', 'id'), end: loc.end };
}

function match(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** `1-ER-123`, `[B/12/345]`, `{A/1/1}`, `B1/12/345`, `ROA.19-50123.456`: name and place in one token. */
function compactAt(text: string, at: number): { refs: RawRef[]; end: number } | null {
  COMPACT_VOLUME.lastIndex = at;
  let m = COMPACT_VOLUME.exec(text);
  if (m && designatorKey(m[2]!) !== null) {
    const key = designatorKey(m[2]!)!;
    const parts: RefParts = { doc: m[2]!, docKey: key, volume: m[1]!, page: m[3]! };
    if (m[4]) parts.pageEnd = rangeEnd(m[3]!, m[4]);
    const end = at + m[0].length;
    return { refs: [{ from: at, to: end, kind: 'record', parts, target: m[0].slice(m[1]!.length + m[2]!.length + 2) }], end };
  }
  BUNDLE.lastIndex = at;
  m = BUNDLE.exec(text);
  if (m && (m[1] ? m[7] : !m[7]) && (m[1] || m[3]) && (!m[1] || (m[1] === '[' ? m[7] === ']' : m[7] === '}'))) {
    const parts: RefParts = { doc: m[2]!, docKey: m[2]!, tab: m[4]!, page: m[5]! };
    if (m[3]) parts.volume = m[3];
    if (m[6]) parts.pageEnd = rangeEnd(m[5]!, m[6]);
    const end = at + m[0].length;
    return { refs: [{ from: at, to: end, kind: 'record', parts, target: `${m[4]}/${m[5]}${m[6] ? `-${m[6]}` : ''}` }], end };
  }
  ROA_CASE.lastIndex = at;
  m = ROA_CASE.exec(text);
  if (m) {
    const parts: RefParts = { doc: 'ROA', docKey: 'ROA', page: m[1]! };
    if (m[2]) parts.pageEnd = rangeEnd(m[1]!, m[2]);
    const end = at + m[0].length;
    return { refs: [{ from: at, to: end, kind: 'record', parts, target: m[2] ? `${m[1]}-${m[2]}` : m[1]! }], end };
  }
  return null;
}

/** `Id.`, `Id. at 5`, `id. ¶ 7`, `Ibid.`: the document of the citation just before, when that was not an authority. */
function shortFormAt(text: string, at: number, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  SHORT_FORM.lastIndex = at;
  const m = SHORT_FORM.exec(text);
  if (!m || /[A-Za-z]/.test(text[at + m[0].length] ?? '')) return null;
  const nameEnd = at + m[0].length;
  const prev = ctx.last;
  if (!prev || prev.kind === 'authority' || !continues(text, ctx.lastEnd, at)) return { refs: [], end: nameEnd };
  const form: Reference['shortForm'] = /^i?bid/i.test(m[0]) ? 'ibid' : 'id';
  const prevBates = ctx.bates.get(`${prev.parts.docKey}:${prev.parts.docket ?? prev.parts.exhibit ?? ''}`);
  const loc = readLocators(text, nameEnd, { barePages: false, ...(prevBates ? { bates: prevBates } : {}) });
  const base: RefParts = { doc: prev.parts.doc, docKey: prev.parts.docKey, ...(prev.parts.volume ? { volume: prev.parts.volume } : {}), ...(prev.parts.docket ? { docket: prev.parts.docket } : {}) };
  if (!loc) {
    // `Id.` alone cites what the citation before it cited, pinpoint and all
    const { spans: _s, id: _i, ...rest } = prev;
    return { refs: [{ from: at, to: nameEnd, kind: prev.kind, parts: { ...prev.parts }, target: rest.target, shortForm: form }], end: nameEnd };
  }
  // `Id. at 5` after `Smith Decl., Ex. C at 4` is page 5 of Exhibit C; after `AB, Tab 5, p. 23` page 5 of tab 5? no: of the book
  const keep: Partial<RefParts> = {};
  if (prev.parts.exhibit && !loc.common.exhibit) keep.exhibit = prev.parts.exhibit;
  if (prev.parts.tab && !loc.common.tab && loc.elements.every((e) => !e.parts.page)) keep.tab = prev.parts.tab;
  return { refs: elementsOf(text, at, { ...base, ...keep }, loc, prev.kind, form), end: loc.end };
}

/** A reference to the brief's own parts: kind `brief`, never linked into a record. */
function briefPartAt(text: string, at: number): { refs: RawRef[]; end: number } | null {
  for (const re of BRIEF_PARTS) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m) {
      const end = at + m[0].length;
      return { refs: [{ from: at, to: end, kind: 'brief', parts: { doc: 'this brief', docKey: 'BRIEF' }, target: m[0] }], end };
    }
  }
  return null;
}

/**
 * A document named for a person: `Smith Decl. ¶ 5`, `Jane Smith Affidavit, para. 14`, `Affidavit of Jane
 * Smith sworn May 1, 2020, at para. 14`, `Transcript of the Cross-Examination of Jane Smith, qq. 45-47`.
 */
function namedAt(text: string, at: number, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  if (!/\p{Lu}/u.test(text[at] ?? '')) return null;
  for (let k = 0; k < NAMED_KINDS.length; k++) {
    const kind = NAMED_KINDS[k]!;
    // `Smith Decl.`: a surname (one or two capitalised words) then the kind
    const before = NAMED_BEFORE[k]!.re;
    before.lastIndex = at;
    let m = before.exec(text);
    if (m) {
      const names = m[1]!.split(/\s+/).filter((w) => !SENTENCE_WORDS.has(w));
      if (names.length && !names.some((w) => /^(?:Aff|Decl|Dep|Tr|Ex)/.test(w))) {
        const surname = names[names.length - 1]!;
        const doc = text.slice(at + m[0].indexOf(names[0]!), at + m[0].length);
        const out = namedPinpoint(text, at + m[0].indexOf(names[0]!), at + m[0].length, doc, `${kind.key}:${plainKey(surname)}`, ctx);
        if (out) return out;
      }
    }
    // `Affidavit of Jane Smith`, `Transcript of the Cross-Examination of Jane Smith`
    const of = NAMED_OF[k]!.re;
    of.lastIndex = at;
    m = of.exec(text);
    if (m) {
      const names = m[1]!.split(/\s+/);
      const surname = names[names.length - 1]!;
      const out = namedPinpoint(text, at, at + m[0].length, m[0], `${kind.key}:${plainKey(surname)}`, ctx);
      if (out) return out;
    }
  }
  void ctx;
  return null;
}

/** A person's document and its pinpoint: `Smith Decl. ¶ 5`, `Okçuoğlu Decl., Ex. 1 (Initial Report, at 42-43)`. */
function namedPinpoint(text: string, from: number, nameEnd: number, doc: string, docKey: string, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  const direct = withLocators(text, from, nameEnd, doc, docKey, 'record', { barePages: false });
  if (!direct) return null;
  // `Okçuoğlu Decl., Ex. 1 (Initial Report, at 42-43)`: the pinpoint is into the exhibit of the declaration
  const only = direct.refs.length === 1 && direct.refs[0]!.parts.exhibit && !direct.refs[0]!.parts.page && !direct.refs[0]!.parts.paragraph;
  if (only) {
    const parts = { ...direct.refs[0]!.parts };
    const more = pinpointed(text, from, direct.end, parts, parts.exhibit!, ctx);
    if (more.end > direct.end) return more;
  }
  return direct;
}

const compiled = new WeakMap<Designator, RegExp>();
/** A designator's name as a sticky regular expression, compiled once. */
function nameRe(d: Designator): RegExp {
  let re = compiled.get(d);
  if (!re) {
    re = new RegExp(`(?:${d.re})(?![A-Za-z])`, 'y');
    compiled.set(d, re);
  }
  return re;
}

const NAMED_BEFORE = NAMED_KINDS.map((kind) => ({ kind, re: new RegExp(`((?:${NAME_WORD}\\s+)?${NAME_WORD})\\s+(?:${kind.re})(?![A-Za-z])`, 'yu') }));
const NAMED_OF = NAMED_KINDS.map((kind) => ({
  kind,
  re: new RegExp(`(?:Transcript\\s+of\\s+(?:the\\s+)?)?(?:${kind.re})\\s+of\\s+((?:(?:${NAME_WORD}|[A-Z]\\.)\\s+){0,3}${NAME_WORD})(?:,?\\s+(?:sworn|affirmed|dated|executed|signed|filed)(?:\\s+on)?\\s+[A-Z][a-z]+\\.?\\s+\\d{1,2},?\\s+\\d{4})?`, 'yu'),
}));

const VOLUME_BEFORE = /(\d{1,2})\s+(?=[A-Z])/y;

/** A family's name (`AB`, `J.A.`, `9 CT`, `Dkt.`, `Ex.`, a record's own name) and its locators. */
function designatedAt(text: string, at: number, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  // `2 ER 345`, `9 CT 2077`: a volume before the name
  VOLUME_BEFORE.lastIndex = at;
  const v = VOLUME_BEFORE.exec(text);
  const starts = v ? [at + v[0].length, at] : [at];
  for (const start of starts) {
    ctx.anyDesignator.lastIndex = start;
    if (!ctx.anyDesignator.test(text)) continue;
    for (const d of ctx.designators) {
      const re = nameRe(d);
      re.lastIndex = start;
      const m = re.exec(text);
      if (!m) continue;
      if (d.weak && !ctx.citeKeys.has(d.key) && (ctx.weakUse.get(d.key) ?? 0) < 3) continue;
      if (isPostalCode(text, start, m[0])) continue;
      const nameEnd = start + m[0].length;
      const volume = v && start !== at ? v[1]! : undefined;
      if (volume && d.form !== 'pages') continue;
      const out = d.form === 'docket'
        ? docketAt(text, start, nameEnd, m[0], d, ctx)
        : d.form === 'exhibit'
          ? exhibitAt(text, start, nameEnd, m[0], ctx)
          : withLocators(text, volume ? at : start, nameEnd, m[0], d.key, d.kind, {
              barePages: d.form === 'pages' || ctx.citeKeys.has(d.key),
              bareParagraphs: d.form === 'facts',
              ...(volume ? { volume } : {}),
              paragraphOnly: d.form === 'paragraph' || d.form === 'facts',
            });
      if (out) return out;
    }
  }
  return null;
}

interface WithLocatorOptions extends LocatorOptions {
  volume?: string;
  /** The family cites paragraphs only (`SAC ¶ 3`): a page alone after it is no reference of it. */
  paragraphOnly?: boolean;
}

function withLocators(text: string, from: number, nameEnd: number, doc: string, docKey: string, kind: RefKind, opts: WithLocatorOptions): { refs: RawRef[]; end: number } | null {
  const loc = readLocators(text, nameEnd, opts);
  if (!loc) return null;
  if (opts.paragraphOnly && !loc.elements.some((e) => e.parts.paragraph)) return null;
  const parts: RefParts = { doc: doc.replace(/[,\s]+$/, ''), docKey, ...(opts.volume ? { volume: romanToArabic(opts.volume) } : {}) };
  return { refs: elementsOf(text, from, parts, loc, kind), end: loc.end };
}

/** `Dkt. 45 at 3`, `ECF No. 12-3, at 4`, `D. Ct. Doc. 141`, `Dkt. 45 ¶ 5`, `ECF No. 97, Declaration of … (“Bream Decl.”) ¶ 13(a)`. */
function docketAt(text: string, from: number, nameEnd: number, doc: string, d: Designator, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  const num = /\s*(\d{1,5}(?:-\d{1,3})?)(?![\w:\/-]|\.\d)/y;
  num.lastIndex = nameEnd;
  const m = num.exec(text);
  if (!m) return null;
  let afterNum = nameEnd + m[0].length;
  const parts: RefParts = { doc: doc.trim(), docKey: d.key, docket: m[1]! };
  // `United States v. X, No. 3:19-cr-00465 (N.D. Cal. filed Sept. 28, 2018), Dkt. 1`: another case's docket, no record of this one
  if (OTHER_CASE.test(text.slice(Math.max(0, from - 160), from))) {
    return { refs: [{ from, to: afterNum, kind: 'authority', parts, target: m[1]! }], end: afterNum };
  }
  // `Dkt. 1, Exhibit A`, `Dkt. 15-2, Ex. B at 3`: an exhibit of the entry
  const ex = /\s*,?\s*(?:Exh(?:ibit)?\.?|Ex\.|Exhibit)\s*["“]?([A-Z]{1,2}|\d{1,3}[A-Z]?)["”]?(?![\w])/y;
  ex.lastIndex = afterNum;
  const e = ex.exec(text);
  if (e) {
    parts.exhibit = e[1]!;
    afterNum += e[0].length;
  }
  return pinpointed(text, from, afterNum, parts, e ? `${m[1]!}, Ex. ${e[1]!}` : m[1]!, ctx);
}

/** `Ex. C`, `Exhibit 12, p. 3`, `Ex. C at 4`, `Ex. H (Hitt Dep. 55:10-60:5)`, `Ex. 1, FB-SCHMIDT-000054545, at ‘548`. */
function exhibitAt(text: string, from: number, nameEnd: number, doc: string, ctx: ReadContext): { refs: RawRef[]; end: number } | null {
  const labelRe = /\s*(?:No\.\s*)?["“”]?([A-Z]{1,2}(?:\.\d{1,2}|-?\d{1,3})?|\d{1,4}[A-Z]?(?:-\d{1,3})?)["”]?(?![\w])/y;
  labelRe.lastIndex = nameEnd;
  const m = labelRe.exec(text);
  if (!m) return null;
  const end = nameEnd + m[0].length;
  // `Exs. 5-7` names exhibits 5 to 7 (the first is linked); `Ex. 12-3` is one exhibit so numbered
  const plural = /^Ex(?:h(?:ibit)?)?s\.?$|^Exhibits$/i.test(doc.trim());
  const label = plural ? m[1]!.replace(/^(\d+)-\d+$/, '$1') : m[1]!;
  const parts: RefParts = { doc: doc.trim(), docKey: 'EX', exhibit: label };
  // `Dkt. 44-2, Ex. 1 at 3`: the exhibit of the docket entry cited just before
  const prev = ctx.last;
  if (prev && prev.parts.docKey === 'DKT' && prev.parts.docket && /^\s*,\s*$/.test(text.slice(ctx.lastEnd, from))) parts.docket = prev.parts.docket;
  return pinpointed(text, from, end, parts, m[1]!, ctx);
}

/** A case number and its court just before: what follows cites that case's docket. */
const OTHER_CASE = /No\.\s*\d{1,2}:\d{2}-[a-z]{2,3}-\d{3,6}(?:-[A-Z]{2,4})?\s*\([^()]*\),?\s*$/;

/** What names the document an exhibit or docket entry is, between its label and the pinpoint into it. */
const DESCRIBES = /\b(?:Dep(?:o(?:sition)?)?\b|Decl(?:aration)?\b|Aff(?:idavit)?\b|Transcript|Tr\.|Report|Hr(?:'|’)?g|Interrog|Resp(?:onse)?s?\b|Letter|Email|Agreement|Contract)/;

/**
 * The pinpoint after an exhibit's or a docket entry's label: directly (`Ex. C at 4`), or past a description
 * of the document it is, set off by a comma or in brackets (`Ex. H (Hitt Dep. 55:10-60:5)`, `Ex. 2, Frantz
 * Decl. at ¶¶ 20, 21`, `ECF No. 97, Declaration of Christopher Bream (“Bream Decl.”) ¶ 13(a)`), or a Bates
 * number (`Ex. 1, FB-SCHMIDT-000054545`), remembered for the short pinpoints into it later (`Ex. 1 at ‘548`).
 */
function pinpointed(text: string, from: number, end: number, parts: RefParts, label: string, ctx: ReadContext): { refs: RawRef[]; end: number } {
  const key = `${parts.docKey}:${parts.docket ?? parts.exhibit ?? ''}`;
  const bates = ctx.bates.get(key);
  const direct = readLocators(text, end, { barePages: false, ...(bates ? { bates } : {}) });
  if (direct && direct.elements.length) return finish(text, from, parts, direct, ctx, key, false);
  const open = /\.?\s*(?:,\s*|\(\s*)/y;
  open.lastIndex = end;
  const o = open.exec(text);
  if (o) {
    const descStart = end + o[0].length;
    const bracket = o[0].includes('(');
    const window = text.slice(descStart, descStart + 160);
    const stop = descriptionEnd(window, bracket);
    const desc = stop >= 0 ? window.slice(0, stop) : window;
    // the first pinpoint within the description's reach
    const pin = /(?:\bat\s+(?=[¶‘'’\dp])|(?<![\w:/])\d{1,4}:\d{1,3}|¶)/g;
    for (let q = pin.exec(desc); q; q = pin.exec(desc)) {
      const head = desc.slice(0, q.index);
      if (!DESCRIBES.test(head) && !new RegExp(`^${BATES}`).test(head.trim())) break;
      const loc = readLocators(text, descStart + q.index, { barePages: false, ...(bates ? { bates } : {}) });
      if (loc && loc.elements.length) return finish(text, from, parts, loc, ctx, key, bracket);
      break;
    }
    // a Bates number alone is the page the exhibit starts at
    const b = new RegExp(`(${BATES})`, 'y');
    b.lastIndex = descStart;
    if (b.test(text)) {
      const loc = readLocators(text, descStart, { barePages: false });
      if (loc && loc.elements.length) return finish(text, from, parts, loc, ctx, key, false);
    }
  }
  // `Ex. K, Resp. No. 1`: the response named is part of the words; the link goes to the exhibit
  const to = discoveryEnd(text, end) ?? end;
  return { refs: [{ from, to, kind: 'record', parts, target: label }], end: to };
}

/**
 * Where a description after an exhibit's label ends: at the bracket that closes it (one opened inside it,
 * `(“Frantz Decl.”)`, is passed over), else at a semicolon, a bracket closing what came before, or a sentence's
 * end.
 */
function descriptionEnd(window: string, bracket: boolean): number {
  let depth = 0;
  for (let i = 0; i < window.length; i++) {
    const c = window[i]!;
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return i;
      depth--;
    } else if (!bracket && depth === 0 && (c === ';' || (c === '.' && /^\.\s+[A-Z](?![a-z]*\.)/.test(window.slice(i, i + 12))))) return i;
  }
  return -1;
}

/** The references of a pinpointed exhibit or docket entry; a Bates number read is remembered; a bracket opened is closed. */
function finish(text: string, from: number, parts: RefParts, loc: Locators, ctx: ReadContext, key: string, bracket: boolean): { refs: RawRef[]; end: number } {
  const first = loc.elements[0]!.parts.page;
  if (first && new RegExp(`^${BATES}$`).test(first)) ctx.bates.set(key, first);
  let end = loc.end;
  if (bracket) {
    const close = /\s*\)/y;
    close.lastIndex = end;
    const c = close.exec(text);
    if (c) {
      end += c[0].length;
      loc.elements[loc.elements.length - 1]!.to = end;
    }
  }
  return { refs: elementsOf(text, from, parts, { ...loc, end }, 'record'), end };
}

/** One raw reference per element of a list; the first runs from the document's name. */
function elementsOf(text: string, from: number, base: RefParts, loc: Locators, kind: RefKind, shortForm?: Reference['shortForm']): RawRef[] {
  const parts: RefParts = { ...base, ...loc.common } as RefParts;
  if (loc.elements.length === 0) {
    return [{ from, to: loc.end, kind, parts, target: targetText(text, from, loc.end, base.doc), ...(shortForm ? { shortForm } : loc.supra ? { shortForm: 'supra' as const } : {}) }];
  }
  const locStart = loc.start;
  return loc.elements.map((e, i) => {
    const start = i === 0 ? from : e.from;
    const target = i === 0 ? text.slice(locStart, e.to).replace(/^at\s+/, '').trim() : text.slice(e.from, e.to).trim();
    const sf = shortForm ?? (loc.supra ? ('supra' as const) : undefined);
    return { from: start, to: e.to, kind, parts: { ...parts, ...e.parts }, target, ...(sf ? { shortForm: sf } : {}) };
  });
}

function targetText(text: string, from: number, to: number, doc: string): string {
  const s = text.slice(from, to);
  const i = s.indexOf(doc);
  return (i >= 0 ? s.slice(i + doc.length) : s).replace(/^[\s,]+/, '').trim();
}

function toReference(body: BodyText, r: RawRef, id: number): Reference {
  let to = r.to;
  while (to > r.from) {
    const c = body.text[to - 1]!;
    if (/[\s,;:]/.test(c)) to--;
    else if ((c === ')' || c === ']') && unbalanced(body.text.slice(r.from, to))) to--;
    else break;
  }
  const spans = spansOf(body, r.from, to);
  const wi = body.wordAt[r.from] ?? -1;
  const word = wi >= 0 ? body.words[wi] : body.words[body.wordAt.findIndex((x, i) => i >= r.from && x >= 0)];
  const ref: Reference = {
    id,
    kind: r.kind,
    page: word?.page ?? spans[0]?.page ?? 0,
    text: body.text.slice(r.from, to).replace(/\s+/g, ' '),
    parts: r.parts,
    target: r.target,
    spans,
  };
  if (r.shortForm) ref.shortForm = r.shortForm;
  if (word?.footnote) ref.footnote = true;
  return ref;
}

/** A record's name as the finder keys it: a family's key, a named document's, else its letters. */
export function citeKey(citeAs: string): string {
  const t = citeAs.trim();
  const family = designatorKey(t);
  if (family) return family;
  for (const kind of NAMED_KINDS) {
    const m = new RegExp(`^(?:(?:${NAME_WORD}\\s+)*(${NAME_WORD})\\s+(?:${kind.re})|(?:${kind.re})\\s+of\\s+(?:[A-Z][A-Za-z.'’-]*\\s+)*(${NAME_WORD}))`, 'u').exec(t);
    if (m) return `${kind.key}:${plainKey(m[1] ?? m[2]!)}`;
  }
  return plainKey(t);
}

/** A record named in a way no family knows (`Reply Compendium of the Respondent`): read as its own name. */
function customDesignators(citeAs: readonly string[]): Designator[] {
  const out: Designator[] = [];
  for (const c of citeAs) {
    const key = citeKey(c);
    if (designatorKey(c) || key.includes(':') || c.trim().length < 2 || DOCKET_NAME.test(c.trim()) || EXHIBIT_NAME.test(c.trim())) continue;
    const re = c.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
    out.push({ re, key, form: 'locator', kind: 'record' });
  }
  return out;
}

/** How often the brief writes each weak family's name before a page number (`R. 45` ten times is the record). */
function weakUses(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of RECORD_DESIGNATORS) {
    if (!d.weak) continue;
    const re = new RegExp(`(?<![A-Za-z.])(?:${d.re})\\s*\\d{1,5}(?![\\w.])`, 'g');
    out.set(d.key, [...text.matchAll(re)].filter((m) => !/(?:Fed|Civ|Crim|Evid|App|Bankr|Sup|Ct)\.\s*$/.test(text.slice(Math.max(0, m.index - 8), m.index))).length);
  }
  return out;
}

/** `Hartford, CT 06103`: a state and a ZIP code after a city, no record. */
function isPostalCode(text: string, start: number, name: string): boolean {
  if (!/^[A-Z]{2}$/.test(name) || !/,\s*$/.test(text.slice(Math.max(0, start - 3), start))) return false;
  const zip = /\s+\d{5}(?:-\d{4})?(?!\d)/y;
  zip.lastIndex = start + name.length;
  return zip.test(text);
}

/** More closing brackets than opening ones: the last belongs to the sentence, not the reference. */
function unbalanced(s: string): boolean {
  const open = (s.match(/[([]/g) ?? []).length;
  const close = (s.match(/[)\]]/g) ?? []).length;
  return close > open;
}
