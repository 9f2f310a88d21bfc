import { layoutPages } from '../page-model/page-layout.ts';
import type { PageText } from '../types.ts';

/**
 * Pages of a brief that are not its body: its index (and table of contents) pages, and its table of
 * authorities: a page headed `TABLE OF AUTHORITIES` (`INDEX OF AUTHORITIES`, `LIST OF AUTHORITIES`,
 * `TABLE OF CASES`, `AUTHORITIES CITED`) and the pages after it that go on listing authorities (headed
 * `(continued)`, or mostly rows that end in page numbers or `passim`); and, from `bodyEnd` on, the documents
 * bound after the brief (bound-documents.ts).
 */
const TOA_HEADING = /^(?:(?:TABLE|INDEX|LIST)\s+OF\s+(?:AUTHORITIES|CASES|STATUTES)|AUTHORITIES\s+CITED|Table\s+of\s+Authorities|Index\s+of\s+Authorities|List\s+of\s+Authorities)\b/;
const CONTINUED = /\b(?:continued|cont['’]?d)\b/i;
const ENDS_IN_PAGES = /(?:\b\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?:\s*,\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?)*|passim)\s*$/i;

export function nonBodyPages(pages: PageText[], indexPages: readonly number[], bodyEnd: number | null = null): Set<number> {
  const skip = new Set(indexPages);
  const end = bodyEnd ?? pages.length + 1;
  for (let p = end; p <= pages.length; p++) skip.add(p);
  const layouts = layoutPages(pages);
  let inToa = false;
  for (const l of layouts.slice(0, end - 1)) {
    const top = l.rows.slice(0, 6);
    if (top.some((r) => TOA_HEADING.test(r.text.trim()))) {
      inToa = true;
      skip.add(l.page);
      continue;
    }
    if (inToa) {
      const listing = l.rows.filter((r) => ENDS_IN_PAGES.test(r.text)).length;
      if (top.some((r) => CONTINUED.test(r.text) && r.words.length <= 8) || (l.rows.length > 0 && listing >= 0.4 * l.rows.length)) {
        skip.add(l.page);
        continue;
      }
      inToa = false;
    }
  }
  return skip;
}
