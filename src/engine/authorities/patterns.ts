import { NEUTRAL_COURT_SOURCE } from './reporters.ts';

/**
 * The patterns of authority citations: the one definition both the authority finder (`find-authorities.ts`,
 * which reads their named groups into parts) and the record-reference finder (`../refs/authority-spans.ts`,
 * which only needs their extent, so that `Id.` after a case is no record reference) use. Each is global and
 * sticky-free; callers reset `lastIndex`. They are deliberately wider than the reporters `reporters.ts`
 * knows: an unknown reporter is still a citation's extent, though it is not linked.
 */

const ORDINAL = '(?:2d|3d|4th|5th|6th)';
/** Abbreviations that name a record's documents, never a reporter (`10 Ex. 2` is a footnote's number and an exhibit). */
const NOT_REPORTER = '(?!(?:Exs?|Exh|Dkt|Doc|Tr|App|Add|Decl|Dep|Depo|Aff|Op|Br|Mot|Opp|Compl|Rec|Pet|Resp|Reply|Mem|Hr|Id|Ibid|See|Cf)\\.)';
/** A reporter: one to four abbreviated words (`U.S.`, `F. Supp. 2d`, `Cal. App. 4th`, `S. Ct.`, `L. Ed. 2d`, `Wn. App.`, `Ohio St. 3d`). */
const REPORTER = `(?:${NOT_REPORTER}(?:[A-Z][A-Za-z]{0,5}\\.|Ohio(?=\\s(?:St|App)\\.))(?:\\s?(?:[A-Z][A-Za-z]{0,6}\\.|App(?:'|’)x|${ORDINAL})){0,4})`;
const PIN = '(?:,\\s*(?:at\\s*)?\\*?\\d{1,5}(?:[-–]\\d{1,5})?(?:\\s*(?:&|n\\.)\\s*\\d{1,3})?)*';

export type PatternName =
  | 'us-reporter'
  | 'us-reporter-short'
  | 'us-database'
  | 'neutral'
  | 'bracket-reporter'
  | 'us-code'
  | 'section'
  | 'federal-rule'
  | 'rule'
  | 'revised-statute'
  | 'annual-statute'
  | 'cpr'
  | 'case-name'
  | 'supra';

export interface AuthorityPattern {
  name: PatternName;
  re: RegExp;
}

