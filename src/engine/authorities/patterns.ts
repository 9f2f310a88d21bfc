import { EWHC_DIVISIONS, NEUTRAL_COURT_SOURCE } from './reporters.ts';

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
const REPORTER = `(?:${NOT_REPORTER}(?:[A-Z][A-Za-z]{0,5}\\.|Ohio(?=\\s(?:St|App)\\.))(?:\\s?(?:[A-Z][A-Za-z]{0,6}\\.|Supp(?=\\s${ORDINAL})|App(?:'|’)x|${ORDINAL})){0,4})`;
const PIN = '(?:,\\s*(?:at\\s*)?\\*?\\d{1,5}(?:[-–]\\d{1,5})?(?:\\s*(?:&|n\\.)\\s*\\d{1,3})?)*';
/**
 * A pinpoint after a neutral citation or a bracketed report, in the Canadian and English styles: `at para 5`,
 * `at paras. 12–14`, `at paragraphs 4 to 6`, `at [22]–[23]`, `at [35(ii)]`, `at 404`, `at p. 297`, `at page
 * 297`, `, 81` (a page after a comma, not when a citation follows: `, 2008 SCC 9`). Read into parts by `pinpointOf`.
 */
export const TAIL = '(?:,?\\s*at\\s+(?:(?:paras?\\.?|paragraphs?)\\s*\\d{1,5}(?:\\s*(?:[-–]|to)\\s*\\d{1,5})?(?:(?:,|\\s+and)\\s*\\d{1,5}(?:[-–]\\d{1,5})?(?![\\w(]|\\s+[A-Z]))*|\\[\\d{1,5}(?:\\([a-z0-9]{1,4}\\))*\\](?:\\s*(?:[-–]|to)\\s*\\[\\d{1,5}\\])?|(?:p\\.|page)?\\s*\\d{1,5}(?:[-–]\\d{1,5})?(?![\\d(]))|,\\s*\\d{1,5}(?:[-–]\\d{1,5})?(?![\\d\\w(]|\\s+[A-Z(\\[]|\\s*[:/]))';
/** The divisions of the High Court a neutral citation names in brackets (`(Ch)`, `(Pat)`, `(IPEC)`). */
const DIVISION = Object.keys(EWHC_DIVISIONS).join('|');
/** A database a neutral citation was read from, printed after it (`(BAILII)`): no part of the citation's parts. */
const DATABASE = '(?:BAILII|AustLII|CanLII|QL|WL|Lexis)';

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
  // its court and date in brackets: 2015 WL 13357439, at *2 (C.D. Cal. Nov. 10, 2015)
  { name: 'us-database', re: /\b(?<year>(?:19|20)\d{2})\s+(?<db>WL|U\.S\.\s?(?:Dist\.|App\.)\s?LEXIS|[A-Z][A-Za-z.]*\s?LEXIS)\s+(?<number>\d+)(?:,\s*at\s*\*(?<pin>\d+(?:[-–]\*?\d+)?))?(?:\s*\((?<paren>[^()]{0,60}?\d{4})\))?/g },
  // neutral citations: 2016 SCC 27, at para. 5; [2024] EWHC 1809 (Ch); [2019] EWCA Civ 1
  {
    name: 'neutral',
    // then a database it was read from (`(BAILII)`), a short name it defines (`(P&G)`) and the pinpoint after it
    re: new RegExp(`\\[?\\b(?<year>(?:19|20)\\d{2})\\]?\\s+(?<court>${NEUTRAL_COURT_SOURCE})\\s+(?<number>\\d+)(?:\\s*\\((?<division>${DIVISION})\\))?(?:\\s*\\(${DATABASE}\\))?(?:\\s*\\((?<defined>[^()\\d]{1,30})\\)(?=${TAIL}))?(?<tail>${TAIL})?`, 'g'),
  },
  // Canadian and English reporters: [1990] 1 S.C.R. 1; (1995), 25 O.R. (3d) 1 (C.A.); [1932] AC 562
  {
    name: 'bracket-reporter',
    re: new RegExp(`[[(](?<year>(?:18|19|20)\\d{2})[\\])],?\\s+(?:(?<volume>\\d{1,3})\\s+)?(?<reporter>[A-Z][A-Za-z.’']*(?:\\s+(?:[A-Z&][A-Za-z.’']*|\\([A-Z][a-z]+\\))){0,3}(?:\\s*\\(\\d[a-z]{1,2}\\))?)\\s+(?<page>\\d{1,5})(?:\\s*\\((?<court>[A-Z][A-Za-z.]*)\\))?(?:\\s*\\((?<defined>[^()\\d]{1,30})\\)(?=${TAIL}))?(?<tail>${TAIL})?`, 'g'),
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
  // the McGill Guide's ninth edition prints `c C-46, s 21(1)` without stops
  { name: 'revised-statute', re: /\bR\.S\.(?<juris>[A-Z]{1,2})\.\s*(?<year>(?:19|20)\d{2}),\s*c\.?\s*(?<chapter>[A-Z0-9][A-Z0-9.-]*)(?:,\s*ss?\.?\s*(?<section>\d[\d().a-z]*))?/g },
  { name: 'annual-statute', re: /\bS\.(?<juris>[A-Z]{1,2})\.\s*(?<year>(?:19|20)\d{2}),\s*c\.?\s*(?<chapter>\d+)(?:,\s*ss?\.?\s*(?<section>\d[\d().a-z]*))?/g },
  { name: 'cpr', re: /\bCPR\s+(?:r\.\s*)?(?<part>\d{1,3})\.(?<rule>\d{1,3})(?:\(\d+\))*/g },
  // case names: `R. v. Jordan`, `Smith v. Jones`; a short form `Jordan, supra, at para. 7`
  { name: 'case-name', re: /\b[A-Z][\w.'’&-]*\s+v\.?\s+[A-Z][\w.'’&-]*/g },
  // `Jordan, supra, at para. 7`; a name of a few words (`Gauthier SCC, supra para 1 at para 2`), where the full
  // citation stands (`supra note 4`, `supra para 1`), a statute's section (`Criminal Code, supra para 6, s 21(1)`);
  // not a document of the record (`Smith Affidavit, supra, at para. 20` is the record finder's)
  {
    name: 'supra',
    re: /(?<![\w’'.-])(?<name>[A-Z][\w’'&-]*(?:\s+(?:[A-Z][\w’'&-]*|of|v\.?)){0,3})(?<!\b(?:Affidavit|Declaration|Deposition|Transcript|Exhibit|Record|Brief|Motion|Factum|Report|Order|Complaint|Answer|Memorandum|Book|Compendium|Appendix)),\s+supra\b(?:\s+(?:paras?|note|n\.)\s*\d{1,4})?(?:,?\s+ss?\.?\s*(?<section>\d[\d()a-z]*(?:\.\d[\d()a-z]*)*)(?:,\s*\d[\d()a-z]*(?:\.\d[\d()a-z]*)*)*|,?\s+at\s+(?:paras?\.?\s*(?<para>\d+(?:[-–]\d+)?)(?:,\s*\d+(?:[-–]\d+)?(?![\w(]|\s+[A-Z]))*|(?:p\.\s*)?(?<pin>\d+(?:[-–]\d+)?)))?/g,
  },
];
