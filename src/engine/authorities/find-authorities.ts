import { bodyText, spansOf, type BodyText } from '../refs/body-text.ts';
import { findInBody } from '../refs/find-references.ts';
import { nonBodyPages } from '../refs/non-body-pages.ts';
import type { RefKind } from '../refs/types.ts';
import type { PageText } from '../types.ts';
import { AUTHORITY_PATTERNS, type PatternName } from './patterns.ts';
import { FEDERAL_RULES, neutralCourtOf, reporterKey, reporterOf } from './reporters.ts';
import type { Authority, AuthorityParts } from './types.ts';

/**
 * Every authority a brief cites in its body and footnotes (DESIGN §8), found as written over the same
 * joined text the record-reference finder reads (lines and page breaks joined, each character traced to
 * its word box): cases in US, Canadian and English reporters, neutral citations, Westlaw numbers, codes,
 * statutes and rules, each with its parts; and short forms (`Iqbal, 556 U.S. at 678`, `Id. at 680`,
 * `Jordan, supra, at para. 7`, `ibid.`) tied to the full citation they take their authority from. A
 * citation whose reporter, court or code is unknown is not listed: its extent still keeps the record
 * finder off it.
 */
export interface FindAuthorityOptions {
  /** The brief's index pages (no body). */
  indexPages?: readonly number[];
  /** The names the case's record documents are cited by, as for the record-reference finder. */
  citeAs?: readonly string[];
}

export function findAuthorities(pages: PageText[], opts: FindAuthorityOptions = {}): Authority[] {
  const skip = nonBodyPages(pages, opts.indexPages ?? []);
  return findAuthoritiesInBody(bodyText(pages, skip), opts);
}

interface Candidate {
  from: number;
  to: number;
  parts: AuthorityParts;
  /** Order among candidates at one place: a neutral citation before a reporter read of the same words. */
  rank: number;
  shortForm?: 'id' | 'ibid' | 'supra' | 'short';
  /** A full case citation whose name, printed before it, joins its span. */
  named?: boolean;
  /** A statute whose name (`Criminal Code, `) joins its span. */
  titled?: boolean;
}

/** How far a short form may stand from the citation it continues (about half a page of text). */
const SHORT_FORM_REACH = 1500;
const ID_FORM = /(?<![\w.])(?<word>Id\.|id\.|Ibid\.?|ibid\.?)(?:,?\s+at\s+(?:\*?(?<pin>\d{1,5}(?:[-–]\d{1,5})?)(?![\w.]\d)|paras?\.\s*(?<para>\d{1,4}(?:[-–]\d{1,4})?)))?/g;
const TRAILING = /[.,;:]+$/;

