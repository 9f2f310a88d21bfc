// The reviewed link set of a document as the engine's writer takes it, read from the database:
// one entry per index item with its link as the reviewer left it.
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { UnresolvedItem } from '../../contract/review.ts';
import type { ItemType } from '../../engine/types.ts';
import type { ReviewedSet } from '../../engine/write/write-reviewed.ts';
import { outlineTitle } from '../../engine/write/outline-title.ts';
import type { Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { indexItems, links, type documents } from '../db/schema.ts';
import { parseIndexPages } from '../documents/index-pages.ts';
import { recordsOf } from '../documents/record-pairing.ts';
import { reviewedReferences } from './references.ts';
import { reviewedAuthorities } from './authorities.ts';

export interface LoadedSet {
  set: ReviewedSet;
  /** The first record document a paired brief's links go into (appended in the reviewed PDF); null otherwise. */
  record: typeof documents.$inferSelect | null;
  /** All its record documents, in the order they follow it. */
  records: Array<typeof documents.$inferSelect>;
  /** Link ids in entry order (for the report and the audit trail). */
  linkIds: string[];
  engineTargetPages: Array<number | null>;
  statuses: Array<'auto' | 'confirmed' | 'removed'>;
  unresolved: UnresolvedItem[];
  /** Changes whenever a link's status or destination changes (detects a change during regeneration). */
  fingerprint: string;
}

/** A document's links with their index items, in index order. */
export function linksInIndexOrder(db: Db | Tx, documentId: string) {
  return db
    .select({ link: links, item: indexItems })
    .from(links)
    .innerJoin(indexItems, eq(indexItems.id, links.indexItemId))
    .where(eq(links.srcDocId, documentId))
    .orderBy(asc(indexItems.ordinal));
}

export async function loadReviewedSet(db: Db | Tx, doc: typeof documents.$inferSelect): Promise<LoadedSet> {
  // a paired brief's reviewed PDF is the merged master: brief, then its records in order, and the
  // references of its body as the reviewer left them
  const refs = await reviewedReferences(db, doc);
  // and the authorities it cites, as the reviewer left them (none unless its case asked for them)
  const auths = await reviewedAuthorities(db, doc);
  const records = await recordsOf(db, doc);
  const record = records[0];
  const rows = await linksInIndexOrder(db, doc.id);
  const entries = rows.map(({ link, item }) => ({
    ordinal: item.ordinal,
    label: item.label,
    type: item.type as ItemType,
    text: item.text,
    srcPage: link.srcPage,
    bbox: link.bbox ?? item.bbox ?? ([0, 0, 0, 0] as [number, number, number, number]),
    target: link.target === 'record' ? ('record' as const) : ('source' as const),
    targetPage: link.targetPage,
    removed: link.status === 'removed',
    confidence: Number(link.confidence),
    why: link.why ?? '',
  }));
  const indexPages = parseIndexPages(doc.indexPages) ?? [...new Set(rows.map((r) => r.item.page))].sort((a, b) => a - b);
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        records.map((r) => [r.id, r.citeAs, r.volume]),
        rows.map(({ link }) => [link.id, link.status, link.target, link.targetPage, link.bbox]),
        refs.rows.map((r) => [r.id, r.status, r.recordDocId, r.targetPage]),
        auths.rows.map((r) => [r.id, r.status, r.url, r.recordDocId, r.targetPage, r.briefPage]),
      ]),
    )
    .digest('hex');
  return {
    set: {
      briefName: doc.originalName,
      briefPages: doc.pageCount ?? 0,
      record: record ? { name: records.map((r) => r.originalName).join(' + '), pages: records.reduce((n, r) => n + (r.pageCount ?? 0), 0) } : null,
      indexPages,
      entries,
      ...(records.length ? { records: refs.records, references: refs.references } : {}),
      ...(auths.rows.length ? { authorities: auths.authorities } : {}),
    },
    record: record ?? null,
    records,
    linkIds: rows.map((r) => r.link.id),
    engineTargetPages: rows.map((r) => r.link.engineTargetPage),
    statuses: rows.map((r) => (r.link.status === 'removed' ? 'removed' : r.link.status === 'confirmed' ? 'confirmed' : 'auto')),
    unresolved: entries
      .filter((e) => !e.removed && e.targetPage === null)
      .map((e) => ({ ordinal: e.ordinal, label: e.label, text: e.text })),
    fingerprint,
  };
}

/** "Tab 4 – Affidavit of … has no destination: …" for the first unresolved entry (and how many more). */
export function unresolvedMessage(set: LoadedSet): string | null {
  const [first, ...rest] = set.unresolved;
  if (!first) return null;
  const entry = set.set.entries.find((e) => e.ordinal === first.ordinal)!;
  let title = outlineTitle(entry);
  if (title.length > 90) title = `${title.slice(0, 89)}…`;
  const more = rest.length ? ` (and ${rest.length} more without a destination)` : '';
  return `${title} has no destination: set its page or remove the link before approving${more}`;
}
