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
  /** The first page of the documents bound after the brief (refs/bound-documents.ts): no body from there on. */
  bodyEnd?: number | null;
}

export function findAuthorities(pages: PageText[], opts: FindAuthorityOptions = {}): Authority[] {
  return findAuthoritiesInBody(bodyText(pages, nonBodyPages(pages, opts.indexPages ?? [], opts.bodyEnd ?? null)), opts);
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
  /** A short name the citation defines in brackets before its pinpoint (`(P&G) at paragraphs 4 to 6`), or the short name a short form is cited by. */
  defined?: string;
}

/** How far a short form may stand from the citation it continues (about half a page of text). */
const SHORT_FORM_REACH = 1500;
const ID_FORM = /(?<![\w.])(?<word>Id\.|id\.|Ibid\.?|ibid\.?)(?:,?\s+at\s+(?:\*?(?<pin>\d{1,5}(?:[-–]\d{1,5})?)(?![\w.]\d)|paras?\.?\s*(?<para>\d{1,4}(?:[-–]\d{1,4})?)|(?<sub>(?:\([A-Za-z0-9]{1,4}\))+)))?/g;
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
    // `id. at (d)(2)(C)`: a subdivision of the rule or section it continues
    if (g.sub) parts.rule = g.sub;
    candidates.push({ from: m.index, to: m.index + m[0].length, parts, rank: 100, shortForm: /^ibid/i.test(g.word!) ? 'ibid' : 'id' });
  }
  // a short name a citation defines (`(P&G)`, `[Gauthier SCC]`) and, later, that name with a pinpoint (`P&G at paragraph 3`)
  const names = new Set<string>();
  for (const c of candidates) {
    const d = c.defined ?? definedAfter(text, c.to)?.name;
    if (d) names.add(d);
  }
  if (names.size) {
    const alt = [...names].sort((a, b) => b.length - a.length).map(escape).join('|');
    const re = new RegExp(`(?<![\\w’'])(?<name>${alt})\\s+(?:at\\s+(?:paras?\\.?\\s*|paragraphs?\\s+)?|(?:para|paragraph)\\s+)(?<pin>\\[?\\d{1,5}(?:\\([a-z0-9]{1,4}\\))*\\]?)(?![\\w.]\\d)`, 'gu');
    for (const m of text.matchAll(re)) {
      const g = m.groups!;
      const n = /\d+/.exec(g.pin!)![0];
      const para = g.pin!.startsWith('[') || /para/.test(m[0]);
      const parts = { kind: 'case', family: 'us-case', name: g.name! } as AuthorityParts;
      if (para) parts.paragraph = n;
      else parts.pinpoint = n;
      candidates.push({ from: m.index, to: m.index + m[0].length, parts, rank: 101, shortForm: 'short', defined: g.name! });
    }
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
  let last: { end: number; authority: Authority | null; mainEnd: number } = { end: -1, authority: null, mainEnd: -1 };
  /** The short names citations defined, each to its full citation. */
  const defined = new Map<string, Authority>();
  for (const c of kept) {
    while (ri < records.length && records[ri]!.from < c.from) {
      if (records[ri]!.to > last.end) last = { end: records[ri]!.to, authority: null, mainEnd: records[ri]!.to };
      ri++;
    }
    // a record reference over the same words: the record finder read it, so it is no authority
    if (records.some((r) => r.from < c.to && c.from < r.to)) continue;
    let from = c.from;
    const to = trimEnd(text, c);
    const parts = { ...c.parts };
    let antecedent: Authority | undefined;
    let shortForm = c.shortForm;
    // a Westlaw or Lexis number cited before: this is its short form (`Yeti, 2020 WL 8174630, at *34`)
    if (!shortForm && parts.family === 'us-database') {
      antecedent = [...out].reverse().find((a) => !a.shortForm && a.parts.family === 'us-database' && a.parts.number === parts.number && a.parts.year === parts.year);
      if (antecedent) shortForm = 'short';
    }
    if (shortForm === 'id' || shortForm === 'ibid') {
      const prev = last.authority;
      if (!prev || c.from - last.end > SHORT_FORM_REACH) continue;
      antecedent = prev.antecedent ? out[prev.antecedent - 1]! : prev;
      Object.assign(parts, inherit(antecedent.parts), c.parts.pinpoint ? { pinpoint: c.parts.pinpoint } : {}, c.parts.paragraph ? { paragraph: c.parts.paragraph } : {});
      if (c.parts.rule) {
        // `id. at (d)(2)(C)` after `Fed. R. Civ. P. 65(d)(2)(B)`: rule 65(d)(2)(C)
        const key = antecedent.parts.kind === 'rule' ? 'rule' : 'section';
        const base = /^[\w.-]+?(?=\(|$)/.exec(antecedent.parts[key] ?? '')?.[0];
        if (!base) continue;
        delete parts.rule;
        parts[key] = `${base}${c.parts.rule}`;
      }
    } else if (shortForm === 'short' && c.defined) {
      // `P&G at paragraph 3`: the citation that defined the name
      antecedent = defined.get(c.defined);
      if (!antecedent) continue;
      Object.assign(parts, inherit(antecedent.parts), c.parts.pinpoint ? { pinpoint: c.parts.pinpoint } : {}, c.parts.paragraph ? { paragraph: c.parts.paragraph } : {});
    } else if (shortForm === 'short') {
      if (!antecedent) {
        const key = reporterKey(parts.reporter ?? '');
        antecedent = [...out].reverse().find((a) => !a.shortForm && a.parts.volume === parts.volume && reporterKey(a.parts.reporter ?? '') === key);
      }
      const name = shortName(text, from);
      if (name !== null) from = name;
      if (antecedent) Object.assign(parts, { ...inherit(antecedent.parts), ...(c.parts.pinpoint ? { pinpoint: c.parts.pinpoint } : {}) });
    } else if (shortForm === 'supra') {
      const word = parts.name!;
      antecedent = defined.get(word) ?? [...out].reverse().find((a) => !a.shortForm && a.parts.name !== undefined && new RegExp(`\\b${escape(word)}\\b`).test(a.parts.name));
      if (!antecedent) continue;
      const pin = c.parts.pinpoint;
      const para = c.parts.paragraph;
      const section = c.parts.section;
      Object.assign(parts, inherit(antecedent.parts));
      delete parts.pinpoint;
      delete parts.paragraph;
      if (pin) parts.pinpoint = pin;
      if (para) parts.paragraph = para;
      if (section) parts.section = section;
    } else if (c.named) {
      const prev = out[out.length - 1];
      // a parallel citation (`[2008] 1 S.C.R. 190, 2008 SCC 9`; `[2013] EWHC 1925 (Pat); [2014] RPC 23`) shares the name of the one it follows
      if (prev && !prev.shortForm && /^\s*[,;]\s*$/.test(text.slice(prev.to, from)) && prev.parts.name) parts.name = prev.parts.name;
      else {
        // a Westlaw number's docket number stands between the name and it (`Skee Ball, Inc. v. Full Circle United, No. C-11-04930 EDL, 2011 WL ...`)
        const docket = parts.family === 'us-database' ? DOCKET_BEFORE.exec(text.slice(Math.max(0, from - 80), from)) : null;
        const nameAt = docket ? from - docket[0].length + 1 : from;
        const name = caseName(text, nameAt) ?? (/^(?:uk|ca)-/.test(parts.family) ? shortCaseName(text, nameAt) : null);
        if (name !== null) {
          // a short name defined within the name (`Press-Enter. Co. v. Superior Court (“Press-Enterprise II”)`) is no part of it
          parts.name = text.slice(name, nameAt).replace(/[,\s]+$/, '').replace(/\s+/g, ' ').replace(/\s+,/g, ',').replace(/\s*\((?:hereinafter\s+)?[“"][^()]*[”"]\)$/, '');
          from = name;
          // a decision of the Court of Justice or the General Court is cited with its case number first (`C-479/12 H Gautzsch ...`)
          const number = /(?:Case\s+)?[CT]-\d{1,4}\/\d{2}(?:\s+P)?\s+$/.exec(text.slice(Math.max(0, from - 24), from));
          if (number) from -= number[0].length;
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
    if (shortForm) a.shortForm = shortForm;
    if (antecedent) a.antecedent = antecedent.id;
    if (word?.footnote) a.footnote = true;
    out.push(a);
    if (!shortForm) {
      const d = c.defined ?? definedAfter(text, to)?.name;
      if (d) defined.set(d, a);
    }
    // a case cited within another's parenthetical (`(quoting Smith v. Daily Mail ...)`) is not what a later `Id.` continues
    const main = last.authority && !shortForm ? withinParenthetical(text, last.mainEnd, from) : false;
    last = main ? { end: to, authority: last.authority, mainEnd: last.mainEnd } : { end: to, authority: a, mainEnd: to };
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
      // `(C.D. Cal. Nov. 10, 2015)`: the court, its date aside
      const court = g.paren?.replace(/\s*(?:(?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2},\s*)?\d{4}$/, '').trim();
      if (court) parts.court = court;
      return { from, to, parts, rank, named: true };
    }
    case 'neutral': {
      const court = neutralCourtOf(g.court!);
      if (!court) return null;
      const bracket = m[0].startsWith('[');
      const parts: AuthorityParts = { kind: 'case', family: court.family, year: g.year!, court: court.code, number: g.number! };
      if (g.division) parts.division = g.division.trim();
      parts.neutral = `${bracket ? `[${g.year}]` : g.year} ${court.code} ${g.number}${g.division ? ` (${g.division.trim()})` : ''}`;
      Object.assign(parts, pinpointOf(g.tail));
      return { from, to, parts, rank, named: true, ...definedIn(m) };
    }
    case 'bracket-reporter': {
      const printed = g.reporter!.replace(/\s+/g, ' ');
      const reporter = reporterOf(printed);
      if (!reporter) return null;
      const parts: AuthorityParts = { kind: 'case', family: reporter.family, year: g.year!, reporter: printed, page: g.page! };
      if (g.volume) parts.volume = g.volume;
      if (g.court) parts.court = g.court;
      Object.assign(parts, pinpointOf(g.tail));
      return { from, to, parts, rank, named: true, ...definedIn(m) };
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
      // `See Jordan, supra`: the signal is no part of the name
      const signal = /^(?:(?:See|see|Cf\.|cf\.|But|also|Also|Compare|Contra|Accord|In|and|with)\s+)+/.exec(g.name!);
      const name = g.name!.slice(signal?.[0].length ?? 0);
      if (!name) return null;
      const parts = { kind: 'case', family: 'us-case', name } as AuthorityParts;
      if (g.pin) parts.pinpoint = g.pin;
      if (g.para) parts.paragraph = g.para;
      if (g.section) parts.section = g.section.replace(TRAILING, '');
      return { from: from + (signal?.[0].length ?? 0), to, parts, rank, shortForm: 'supra' };
    }
    default:
      // `§ 12`, `Rule 5(a)`, `Smith v. Jones` alone: an authority's extent for the record finder, not a citation to link
      return null;
  }
}

/** Words that open a citation sentence or clause, never part of a case's or a statute's name. */
const SIGNALS = new Set(['See', 'see', 'Cf.', 'cf.', 'Contra', 'Compare', 'But', 'Accord', 'also', 'Also', 'E.g.,', 'e.g.,', 'In', 'The', 'Under', 'Per', 'And', 'and', 'with', 'With', 'generally', 'As', 'By', 'Following']);
/** Lower-case words a case's or statute's name holds (`Canada (Minister of Citizenship and Immigration)`). */
const CONNECTORS = new Set(['v.', 'v', 'of', 'the', 'and', '&', 'for', 'ex', 'rel.', 'de', 'du', 'la', 'des', 'et', 'al.', 'on', 'to', 're', 'respecting', 'plc', 't/a', 'parte']);
/** Short words that end a sentence more often than they abbreviate a party's name. */
const SENTENCE_ENDS = new Set(['Act.', 'Code.', 'Law.', 'Rule.', 'Part.', 'Bill.', 'Fact.', 'Case.', 'Here.', 'Yes.', 'Also.', 'Thus.', 'Him.', 'Her.', 'Them.', 'This.', 'That.', 'Then.', 'Now.', 'Too.']);
/**
 * The Bluebook's abbreviations of words in case names (table T6) that are not above: `Cox Broad. Corp.`,
 * `Press-Enter. Co.`, `Carol Pub. Grp.`, `Nat’l Lab. Rels. Bd.`, `Secured Mail Sols.`, `Armor All/STP Prods.`
 */
const T6 = [
  'Acad', 'Adver', 'Agric', 'Appl', 'Appeals?', 'Apartment', 'Arb', 'Assocs?', 'Atl', 'Auto', 'Ave', 'Bankr', 'Bldg', 'Broad', 'Bus', 'Cal', 'Cas', 'Cent', 'Chem', 'Cir', 'Civ', 'Cmty', 'Comp', 'Condo', 'Cong', 'Consol',
  'Constr', 'Cont', 'Coop', 'Cred', 'Def', 'Dev', 'Dir', 'Distrib', 'Div', 'Econ', 'Educ', 'Emp', 'Enter', 'Enters', 'Enf', 'Enters', 'Env', 'Equip', 'Exch', 'Exec', 'Fin', 'Fla', 'Gen', 'Grp', 'Guar', 'Hous', 'Imp', 'Info',
  'Inst', 'Invs?', 'Lab', 'Lit', 'Litig', 'Liab', 'Mach', 'Maint', 'Mgmt', 'Med', 'Mem', 'Merch', 'Metro', 'Mktg', 'Mkts?', 'Mortg', 'Nw', 'Ne', 'Org', 'Pac', 'Pers', 'Pharm', 'Pharms', 'Prob', 'Proc', 'Prod', 'Prods',
  'Prop', 'Props', 'Prot', 'Publ', 'Rels?', 'Rest', 'Rd', 'Reg', 'Res', 'Ret', 'Rsch', 'Sav', 'Sci', 'Sols?', 'Soc', 'Sw', 'Se', 'Surv', 'Tech', 'Techs', 'Tel', 'Telecomms?', 'Temp', 'Twp', 'Tr', 'Trs', 'Unif', 'Vill', 'Wash',
].join('|');
/** Abbreviations a party's name ends a word with. */
const NAME_ABBREVIATION = new RegExp(`^(?:[A-Z]\\.)+$|^(?:[A-Za-z]\\.){2,}[A-Za-z]?\\.?$|^(?:[A-Za-z]+-)?(?:Inc|Co|Corp|Ltd|Ltée|LLC|L\\.L\\.C|Bd|Dept|Dep['’]t|Ass['’]n|Univ|Ins|Mfg|Bros|Ry|Int['’]l|Nat['’]l|Gov['’]t|Comm['’]n|Sch|Dist|Cnty|Mun|Sec|Fed|Am|Ct|Admin|Hosp|Cty|Twp|Auth|Comm|Coll|Cos|Elec|Found|Indus|Mut|Pub|Servs?|Sys|Tel|Transp|Util|Mr|Ms|Mrs|Dr|St|Mt|No|Jr|Sr|Min|${T6})\\.$`);

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
    // `In re`, and `v The King` (`The` after `v` is the party's)
    // (and `and` within the second party's name, `v London Gypsies and Travellers`, or before `Anor`, `Ors`, `Others`)
    if (SIGNALS.has(w) && !(w === 'In' && words[i + 1]?.[0] === 're') && !(w === 'The' && /^v\.?$/.test(words[i - 1]?.[0] ?? '')) && !(w === 'and' && (!versus || /^(?:Anor|Ors|Others|Another)\b/.test(words[i + 1]?.[0] ?? '')))) break;
    const opener = w.startsWith('(') || w.startsWith('“') || w.startsWith('"');
    const bare = w.replace(/^[(“"]+/, '');
    if (heading(words, i)) break;
    // a comma ends the name, but for a company's (`Northwind Holdings, Inc.`)
    if (/[;:]$|\d/.test(w) || (w.endsWith(',') && !/^(?:Inc|Ltd|Co|Corp|LLC|L\.L\.C|LLP|L\.P|LP|PLC|P\.C|FSB|Ltée|S\.A|N\.A)\.?,?$/.test(words[i + 1]?.[0] ?? ''))) break;
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

/**
 * `Iqbal, ` before `556 U.S. at 678`: a short form's name, when it is no signal; a few words (`Florida Star, `,
 * `Cox Broad., `, `In re N.Y. Times Co., `), capitalised or a party's abbreviations, back to a signal, a
 * sentence's end or a lower-case word.
 */
function shortName(text: string, at: number): number | null {
  const before = text.slice(Math.max(0, at - 60), at);
  if (!/,\s*$/.test(before)) return null;
  const words = [...before.replace(/,\s*$/, '').matchAll(/\S+/g)];
  const base = at - before.length;
  let start: number | null = null;
  for (let i = words.length - 1; i >= 0 && words.length - i <= 6; i--) {
    const w = words[i]![0];
    if (SIGNALS.has(w) && !(w === 'In' && words[i + 1]?.[0] === 're')) break;
    const bare = w.replace(/^[(“"]+/, '');
    if (heading(words, i)) break;
    // a comma ends the name, but for a company's (`Mintel Learning Tech., Inc., `)
    if (/[;:)\d]$|\d/.test(w) || (w.endsWith(',') && !/^(?:Inc|Ltd|Co|Corp|LLC|L\.L\.C|LLP|L\.P|LP|PLC|Ltée|S\.A|N\.A)\.?,?$/.test(words[i + 1]?.[0] ?? ''))) break;
    if (!/^[\p{Lu}]/u.test(bare) && !(bare === 're' && words[i - 1]?.[0] === 'In') && bare !== '&') break;
    // a word with a full stop ends the sentence before, unless it abbreviates a party's name
    if (w.endsWith('.') && !NAME_ABBREVIATION.test(bare) && !(/^[A-Z][a-z]{1,3}\.$/.test(bare) && !SENTENCE_ENDS.has(bare))) break;
    start = base + words[i]!.index! + (w.length - bare.length);
    if (bare !== w) break;
  }
  if (start === null) return null;
  return /^[\p{Lu}]/u.test(text[start] ?? '') ? start : null;
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

/** A docket number between a case's name and its Westlaw or Lexis number (`, No. CV 15-03776 MMM (AGRx), `, `, Case No. SA CV 19-02501-DOC-ADS, `). */
const DOCKET_BEFORE = /,\s*(?:Case\s+)?No\.\s*[^,;]{1,60},\s*$/;

/** A pinpoint's parts from the words after a citation (`at paras 12–14`, `at [22]–[23]`, `at paragraphs 4 to 6`, `at 404`, `, 81`). */
export function pinpointOf(tail: string | undefined): Pick<AuthorityParts, 'pinpoint' | 'paragraph'> {
  if (!tail) return {};
  const para = /(?:paras?\.?|paragraphs?)\s*(\d{1,5}(?:\s*(?:[-–]|to)\s*\d{1,5})?)/.exec(tail);
  if (para) return { paragraph: para[1]!.replace(/\s+/g, ' ') };
  const bracket = /\[(\d{1,5})(?:\([a-z0-9]{1,4}\))*\](?:\s*([-–]|to)\s*\[(\d{1,5})\])?/.exec(tail);
  if (bracket) return { paragraph: bracket[3] ? `${bracket[1]}${bracket[2] === 'to' ? ' to ' : bracket[2]}${bracket[3]}` : bracket[1]! };
  const page = /\d{1,5}(?:[-–]\d{1,5})?/.exec(tail);
  return page ? { pinpoint: page[0] } : {};
}

/** The short name a neutral citation or report defines in brackets before its pinpoint (`[2007] EWCA Civ 936 (P&G) at paragraphs 4 to 6`). */
function definedIn(m: RegExpMatchArray): Pick<Candidate, 'defined'> {
  const d = m.groups?.defined?.trim().replace(/^[“"]|[”"]$/g, '');
  return d ? { defined: d } : {};
}

/** Words a bracket after a citation holds that are no short name (`(emphasis added)`, `(per curiam)`). */
const NOT_A_NAME = /^(?:emphasis|internal|citations?|quotation|quoting|citing|cited|alterations?|per|see|same|dissenting|concurring|plurality|footnote|mem|table|unpublished|en banc|BAILII|AustLII|CanLII|QL|WL|Lexis|[A-Z][a-z]+,\s*J{1,2}\.)/i;

/**
 * The short name a citation defines right after it, in square brackets (`[Gauthier SCC]`, McGill) or in round
 * ones (`(P&G)`, `(“Press-Enterprise II”)`, `(hereinafter “Sept. 30 Order”)`), or null.
 */
export function definedAfter(text: string, at: number): { name: string } | null {
  const m = /^\s*(?:\[([^\][\d]{1,40})\]|\((?:hereinafter\s+)?[“"]?([^()\d“”"]{1,30})[”"]?\))/.exec(text.slice(at, at + 50));
  const name = (m?.[1] ?? m?.[2])?.trim();
  if (!name || !/^[\p{Lu}]/u.test(name) || NOT_A_NAME.test(name) || name.split(/\s+/).length > 4) return null;
  return { name };
}

/**
 * Whether what stands between a citation and the next is an open parenthetical that quotes or cites
 * (`... 491 U.S. 524, 533 (quoting Smith v. Daily Mail Publ’g Co., ...`): the next is cited within it.
 */
function withinParenthetical(text: string, from: number, to: number): boolean {
  const between = text.slice(from, to);
  let depth = 0;
  let open = -1;
  for (let i = 0; i < between.length; i++) {
    if (between[i] === '(') {
      if (depth === 0) open = i;
      depth++;
    } else if (between[i] === ')' && depth > 0) depth--;
  }
  return depth > 0 && /^\((?:[^()]*?\b)?(?:quoting|citing|cited\s+in|quoted\s+in)\b/.test(between.slice(open));
}

/**
 * The English and Canadian short name printed before a bracketed citation with no comma (`in PepsiCo [2012] FSR 5`,
 * `from Grupo Promer [2010] ECDR 7`, `in Easy Sanitary [2018] ECDR 4`): one to three capitalised words after a
 * lower-case word, or null.
 */
function shortCaseName(text: string, at: number): number | null {
  const m = /(?:^|\s)(?:in|from|and|see|of)\s+((?:[\p{Lu}][\p{L}’'&-]+\s+){0,2}[\p{Lu}][\p{L}’'&-]+)\s+$/u.exec(text.slice(Math.max(0, at - 80), at));
  if (!m || SIGNALS.has(m[1]!)) return null;
  return at - m[0].length + m[0].indexOf(m[1]!);
}

const CAPITALS = /^[(“"]?[A-Z][A-Z’'&.-]*[A-Z][A-Z’'&.-]*$/;
/**
 * Whether the word at `i` is a page's running header in capitals run into the text (`FOR LEAVE TO FILE
 * OVER-LENGTH CONSOLIDATED Henyard v. Suh`): it and the word before it are words of three or more capitals. A
 * party's acronym (`SEC v. Fraser`, `WXY v Gewanter`) stands alone.
 */
function heading(words: RegExpMatchArray[], i: number): boolean {
  const caps = (w: string | undefined) => w !== undefined && CAPITALS.test(w) && /[A-Z]{3}/.test(w) && !/^(?:LLC|LLP|PLC|USA|BBC|NHS)[.,]?$/.test(w);
  return caps(words[i]?.[0]) && caps(words[i - 1]?.[0]);
}