export function findAuthoritiesInBody(body: BodyText, opts: FindAuthorityOptions = {}): Authority[] {
  const text = body.text;
  const candidates: Candidate[] = [];
  AUTHORITY_PATTERNS.forEach(({ name, re }, rank) => {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const c = parse(name, m, rank);
      if (c) candidates.push(c);
    }
  });
  ID_FORM.lastIndex = 0;
  for (const m of text.matchAll(ID_FORM)) {
    const g = m.groups!;
    const parts = { kind: 'case', family: 'us-case' } as AuthorityParts;
    if (g.pin) parts.pinpoint = g.pin;
    if (g.para) parts.paragraph = g.para;
    candidates.push({ from: m.index, to: m.index + m[0].length, parts, rank: 100, shortForm: /^ibid/i.test(g.word!) ? 'ibid' : 'id' });
  }
  candidates.sort((a, b) => a.from - b.from || b.to - a.to || a.rank - b.rank);
  const kept: Candidate[] = [];
  for (const c of candidates) {
    const prev = kept[kept.length - 1];
    if (prev && c.from < prev.to) continue;
    kept.push(c);
  }

  // the record references, so that `Id.` after one of them is not an authority's
  const others: Array<{ from: number; to: number; kind: RefKind }> = [];
  findInBody(body, { citeAs: opts.citeAs ?? [] }, others);
  const records = others.filter((o) => o.kind !== 'authority');

  const out: Authority[] = [];
  let ri = 0;
  let last: { end: number; authority: Authority | null } = { end: -1, authority: null };
  for (const c of kept) {
    while (ri < records.length && records[ri]!.from < c.from) {
      if (records[ri]!.to > last.end) last = { end: records[ri]!.to, authority: null };
      ri++;
    }
    // a record reference over the same words: the record finder read it, so it is no authority
    if (records.some((r) => r.from < c.to && c.from < r.to)) continue;
    let from = c.from;
    const to = trimEnd(text, c);
    const parts = { ...c.parts };
    let antecedent: Authority | undefined;
    if (c.shortForm === 'id' || c.shortForm === 'ibid') {
      const prev = last.authority;
      if (!prev || c.from - last.end > SHORT_FORM_REACH) continue;
      antecedent = prev.antecedent ? out[prev.antecedent - 1]! : prev;
      Object.assign(parts, inherit(antecedent.parts), c.parts.pinpoint ? { pinpoint: c.parts.pinpoint } : {}, c.parts.paragraph ? { paragraph: c.parts.paragraph } : {});
    } else if (c.shortForm === 'short') {
      const key = reporterKey(parts.reporter ?? '');
      antecedent = [...out].reverse().find((a) => !a.shortForm && a.parts.volume === parts.volume && reporterKey(a.parts.reporter ?? '') === key);
      const name = shortName(text, from);
      if (name !== null) from = name;
      if (antecedent) Object.assign(parts, { ...inherit(antecedent.parts), pinpoint: c.parts.pinpoint });
    } else if (c.shortForm === 'supra') {
      const word = parts.name!;
      antecedent = [...out].reverse().find((a) => !a.shortForm && a.parts.name !== undefined && new RegExp(`\\b${escape(word)}\\b`).test(a.parts.name));
      if (!antecedent) continue;
      const pin = c.parts.pinpoint;
      const para = c.parts.paragraph;
      Object.assign(parts, inherit(antecedent.parts));
      delete parts.pinpoint;
      delete parts.paragraph;
      if (pin) parts.pinpoint = pin;
      if (para) parts.paragraph = para;
    } else if (c.named) {
      const prev = out[out.length - 1];
      // a parallel citation (`[2008] 1 S.C.R. 190, 2008 SCC 9`) shares the name of the one it follows
      if (prev && !prev.shortForm && /^\s*,\s*$/.test(text.slice(prev.to, from)) && prev.parts.name) parts.name = prev.parts.name;
      else {
        const name = caseName(text, from);
        if (name !== null) {
          parts.name = text.slice(name, from).replace(/,?\s*$/, '').replace(/\s+/g, ' ');
          from = name;
        }
      }
    } else if (c.titled) {
      const name = statuteName(text, from);
      if (name !== null) {
        parts.name = text.slice(name, from).replace(/,\s*$/, '').replace(/\s+/g, ' ');
        from = name;
      }
    }
    const spans = spansOf(body, from, to);
    if (spans.length === 0) continue;
    const wi = body.wordAt[from] ?? -1;
    const word = wi >= 0 ? body.words[wi] : undefined;
    const a: Authority = {
      id: out.length + 1,
      page: word?.page ?? spans[0]!.page,
      text: text.slice(from, to).replace(/\s+/g, ' '),
      parts,
      spans,
      from,
      to,
    };
    if (c.shortForm) a.shortForm = c.shortForm;
    if (antecedent) a.antecedent = antecedent.id;
    if (word?.footnote) a.footnote = true;
    out.push(a);
    last = { end: to, authority: a };
  }
  return out;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What a short form takes from its full citation: everything but where it pinpoints. */
function inherit(p: AuthorityParts): AuthorityParts {
  const { pinpoint: _pin, paragraph: _para, ...rest } = p;
  return rest;
}

