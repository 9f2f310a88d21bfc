/**
 * The authorities a brief may cite, as data: each reporter, neutral-citation court and code the finder
 * knows, with the family it belongs to. The family picks the public address a citation links to
 * (`targets.ts`); a reporter missing here is still read as a citation's extent (so that `Id.` after it is
 * no record reference) but is listed, not linked. A new reporter is one line here and a test.
 */

/** What a citation cites, by where a public copy of it lives. */
export type AuthorityFamily =
  /** A US case in a printed reporter (`556 U.S. 662`, `123 F.3d 45`, `45 Cal. App. 4th 1`). */
  | 'us-case'
  /** A US case by its Westlaw or Lexis number (`2019 WL 123456`): no public address. */
  | 'us-database'
  /** A Canadian neutral citation (`2016 SCC 27`, `2021 ONSC 8038`). */
  | 'ca-neutral'
  /** A Canadian case in a printed reporter (`[1990] 1 S.C.R. 1`, `(1995), 25 O.R. (3d) 1 (C.A.)`). */
  | 'ca-reporter'
  /** A neutral citation of the courts of the United Kingdom (`[2020] UKSC 5`, `[2024] EWHC 1809 (Ch)`). */
  | 'uk-neutral'
  /** An English case in a printed reporter (`[1932] AC 562`). */
  | 'uk-reporter'
  /** The United States Code (`42 U.S.C. § 1983`). */
  | 'us-code'
  /** The federal rules (`Fed. R. Civ. P. 12(b)(6)`, `Fed. R. Evid. 401`). */
  | 'us-rule'
  /** A federal Canadian statute in the Revised Statutes (`R.S.C. 1985, c. C-46`). */
  | 'ca-statute'
  /** An Ontario statute (`R.S.O. 1990, c. C.43`). */
  | 'on-statute'
  /** Another Canadian statute (`S.C. 2001, c. 27`, `R.S.A. 2000, c. L-8`). */
  | 'ca-other-statute'
  /** The Civil Procedure Rules of England and Wales (`CPR 52.21`). */
  | 'uk-cpr';

export const AUTHORITY_FAMILIES: readonly AuthorityFamily[] = [
  'us-case', 'us-database', 'ca-neutral', 'ca-reporter', 'uk-neutral', 'uk-reporter', 'us-code', 'us-rule', 'ca-statute', 'on-statute', 'ca-other-statute', 'uk-cpr',
];

/** A printed reporter: its abbreviation as usually printed, and its family. */
export interface Reporter {
  abbr: string;
  family: 'us-case' | 'ca-reporter' | 'uk-reporter';
  /** How it is written into a CourtListener address (its usual print form, spaces kept). */
  name?: string;
}

const us = (...abbrs: string[]): Reporter[] => abbrs.map((abbr) => ({ abbr, family: 'us-case' }));
const ca = (...abbrs: string[]): Reporter[] => abbrs.map((abbr) => ({ abbr, family: 'ca-reporter' }));
const uk = (...abbrs: string[]): Reporter[] => abbrs.map((abbr) => ({ abbr, family: 'uk-reporter' }));

