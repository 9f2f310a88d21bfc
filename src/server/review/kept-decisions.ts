// A reviewer's decisions outlive a rebuild of the links (DESIGN §7) where the link they were made on
// comes back the same: the same index item (ordinal, label and text) and, once the links are built
// again, the same page found by the engine into the same document. Such a link keeps its id (and so
// its history in the audit trail), its status (confirmed or removed), the page the reviewer set and
// the reviewer's notes; every other decision is dropped. The audit entry of the rebuild says how many
// of each.
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../audit.ts';
import { indexItems, links } from '../db/schema.ts';

type LinkRow = typeof links.$inferSelect;
type LinkInsert = typeof links.$inferInsert;

/** What names an index item across runs of detection. */
export interface ItemKey {
  ordinal: number;
  label: string;
  text: string;
}

/** A link a reviewer decided on, with the index item it belongs to. */
export interface Decision {
  link: LinkRow;
  item: ItemKey;
}

/** How many decisions a rebuild kept and dropped. */
export interface Carried {
  kept: number;
  dropped: number;
}

const sameItem = (a: ItemKey, b: ItemKey) => a.ordinal === b.ordinal && a.label === b.label && a.text === b.text;

/** The links of a document a reviewer decided on: confirmed, removed, or sent to a page of the reviewer's. */
export async function reviewerDecisions(tx: Tx, documentId: string): Promise<Decision[]> {
  return tx
    .select({ link: links, item: { ordinal: indexItems.ordinal, label: indexItems.label, text: indexItems.text } })
    .from(links)
    .innerJoin(indexItems, eq(indexItems.id, links.indexItemId))
    .where(and(eq(links.srcDocId, documentId), or(ne(links.status, 'auto'), sql`${links.targetPage} is distinct from ${links.engineTargetPage}`)));
}

/**
 * The index is detected again (its items are replaced, their links with them) and the links will be
 * built again: the decided links are set aside first (detached from their items), then those whose
 * item is found again are attached to it, and the rest removed. The link build that follows decides
 * with keptForLinks whether each still holds. Call `replaceItems` to delete the old items and insert
 * the new ones; it returns the new items.
 */
export async function keepAcrossNewIndex(
  tx: Tx,
  documentId: string,
  replaceItems: () => Promise<Array<ItemKey & { id: string }>>,
): Promise<Carried> {
  const decisions = await reviewerDecisions(tx, documentId);
  const ids = decisions.map((d) => d.link.id);
  if (ids.length) await tx.update(links).set({ indexItemId: null }).where(inArray(links.id, ids));
  const items = await replaceItems();
  let kept = 0;
  for (const d of decisions) {
    const item = items.find((i) => sameItem(i, d.item));
    if (!item) continue;
    await tx.update(links).set({ indexItemId: item.id }).where(eq(links.id, d.link.id));
    kept++;
  }
  if (ids.length) await tx.delete(links).where(and(inArray(links.id, ids), isNull(links.indexItemId)));
  return { kept, dropped: decisions.length - kept };
}

/**
 * The new links of a rebuild with the decisions that still hold laid over them: a new link of the same
 * item, into the same document, at the page the engine found before, takes the decided link's id,
 * status, page (`masterPageOf` gives the merged master's page of a page the reviewer set) and notes.
 */
export function keptForLinks(
  decisions: Decision[],
  fresh: Array<{ row: LinkInsert; item: ItemKey }>,
  masterPageOf: (target: string, page: number) => number,
): { rows: LinkInsert[]; carried: Carried } {
  const left = [...decisions];
  const rows = fresh.map(({ row, item }) => {
    const at = left.findIndex(
      (d) =>
        sameItem(d.item, item) &&
        d.link.target === row.target &&
        (d.link.targetDocId ?? null) === (row.targetDocId ?? null) &&
        d.link.engineTargetPage === (row.engineTargetPage ?? null),
    );
    if (at < 0) return row;
    const { link } = left.splice(at, 1)[0]!;
    const pageSet = link.targetPage !== link.engineTargetPage;
    return {
      ...row,
      id: link.id,
      status: link.status,
      targetPage: link.targetPage,
      masterPage: pageSet && link.targetPage !== null ? masterPageOf(link.target, link.targetPage) : row.masterPage,
      why: pageSet ? link.why : row.why,
      confidence: pageSet ? link.confidence : row.confidence,
      targetParagraph: link.targetParagraph,
      highlighted: link.highlighted,
      notes: link.notes,
    };
  });
  return { rows, carried: { kept: decisions.length - left.length, dropped: left.length } };
}
