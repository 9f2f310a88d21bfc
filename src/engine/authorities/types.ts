import type { RefSpan } from '../refs/types.ts';
import type { AuthorityFamily } from './reporters.ts';

/** What an authority citation names, as printed; absent parts are not given. */
export interface AuthorityParts {
  kind: 'case' | 'statute' | 'rule';
  family: AuthorityFamily;
  /** The case's or the statute's name (`Ashcroft v. Iqbal`, `Criminal Code`); a short form's is its antecedent's. */
  name?: string;
  volume?: string;
  /** The reporter as printed (`U.S.`, `F. Supp. 2d`, `O.R. (3d)`). */
  reporter?: string;
  /** The first page of the report. */
  page?: string;
  /** The page pinpointed (`678`, `*3`'s 3). */
  pinpoint?: string;
  /** The paragraph pinpointed (`para. 5`). */
  paragraph?: string;
  year?: string;
  /** The court as printed (`9th Cir.`, `C.A.`, `SCC`, `EWHC`), with a High Court judgment's division (`Ch`). */
  court?: string;
  division?: string;
  /** The neutral citation (`2016 SCC 27`, `[2024] EWHC 1809 (Ch)`) and its number. */
  neutral?: string;
  number?: string;
  /** A code's title (`42`), a revised statute's jurisdiction (`C`, `O`) and chapter (`C-46`). */
  title?: string;
  jurisdiction?: string;
  chapter?: string;
  section?: string;
  /** A set of rules (`Fed. R. Civ. P.`, `CPR`) and the rule (`12(b)(6)`, `52.21`). */
  rules?: string;
  rule?: string;
}

export interface Authority {
  /** 1-based, in reading order over the whole brief. */
  id: number;
  /** 1-based page of the brief where it starts. */
  page: number;
  /** As printed, lines joined by one space. */
  text: string;
  parts: AuthorityParts;
  /** The word boxes it covers, one per line. */
  spans: RefSpan[];
  /** A short form (`Id. at 680`, `Iqbal, 556 U.S. at 678`, `Jordan, supra`) and the id of the full citation it takes its authority from. */
  shortForm?: 'id' | 'ibid' | 'supra' | 'short';
  antecedent?: number;
  footnote?: true;
  /** Offsets of the citation in the body's text. */
  from: number;
  to: number;
}