export const REPORTERS: readonly Reporter[] = [
  // Supreme Court of the United States
  ...us('U.S.', 'S. Ct.', 'L. Ed.', 'L. Ed. 2d'),
  // federal courts
  ...us('F.', 'F.2d', 'F.3d', 'F.4th', 'F. Supp.', 'F. Supp. 2d', 'F. Supp. 3d', "F. App'x", 'F. App’x', 'F.R.D.', 'B.R.', 'Fed. Cl.', 'Vet. App.'),
  // regional reporters
  ...us('A.', 'A.2d', 'A.3d', 'N.E.', 'N.E.2d', 'N.E.3d', 'N.W.', 'N.W.2d', 'P.', 'P.2d', 'P.3d', 'S.E.', 'S.E.2d', 'So.', 'So. 2d', 'So. 3d', 'S.W.', 'S.W.2d', 'S.W.3d'),
  // state reporters
  ...us('Cal.', 'Cal. 2d', 'Cal. 3d', 'Cal. 4th', 'Cal. 5th', 'Cal. App.', 'Cal. App. 2d', 'Cal. App. 3d', 'Cal. App. 4th', 'Cal. App. 5th', 'Cal. Rptr.', 'Cal. Rptr. 2d', 'Cal. Rptr. 3d'),
  ...us('N.Y.', 'N.Y.2d', 'N.Y.3d', 'A.D.', 'A.D.2d', 'A.D.3d', 'N.Y.S.', 'N.Y.S.2d', 'N.Y.S.3d', 'Misc. 2d', 'Misc. 3d'),
  ...us('Ill.', 'Ill. 2d', 'Ill. App. 3d', 'Ill. Dec.', 'Mass.', 'Mass. App. Ct.', 'Wash. 2d', 'Wn.2d', 'Wn. App.', 'Wash. App.', 'Tex.', 'Ohio St.', 'Ohio St. 2d', 'Ohio St. 3d', 'Ohio App. 3d', 'Pa.', 'Pa. Super.', 'N.J.', 'N.J. Super.', 'Mich.', 'Mich. App.', 'Wis. 2d', 'Minn.', 'Or.', 'Or. App.', 'Ariz.', 'Colo.', 'Conn.', 'Md.', 'Va.', 'Ga.', 'Ga. App.'),
  // Canada
  ...ca('S.C.R.', 'SCR', 'D.L.R.', 'D.L.R. (4th)', 'D.L.R. (3d)', 'O.R.', 'O.R. (2d)', 'O.R. (3d)', 'O.A.C.', 'C.C.C.', 'C.C.C. (3d)', 'C.R.', 'B.C.L.R.', 'W.W.R.', 'F.C.', 'A.R.', 'Alta. L.R.', 'N.R.', 'Admin. L.R.', 'C.P.C.', 'R.F.L.', 'E.T.R.', 'B.L.R.', 'C.C.E.L.', 'C.H.R.R.'),
  // England and Wales
  ...uk('AC', 'A.C.', 'QB', 'Q.B.', 'KB', 'K.B.', 'Ch', 'Ch.', 'WLR', 'W.L.R.', 'All ER', 'All E.R.', 'Lloyd’s Rep', "Lloyd's Rep", 'Fam', 'ICR', 'IRLR', 'BCLC'),
  // the specialist series: intellectual property, media, commercial, criminal, property, human rights
  ...uk('FSR', 'RPC', 'ECDR', 'ETMR', 'EMLR', 'Bus LR', 'CLC', 'BCC', 'Cr App R', 'P & CR', 'EHRR', 'BHRC', 'Costs LR', 'Lloyd’s Rep Med', 'Env LR', 'HLR', 'Fam Law', 'FLR'),
];

