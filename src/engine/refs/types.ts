/**
 * References a brief makes in its body to the evidence (the record) or to its own parts (DESIGN §8):
 * what the finder returns and what resolution adds. Plain, structured-cloneable data, like ../types.ts.
 */
import type { BBox } from '../types.ts';

/** `record`: into a record document of the case; `brief`: the brief's own parts or another party's brief; `authority`: a case, statute or rule. */
export type RefKind = 'record' | 'authority' | 'brief';

/** How a reference names what it cites, as printed (`23`, `12-15`, `3a`, `C`, `14`). Absent parts are not given. */
export interface RefParts {
  /** The document as the brief writes it (`AB`, `ER`, `J.A.`, `Tr.`, `Smith Affidavit`, `Dkt.`, `Ex.`); a short form's is its antecedent's. */
  doc: string;
  /** `doc` reduced to compare with a record's `citeAs`: letters and digits only, upper case (`J.A.` → `JA`, `Smith Aff.` → `SMITHAFF`). */
  docKey: string;
  volume?: string;
  tab?: string;
  /** First page cited, as printed (`123`, `3a`, `A1`); `pageEnd` the last of a range, written out whole (`CP 311-12` → 311, 312). */
  page?: string;
  pageEnd?: string;
  paragraph?: string;
  paragraphEnd?: string;
  /** Transcript lines (`Tr. 12:3-15`: page 12, lines 3 to 15). */
  line?: string;
  lineEnd?: string;
  /** Question numbers of a Canadian cross-examination transcript (`qq. 45-47`). */
  question?: string;
  questionEnd?: string;
  /** Exhibit label (`C`, `12`, `A-3`). */
  exhibit?: string;
  /** A docket entry number (`Dkt. 45`, `ECF No. 12`). */
  docket?: string;
}

/** One box of a reference's words on one line (a reference broken over lines or pages has several). */
export interface RefSpan {
  page: number;
  bbox: BBox;
}

export interface Reference {
  /** 1-based, in reading order over the whole brief. */
  id: number;
  kind: RefKind;
  /** 1-based page of the brief where the reference starts. */
  page: number;
  /** The reference as printed, lines joined by one space. */
  text: string;
  parts: RefParts;
  /** What it cites as printed: the page, range, tab, paragraph or exhibit (`23`, `12-15`, `Tab 5`, `para. 14`, `Exhibit C`). */
  target: string;
  /** The word boxes it covers, one box per line. */
  spans: RefSpan[];
  /** A short form that took its document from the reference before it. */
  shortForm?: 'id' | 'ibid' | 'supra';
  /** In a footnote (below the page's footnote rule, or in smaller type at the foot). */
  footnote?: true;
}

/** A record document of the case, as resolution sees it. */
export interface RecordDocInfo {
  /** The short name the brief uses for it (`AB`, `ER`, `J.A.`). */
  citeAs: string;
  volume?: string;
  /** 1-based page of the merged master where this document's page 1 lands. */
  masterStart: number;
  pageCount: number;
}

export interface ResolvedReference extends Reference {
  /** 1-based page of the merged master it links to; null when unresolved. */
  targetPage: number | null;
  /** Index into the records given to resolution, or null (brief-internal or unresolved). */
  record: number | null;
  confidence: number;
  why: string;
}