/** Where a citation ends: a statute's or rule's last character is no full stop or comma of the sentence. */
function trimEnd(text: string, c: Candidate): number {
  let to = c.to;
  if (c.shortForm === 'id' || c.shortForm === 'ibid') return to;
  if (c.parts.kind !== 'case') while (to > c.from && TRAILING.test(text[to - 1]!)) to--;
  // an unbalanced closing bracket belongs to the sentence (`(see 42 U.S.C. § 1983)`)
  while (to > c.from && text[to - 1] === ')' && count(text.slice(c.from, to), '(') < count(text.slice(c.from, to), ')')) to--;
  return to;
}

function count(s: string, ch: string): number {
  let n = 0;
  for (const x of s) if (x === ch) n++;
  return n;
}

/** The parts of one pattern's match, or null when it names no authority we know. */
function parse(name: PatternName, m: RegExpMatchArray, rank: number): Candidate | null {
  const g = m.groups ?? {};
  const from = m.index!;
  const to = from + m[0].length;
  switch (name) {
    case 'us-reporter': {
      const reporter = reporterOf(g.reporter!);
      // `313 F. Supp. 3d. at 1132` misprinted: the page is no page when a letter runs on from it
      if (!reporter || /[A-Za-z]/.test(m.input![to] ?? '')) return null;
      const parts: AuthorityParts = { kind: 'case', family: reporter.family, volume: g.volume!, reporter: g.reporter!.replace(/\s+/g, ' '), page: g.page! };
      const pin = /\*?(\d{1,5}(?:[-–]\d{1,5})?)/.exec(g.pin ?? '');
      if (pin) parts.pinpoint = pin[1]!;
      if (g.paren) {
        const yr = /(\d{4})$/.exec(g.paren)!;
        parts.year = yr[1]!;
        const court = g.paren.slice(0, -4).trim();
        if (court) parts.court = court;
      }
      return { from, to, parts, rank, named: true };
    }
    case 'us-reporter-short': {
      const reporter = reporterOf(g.reporter!);
      if (!reporter) return null;
      return { from, to, parts: { kind: 'case', family: reporter.family, volume: g.volume!, reporter: g.reporter!.replace(/\s+/g, ' '), pinpoint: g.pin! }, rank, shortForm: 'short' };
    }
    case 'us-database': {
      const parts: AuthorityParts = { kind: 'case', family: 'us-database', year: g.year!, reporter: g.db!.replace(/\s+/g, ' '), number: g.number! };
      if (g.pin) parts.pinpoint = g.pin;
      return { from, to, parts, rank, named: true };
    }
    case 'neutral': {
      const court = neutralCourtOf(g.court!);
      if (!court) return null;
      const bracket = m[0].startsWith('[');
      const parts: AuthorityParts = { kind: 'case', family: court.family, year: g.year!, court: court.code, number: g.number! };
      if (g.division) parts.division = g.division.trim();
      parts.neutral = `${bracket ? `[${g.year}]` : g.year} ${court.code} ${g.number}${g.division ? ` (${g.division.trim()})` : ''}`;
      if (g.para) parts.paragraph = g.para;
      return { from, to, parts, rank, named: true };
    }
    case 'bracket-reporter': {
      const printed = g.reporter!.replace(/\s+/g, ' ');
      const reporter = reporterOf(printed);
      if (!reporter) return null;
      const parts: AuthorityParts = { kind: 'case', family: reporter.family, year: g.year!, reporter: printed, page: g.page! };
      if (g.volume) parts.volume = g.volume;
      if (g.court) parts.court = g.court;
      if (g.para) parts.paragraph = g.para;
      if (g.pin) parts.pinpoint = g.pin;
      return { from, to, parts, rank, named: true };
    }
    case 'us-code':
      return { from, to, parts: { kind: 'statute', family: 'us-code', title: g.title!, section: g.section!.replace(TRAILING, '') }, rank };
    case 'federal-rule': {
      const rules = g.rules!.replace(/\s+/g, ' ');
      if (!FEDERAL_RULES.some((r) => r.cite.test(rules))) return null;
      return { from, to, parts: { kind: 'rule', family: 'us-rule', rules, rule: g.rule!.replace(TRAILING, '') }, rank };
    }
    case 'revised-statute':
    case 'annual-statute': {
      const revised = name === 'revised-statute';
      const juris = g.juris!;
      const family = revised && juris === 'C' ? 'ca-statute' : revised && juris === 'O' ? 'on-statute' : 'ca-other-statute';
      const parts: AuthorityParts = { kind: 'statute', family, jurisdiction: juris, year: g.year!, chapter: g.chapter!.replace(TRAILING, '') };
      if (g.section) parts.section = g.section.replace(TRAILING, '');
      return { from, to, parts, rank, titled: true };
    }
    case 'cpr':
      return { from, to, parts: { kind: 'rule', family: 'uk-cpr', rules: 'CPR', rule: m[0].replace(/^CPR\s+(?:r\.\s*)?/, '') }, rank };
    case 'supra': {
      const parts = { kind: 'case', family: 'us-case', name: g.name! } as AuthorityParts;
      if (g.pin) parts.pinpoint = g.pin;
      if (g.para) parts.paragraph = g.para;
      return { from, to, parts, rank, shortForm: 'supra' };
    }
    default:
      // `§ 12`, `Rule 5(a)`, `Smith v. Jones` alone: an authority's extent for the record finder, not a citation to link
      return null;
  }
}