/** A reporter's key: its letters and digits with no spaces or dots (`F. Supp. 2d` → `FSUPP2D`). */
export function reporterKey(abbr: string): string {
  return abbr.replace(/[’']/g, '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** As printed but for spaces (`F. Supp. 2d` → `F.Supp.2d`): `O.R.` (Ontario) and `Or.` (Oregon) stay apart. */
const exactKey = (abbr: string) => abbr.replace(/’/g, "'").replace(/\s+/g, '');
const BY_EXACT = new Map<string, Reporter>();
const BY_KEY = new Map<string, Reporter>();
for (const r of REPORTERS) {
  if (!BY_EXACT.has(exactKey(r.abbr))) BY_EXACT.set(exactKey(r.abbr), r);
  if (!BY_KEY.has(reporterKey(r.abbr))) BY_KEY.set(reporterKey(r.abbr), r);
}

/** The reporter a citation names, as printed (else as printed with its dots left out or misplaced), or null when it is none we know. */
export function reporterOf(printed: string): Reporter | null {
  return BY_EXACT.get(exactKey(printed)) ?? BY_KEY.get(reporterKey(printed)) ?? null;
}

/** A court that gives its judgments neutral citations, with where its judgments are published. */
export interface NeutralCourt {
  /** As printed (`SCC`, `EWCA Civ`, `EWHC`). */
  code: string;
  family: 'ca-neutral' | 'uk-neutral';
  /** CanLII's jurisdiction for a Canadian court (`ca`, `on`, `bc`), and its database name (`scc`, `onca`, `fct`). */
  jurisdiction?: string;
  database?: string;
  /** Find Case Law's court path (`uksc`, `ewca/civ`); an EWHC judgment adds its division (`ewhc/ch`). */
  path?: string;
}

const canada = (jurisdiction: string, codes: string[]): NeutralCourt[] =>
  codes.map((c) => {
    const [code, database] = c.split('=') as [string, string | undefined];
    return { code, family: 'ca-neutral', jurisdiction, database: database ?? code.toLowerCase() };
  });

export const NEUTRAL_COURTS: readonly NeutralCourt[] = [
  ...canada('ca', ['SCC', 'FCA', 'FC=fct', 'TCC', 'CMAC']),
  ...canada('on', ['ONCA', 'ONSC', 'ONCJ', 'ONSCDC', 'HRTO']),
  ...canada('bc', ['BCCA', 'BCSC', 'BCPC']),
  ...canada('ab', ['ABCA', 'ABQB', 'ABKB', 'ABPC']),
  ...canada('qc', ['QCCA', 'QCCS', 'QCCQ']),
  ...canada('sk', ['SKCA', 'SKQB', 'SKKB']),
  ...canada('mb', ['MBCA', 'MBQB', 'MBKB']),
  ...canada('ns', ['NSCA', 'NSSC']),
  ...canada('nb', ['NBCA', 'NBQB', 'NBKB']),
  ...canada('nl', ['NLCA', 'NLSC']),
  ...canada('pe', ['PECA', 'PESC']),
  { code: 'UKSC', family: 'uk-neutral', path: 'uksc' },
  { code: 'UKPC', family: 'uk-neutral', path: 'ukpc' },
  { code: 'UKHL', family: 'uk-neutral', path: 'ukhl' },
  { code: 'EWCA Civ', family: 'uk-neutral', path: 'ewca/civ' },
  { code: 'EWCA Crim', family: 'uk-neutral', path: 'ewca/crim' },
  { code: 'EWHC', family: 'uk-neutral', path: 'ewhc' },
  { code: 'EWFC', family: 'uk-neutral', path: 'ewfc' },
  { code: 'EWPCC', family: 'uk-neutral', path: 'ewpcc' },
  { code: 'EWCOP', family: 'uk-neutral', path: 'ewcop' },
  { code: 'UKUT', family: 'uk-neutral', path: 'ukut' },
  { code: 'UKFTT', family: 'uk-neutral', path: 'ukftt' },
  { code: 'CSIH', family: 'uk-neutral' },
  { code: 'CSOH', family: 'uk-neutral' },
];

/** The neutral-citation courts as one alternation for a pattern, longest first (`EWCA Civ` before `EWCA`). */
export const NEUTRAL_COURT_SOURCE = [...NEUTRAL_COURTS]
  .map((c) => c.code.replace(/ /g, '\\s+'))
  .sort((a, b) => b.length - a.length)
  .join('|');

export function neutralCourtOf(printed: string): NeutralCourt | null {
  const code = printed.replace(/\s+/g, ' ').trim();
  return NEUTRAL_COURTS.find((c) => c.code === code) ?? null;
}

/** The divisions of the High Court as Find Case Law names them in its addresses. */
export const EWHC_DIVISIONS: Readonly<Record<string, string>> = {
  Ch: 'ch', QB: 'qb', KB: 'kb', Admin: 'admin', Comm: 'comm', Fam: 'fam', Pat: 'pat', TCC: 'tcc', IPEC: 'ipec', Costs: 'costs', Admlty: 'admlty', Mercantile: 'mercantile',
};

/** The federal rules by how they are cited, with Cornell LII's name for each set. */
export const FEDERAL_RULES: ReadonlyArray<{ cite: RegExp; set: string; name: string }> = [
  { cite: /^Fed\.\s?R\.\s?Civ\.\s?P\.$/, set: 'frcp', name: 'Fed. R. Civ. P.' },
  { cite: /^Fed\.\s?R\.\s?Crim\.\s?P\.$/, set: 'frcrmp', name: 'Fed. R. Crim. P.' },
  { cite: /^Fed\.\s?R\.\s?App\.\s?P\.$/, set: 'frap', name: 'Fed. R. App. P.' },
  { cite: /^Fed\.\s?R\.\s?Evid\.$/, set: 'fre', name: 'Fed. R. Evid.' },
  { cite: /^Fed\.\s?R\.\s?Bankr\.\s?P\.$/, set: 'frbp', name: 'Fed. R. Bankr. P.' },
];
