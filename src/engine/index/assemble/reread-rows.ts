import { isFirst } from '../labels.ts';
import type { ParsedRow } from '../parse-row.ts';
import { citationTitle } from '../citation-rows.ts';
import { type AssemblyState, type RowPlace } from './state.ts';
import { canContinue } from './wrapped-titles.ts';

/**
 * Rows read again in the light of the index around them, before they are placed: what looked like a label
 * is the first word of a title, a number read as text is the entry's page number, or the other way round.
 */

/** The row read as plain text: what looked like its label is the first word of its text. */
export function asText(pr: ParsedRow): ParsedRow {
  const refs = new Set(pr.refTokens ?? []);
  const desc = pr.row.words.filter((t) => !refs.has(t));
  return { ...pr, keyword: null, labels: [], labelX: pr.row.bbox[0], descX: pr.row.bbox[0], desc, bare: false };
}

/** The row with the number it ends in read as its text, not as a page number. */
export function withoutRef(pr: ParsedRow): ParsedRow {
  const words = [...pr.desc, ...(pr.refTokens ?? [])].sort((a, b) => a.bbox[0] - b.bbox[0]);
  return { ...pr, pageRef: undefined, refTokens: [], desc: words };
}

/** The row with the number that ends it, standing at the page column's right edge, read as its page number. */
export function withColumnRef(pr: ParsedRow, right: number | undefined): ParsedRow | null {
  const last = pr.desc[pr.desc.length - 1];
  const before = pr.desc[pr.desc.length - 2];
  if (right === undefined || !last || !before || !/^\d{1,4}$/.test(last.text) || Math.abs(last.bbox[2] - right) > 2) return null;
  // (a title's own number: `Rule 9`, `No. 12`, `§ 5`, `at 9`, `page 9`)
  if (/^(?:no\.?|§+|at|page|p\.|pp\.|rule|section|article|art\.|chapter|ch\.|volume|vol\.|tab|exhibit|count|\d.*)$/i.test(before.text)) return null;
  return { ...pr, desc: pr.desc.slice(0, -1), pageRef: last.text, refTokens: [{ ...last, breakBefore: true }] };
}

/** Where the page numbers of this page's entries end, when at least three agree on it (within 2 pt). */
export function pageColumnRight(s: AssemblyState, page: number): number | undefined {
  const rights = s.out.items.filter((d) => d.page === page && d.refRight !== undefined).map((d) => d.refRight!).sort((a, b) => a - b);
  if (rights.length < 3) return undefined;
  const mid = rights[rights.length >> 1]!;
  return rights.filter((r) => Math.abs(r - mid) <= 2).length >= 0.8 * rights.length ? mid : undefined;
}

/** `28 U.S.C. 2343 ..... 1a` in an appendix's contents: a provision's name, no label. */
export function citationAsText(pr: ParsedRow): ParsedRow {
  return citationTitle(pr) ? asText(pr) : pr;
}

/**
 * `(4) The new element … left to the jury 9` in a table of contents: a number set close after the title with
 * no leader, ending where the page numbers of the entries around it end: the entry's page number.
 */
export function pageNumberInColumn(s: AssemblyState, pr: ParsedRow, page: number): ParsedRow {
  if (s.out.toc && pr.pageRef === undefined) return withColumnRef(pr, pageColumnRight(s, page)) ?? pr;
  return pr;
}

/**
 * `9(b) Requires ..... 5` under an unlabelled entry still waiting for its page number: the end of its title,
 * not the first label of a list (which would start at 1, A or I).
 */
export function labelEndingATitle(s: AssemblyState, pr: ParsedRow, at: RowPlace): ParsedRow {
  if (pr.labels.length === 0 || s.stack.length > 0 || pr.labels.some((l) => isFirst(l))) return pr;
  const above = s.pending[s.pending.length - 1];
  const waiting = s.current !== null && s.current.path.length === 0 && s.current.pageRef === undefined && canContinue(s, pr, at.crossPage, at.prevBottomFrac);
  const under = above !== undefined && above.row.page === at.page && pr.row.bbox[1] - above.row.bbox[3] <= Math.max(above.row.size, pr.row.size);
  return waiting || under ? asText(pr) : pr;
}

/**
 * `42 U.S.C. Section 1983 …` among the unlabelled entries of a contents list: a title that opens with a
 * number, not a list starting at 42.
 */
export function numberOpeningATitle(s: AssemblyState, pr: ParsedRow): ParsedRow {
  if (pr.labels.length > 0 && s.stack.length === 0 && s.out.toc && s.out.items.length > 0 && pr.keyword === null &&
      !pr.labels.some((l) => isFirst(l)) && !pr.row.words[1]?.breakBefore) return asText(pr);
  return pr;
}

/**
 * A number that ends a wrapped line well short of the page column where the entry above has its page number
 * (`Knight, PPD 390` under `Exhibit 18 The body cam video of Sergeant …… 102`): text, not a page (a wrapped
 * line: under the entry's description, no leader). Not under an unlabelled contents entry, which ends with its
 * page number: there the row is the next entry, its number typed a few spaces after its title (`PARTIES   10`
 * under `COMPLAINT ........ 9`).
 */
export function numberInWrappedLine(s: AssemblyState, pr: ParsedRow, page: number): ParsedRow {
  const c0 = s.current;
  if (s.out.toc && c0?.path.length === 0) return pr;
  if (pr.labels.length === 0 && pr.pageRef && !pr.row.leader && c0?.refRight !== undefined && c0.page === page &&
      Math.abs(pr.row.bbox[0] - c0.descX) <= 6 && pr.refTokens?.[0] && pr.refTokens[0].bbox[2] < c0.refRight - 40) return withoutRef(pr);
  return pr;
}