/** Words that open a citation sentence or clause, never part of a case's or a statute's name. */
const SIGNALS = new Set(['See', 'see', 'Cf.', 'cf.', 'Contra', 'Compare', 'But', 'Accord', 'also', 'Also', 'E.g.,', 'e.g.,', 'In', 'The', 'Under', 'Per', 'And', 'and', 'with', 'With', 'generally', 'As', 'By', 'Following']);
/** Lower-case words a case's or statute's name holds (`Canada (Minister of Citizenship and Immigration)`). */
const CONNECTORS = new Set(['v.', 'v', 'of', 'the', 'and', '&', 'for', 'ex', 'rel.', 'de', 'du', 'la', 'des', 'et', 'al.', 'on', 'to', 're', 'respecting']);
/** Short words that end a sentence more often than they abbreviate a party's name. */
const SENTENCE_ENDS = new Set(['Act.', 'Code.', 'Law.', 'Rule.', 'Part.', 'Bill.', 'Fact.', 'Case.', 'Here.', 'Yes.', 'Also.', 'Thus.', 'Him.', 'Her.', 'Them.', 'This.', 'That.', 'Then.', 'Now.', 'Too.']);
/** Abbreviations a party's name ends a word with. */
const NAME_ABBREVIATION = /^(?:[A-Z]\.)+$|^(?:Inc|Co|Corp|Ltd|Ltée|LLC|L\.L\.C|Bd|Dept|Dep['’]t|Ass['’]n|Univ|Ins|Mfg|Bros|Ry|Int['’]l|Nat['’]l|Gov['’]t|Comm['’]n|Sch|Dist|Cnty|Mun|Sec|Fed|Am|Ct|Admin|Hosp|Cty|Twp|Auth|Comm|Coll|Cos|Elec|Found|Indus|Mut|Pub|Servs?|Sys|Tel|Transp|Util|Mr|Ms|Mrs|Dr|St|Mt|No|Jr|Sr|Min)\.$/;

/**
 * Where the case's name printed right before a citation starts (`Ashcroft v. Iqbal, ` before `556 U.S.
 * 662`; `Milne Estate (Re), `; `In re Marriage of Smith, `), or null: the words back from the comma that
 * are capitalised, connectors or a party's abbreviations, holding `v.` (or `Re`), up to a signal (`See`),
 * a sentence's end or a citation.
 */
