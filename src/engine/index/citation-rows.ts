import type { ParsedRow } from './parse-row.ts';

/**
 * Rows of an appendix's contents that name the provisions it reproduces: `28 U.S.C. 2343 ..... 1a`,
 * `10 C.F.R. 2.309 ..... 18a`, `Section 404 of the Judiciary Appropriations Act …`. The number they open with is
 * the title's (a code's title, a section), not a label of the list.
 */
// (codes only: a number before a law report, `880 F.3d 795`, is a case's citation, the matter of a table of
// authorities, not of an index)
const CODE_WORD = /^(?:U\.\s?S\.\s?C\.?|C\.\s?F\.\s?R\.?|Stat\.?|Fed\.\s?Reg\.?)$/;

export function citationTitle(pr: ParsedRow): boolean {
  if (pr.labels.length === 0) return false;
  const first = pr.row.words[0]?.text ?? '';
  const next = pr.desc[0]?.text ?? '';
  // a bare number (no stop, no bracket) before a code's abbreviation
  if (/^\d{1,3}$/.test(first) && CODE_WORD.test(next)) return true;
  // `Section 404 of the … Act`: a provision's name
  return pr.keyword === 'section' && /^section$/i.test(first) && /^of$/i.test(next);
}