export const AUTHORITY_PATTERNS: readonly AuthorityPattern[] = [
  // US reporters: 556 U.S. 662, 678; 123 F.3d 45 (9th Cir. 1997)
  { name: 'us-reporter', re: new RegExp(`\\b(?<volume>\\d{1,4})\\s+(?<reporter>${REPORTER})\\s?(?<page>\\d{1,5})(?<pin>${PIN})(?:\\s*\\((?<paren>[^)]{0,60}\\d{4})\\))?`, 'g') },
  // a short form: 556 U.S. at 678
  { name: 'us-reporter-short', re: new RegExp(`\\b(?<volume>\\d{1,4})\\s+(?<reporter>${REPORTER})\\s+at\\s+\\*?(?<pin>\\d{1,5}(?:[-–]\\d{1,5})?)`, 'g') },
  // 2019 WL 123456, at *3; 2020 U.S. Dist. LEXIS 1234
  { name: 'us-database', re: /\b(?<year>(?:19|20)\d{2})\s+(?<db>WL|U\.S\.\s?(?:Dist\.|App\.)\s?LEXIS|[A-Z][A-Za-z.]*\s?LEXIS)\s+(?<number>\d+)(?:,\s*at\s*\*(?<pin>\d+(?:[-–]\*?\d+)?))?/g },
  // neutral citations: 2016 SCC 27, at para. 5; [2024] EWHC 1809 (Ch); [2019] EWCA Civ 1
  {
    name: 'neutral',
    re: new RegExp(`\\[?\\b(?<year>(?:19|20)\\d{2})\\]?\\s+(?<court>${NEUTRAL_COURT_SOURCE})\\s+(?<number>\\d+)(?:\\s*\\((?<division>[A-Za-z ]{1,20})\\))?(?:,?\\s*at\\s+paras?\\.?\\s*(?<para>\\d+(?:[-–]\\d+)?))?`, 'g'),
  },
  // Canadian and English reporters: [1990] 1 S.C.R. 1; (1995), 25 O.R. (3d) 1 (C.A.); [1932] AC 562
  {
    name: 'bracket-reporter',
    re: /[[(](?<year>(?:18|19|20)\d{2})[\])],?\s+(?:(?<volume>\d{1,3})\s+)?(?<reporter>[A-Z][A-Za-z.’']*(?:\s+[A-Z][A-Za-z.’']*){0,3}(?:\s*\(\d[a-z]{1,2}\))?)\s+(?<page>\d{1,5})(?:\s*\((?<court>[A-Z][A-Za-z.]*)\))?(?:,?\s*at\s+(?:paras?\.\s*(?<para>\d+(?:[-–]\d+)?)|p\.\s*(?<pin>\d+)))?/g,
  },
  // statutes and rules: 42 U.S.C. § 1983
  { name: 'us-code', re: /\b(?<title>\d{1,3})\s+U\.\s?S\.\s?C\.(?:\s?A\.)?\s*§§?\s*(?<section>[\w().-]+)/g },
  { name: 'section', re: /§§?\s*\d[\w().:-]*(?:\s*(?:,|and|&|to|[-–])\s*\d[\w().:-]*)*/g },
  {
    name: 'federal-rule',
    re: /\b(?<rules>Fed\.\s?R\.\s?(?:Civ|Crim|App|Evid|Bankr)\.(?:\s?P\.)?|Fed\.\s?R\.\s?Evid\.|Sup\.\s?Ct\.\s?R\.|Cir\.\s?R\.|L\.\s?R\.|Local\s+Rule|(?:Civ|Crim)\.\s?L\.\s?R\.)\s*(?<rule>\d[\w().-]*)/g,
  },
  { name: 'rule', re: /\b(?:Rules?|R\.)\s+\d{1,3}(?:\.\d{1,3})*(?:\([a-z0-9]{1,4}\))+/g },
  // Criminal Code, R.S.C. 1985, c. C-46, s. 11(b); Courts of Justice Act, R.S.O. 1990, c. C.43, s. 134
  { name: 'revised-statute', re: /\bR\.S\.(?<juris>[A-Z]{1,2})\.\s*(?<year>(?:19|20)\d{2}),\s*c\.\s*(?<chapter>[A-Z0-9.-]+)(?:,\s*ss?\.\s*(?<section>[\d().a-z]+))?/g },
  { name: 'annual-statute', re: /\bS\.(?<juris>[A-Z]{1,2})\.\s*(?<year>(?:19|20)\d{2}),\s*c\.\s*(?<chapter>\d+)(?:,\s*ss?\.\s*(?<section>[\d().a-z]+))?/g },
  { name: 'cpr', re: /\bCPR\s+(?:r\.\s*)?(?<part>\d{1,3})\.(?<rule>\d{1,3})(?:\(\d+\))*/g },
  // case names: `R. v. Jordan`, `Smith v. Jones`; a short form `Jordan, supra, at para. 7`
  { name: 'case-name', re: /\b[A-Z][\w.'’&-]*\s+v\.?\s+[A-Z][\w.'’&-]*/g },
  { name: 'supra', re: /(?<![\w’'])(?<name>[A-Z](?:[a-z]*[’'])?[A-Z]?[a-z]+),\s+supra\b(?:,?\s+at\s+(?:paras?\.\s*(?<para>\d+(?:[-–]\d+)?)|(?:p\.\s*)?(?<pin>\d+(?:[-–]\d+)?)))?/g },
];
