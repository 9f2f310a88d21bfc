import { layoutPages, type PageLayout } from '../page-model/page-layout.ts';
import { pageEvidence } from '../resolve/page-evidence.ts';
import type { ItemType, PageText } from '../types.ts';

/** What a divider or slip sheet announces when a document bound after the brief starts behind it. */
const BOUND_KINDS: ReadonlySet<ItemType> = new Set(['tab', 'exhibit', 'schedule', 'appendix', 'document']);
/** The cover of a part bound after the brief, alone on its page: `APPENDIX`, `Statutory Addendum`, `EXHIBITS`, `APPENDIX A`. */
const PART_COVER = /^(?:statutory\s+|supplemental\s+)?(?:appendix|appendices|addendum|addenda|exhibits?|attachments?|annex(?:es)?)(?:\s+[A-Z0-9]{1,3})?\s*:?$/i;
/** Rows of a part's cover page at most (its title, perhaps a line naming what it holds, a page number). */
const COVER_ROWS = 4;

/**
 * Where the documents bound after a brief begin: its tabs behind their dividers, its exhibits behind their
 * slip sheets or commissioner's covers (a book of documents, a motion with its exhibits), an appendix or
 * addendum behind its cover (an opinion appended to a petition). That is the first page after the index
 * that an index entry links to and that is a divider standing alone (`TAB 7`, `EXHIBIT "C"`) or an exhibit
 * cover (`This is Exhibit "C" referred to in …`); or, after the last page the index links to, a page whose
 * first row is nothing but such a part's name (`APPENDIX`, `STATUTORY ADDENDUM`), with at most a few rows.
 * Those documents are the record the brief cites, bound into it (DESIGN §8), not its argument: a citation
 * made inside one (a deposition's `Ex. 5`, an opinion's own `CP 12`) is that document's. A page headed
 * `PART II` or a heading of the brief's own contents is no such page. Null when there is none, or no index.
 */
export function boundDocumentsStart(pages: PageText[], linkedPages: readonly number[], indexPages: readonly number[]): number | null {
  if (indexPages.length === 0) return null;
  const afterIndex = Math.max(...indexPages);
  const linked = [...new Set(linkedPages)].filter((p) => p > afterIndex && p <= pages.length).sort((a, b) => a - b);
  const layouts = layoutPages(pages);
  for (const p of linked) {
    const e = pageEvidence(layouts[p - 1]!, 'source');
    if ((e.divider?.alone && BOUND_KINDS.has(e.divider.keyword)) || e.cover) return p;
  }
  for (let p = Math.max(afterIndex, ...linked) + 1; p <= pages.length; p++) if (isPartCover(layouts[p - 1]!)) return p;
  return null;
}

function isPartCover(layout: PageLayout): boolean {
  const rows = layout.rows;
  return rows.length > 0 && rows.length <= COVER_ROWS && PART_COVER.test(rows[0]!.text.trim());
}