function caseName(text: string, at: number): number | null {
  const before = text.slice(Math.max(0, at - 240), at);
  // `Ashcroft v. Iqbal, 556 U.S.`; English and Canadian styles print no comma (`Y v Z [2020] UKSC 5`, `R. v. Smith (1995), 25 O.R.`)
  if (!/(?:,\s*|\s)$/.test(before)) return null;
  const words = [...before.replace(/,?\s*$/, '').matchAll(/\S+/g)];
  const base = at - before.length;
  let start: number | null = null;
  let versus = false;
  let open = 0;
  for (let i = words.length - 1; i >= 0 && words.length - i <= 16; i--) {
    const w = words[i]![0];
    if (SIGNALS.has(w) && !(w === 'In' && words[i + 1]?.[0] === 're')) break;
    const opener = w.startsWith('(') || w.startsWith('“') || w.startsWith('"');
    const bare = w.replace(/^[(“"]+/, '');
    // a comma ends the name, but for a company's (`Northwind Holdings, Inc.`)
    if (/[;:]$|\d/.test(w) || (w.endsWith(',') && !/^(?:Inc|Ltd|Co|Corp|LLC|L\.L\.C|Ltée|S\.A|N\.A)\.?$/.test(words[i + 1]?.[0] ?? ''))) break;
    if (w.endsWith('.') && !CONNECTORS.has(w) && !NAME_ABBREVIATION.test(bare) && !/['’]/.test(bare) && !(/^[A-Z][a-z]{1,3}\.$/.test(bare) && !SENTENCE_ENDS.has(bare))) break;
    if (!/^[\p{Lu}(]/u.test(bare) && !CONNECTORS.has(bare) && bare !== 'ex') break;
    if (bare === 'v.' || bare === 'v' || /^(?:Re|re)$/.test(bare) || w === '(Re)' || /^Ex$/.test(bare)) versus = true;
    open += count(w, ')');
    const opens = count(w, '(');
    if (opens > 0 && open >= opens) {
      // `(Attorney General)`: a bracket within the name
      open -= opens;
      start = base + words[i]!.index!;
      continue;
    }
    start = base + words[i]!.index! + (opener ? w.length - bare.length : 0);
    if (opener) break;
  }
  if (start === null || !versus) return null;
  // a name starts with a capital: drop the connectors it was read back to (`of`, `and`)
  let s = start;
  while (s < at && /^(?:of|the|and|for|in|on|to)\s/.test(text.slice(s, s + 5))) s = text.indexOf(' ', s) + 1;
  return /^[\p{Lu}]/u.test(text[s] ?? '') ? s : null;
}

/** `Iqbal, ` before `556 U.S. at 678`: a short form's one-word name, when it is no signal. */
function shortName(text: string, at: number): number | null {
  const m = /(?:^|[\s(])([\p{Lu}][\p{L}'’-]+(?:\s+v\.)?),\s*$/u.exec(text.slice(Math.max(0, at - 40), at));
  if (!m || SIGNALS.has(m[1]!)) return null;
  return at - m[0].length + m[0].indexOf(m[1]!);
}

/** `Criminal Code, ` before `R.S.C. 1985, c. C-46`: a statute's title, capitalised words and connectors. */
function statuteName(text: string, at: number): number | null {
  const before = text.slice(Math.max(0, at - 160), at);
  if (!/,\s*$/.test(before)) return null;
  const words = [...before.replace(/,\s*$/, '').matchAll(/\S+/g)];
  const base = at - before.length;
  let start: number | null = null;
  for (let i = words.length - 1; i >= 0 && words.length - i <= 10; i--) {
    const w = words[i]![0];
    if (SIGNALS.has(w) || /[.,;:)]$|\d/.test(w)) break;
    const bare = w.replace(/^[(“"]+/, '');
    if (!/^\p{Lu}/u.test(bare) && !CONNECTORS.has(bare)) break;
    start = base + words[i]!.index! + (w.length - bare.length);
    if (bare !== w) break;
  }
  if (start === null) return null;
  let s = start;
  while (s < at && /^(?:of|the|and|for|in|on|to|respecting)\s/.test(text.slice(s, s + 11))) s = text.indexOf(' ', s) + 1;
  return /^\p{Lu}/u.test(text[s] ?? '') ? s : null;
}
