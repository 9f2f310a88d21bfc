// The authorities a brief cites (DESIGN §8, docs/adr/0008): stored from review.json when the links are built
// for a case that asks for them (the reviewer's decisions on citations that come back the same are kept),
// listed with where each goes (a page of a Book of Authorities of the case, a page of the brief for a Table
// of Authorities row, or a web address), changed by the reviewer (confirm, remove, another address or page),
// and given to the reviewed PDF as the reviewer left them.
import { and, asc, eq } from 'drizzle-orm';
import type { AuthorityRecord, UpdateAuthorityBody } from '../../contract/documents.ts';
import { isBookOfAuthorities } from '../../engine/authorities/book-of-authorities.ts';
import type { AuthorityFamily } from '../../engine/authorities/reporters.ts';
import type { AuthorityParts } from '../../engine/authorities/types.ts';
import type { ReviewAuthority, ReviewJson } from '../../engine/types.ts';
import { recordAudit, type Actor, type Tx } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { briefAuthorities } from '../db/schema.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import { linksChanged, WITHDRAW_REASONS } from './approval-state.ts';
import { recordOffsets } from './references.ts';

type AuthRow = typeof briefAuthorities.$inferSelect;

/** The reason written on an authority whose address or page a reviewer set. */
export const REVIEWER_SET_AUTHORITY_WHY = 'target set by the reviewer';

/** A citation the same as before a rebuild: same page, words and first box. */
const sameKey = (r: { page: number; text: string; spans: Array<{ page: number; bbox: number[] }> }) =>
  `${r.page}|${r.text}|${(r.spans[0]?.bbox ?? []).map((v) => Math.round(v)).join(',')}`;

/**
 * Replaces a brief's stored authorities with those of `review` (inside the link job's transaction). A Book of
 * Authorities page of the master goes to the record document it falls in (`review.records`, in the order of
 * `recordIds`); a page within the brief is the brief's own (a Table of Authorities row). A reviewer's decision
 * on a citation found again at the same place with the same engine target is kept.
 */
export async function storeAuthorities(
  tx: Tx,
  documentId: string,
  review: ReviewJson,
  recordIds: string[],
): Promise<{ found: number; linked: number; listed: number; kept: number }> {
  const before = await tx.select().from(briefAuthorities).where(eq(briefAuthorities.documentId, documentId));
  await tx.delete(briefAuthorities).where(eq(briefAuthorities.documentId, documentId));
  const found = review.authorities ?? [];
  const parts = review.records ?? [];
  const briefPages = review.source.pages;
  const where = (masterPage: number | null): { recordDocId: string | null; page: number | null; briefPage: number | null } => {
    if (masterPage === null) return { recordDocId: null, page: null, briefPage: null };
    if (masterPage <= briefPages) return { recordDocId: null, page: null, briefPage: masterPage };
    const i = parts.findIndex((p) => masterPage > p.offset && masterPage <= p.offset + p.pages);
    if (i < 0) return { recordDocId: null, page: null, briefPage: null };
    return { recordDocId: recordIds[i] ?? null, page: masterPage - parts[i]!.offset, briefPage: null };
  };
  const previous = new Map(before.filter((b) => b.status !== 'auto').map((b) => [sameKey(b), b]));
  let kept = 0;
  const rows = found.map((a) => {
    const engine = where(a.targetPage);
    const row: typeof briefAuthorities.$inferInsert = {
      documentId,
      ordinal: a.id,
      page: a.page,
      text: a.text,
      kind: a.kind,
      family: a.family,
      parts: Object.fromEntries(Object.entries(a.parts).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
      spans: a.spans.map((s) => ({ page: s.page, bbox: s.bbox })),
      url: a.url,
      recordDocId: engine.recordDocId,
      targetPage: engine.page,
      briefPage: engine.briefPage,
      tab: a.tab ?? null,
      engineUrl: a.url,
      engineRecordDocId: engine.recordDocId,
      engineTargetPage: engine.page,
      engineBriefPage: engine.briefPage,
      status: 'auto',
      why: a.why,
      shortForm: a.shortForm ?? null,
      antecedent: a.antecedent ?? null,
      footnote: a.footnote === true,
      toaRow: a.toaRow === true,
    };
    const prev = previous.get(sameKey(a));
    if (
      prev &&
      prev.engineUrl === a.url &&
      prev.engineRecordDocId === engine.recordDocId &&
      prev.engineTargetPage === engine.page &&
      prev.engineBriefPage === engine.briefPage
    ) {
      kept++;
      Object.assign(row, { status: prev.status, url: prev.url, recordDocId: prev.recordDocId, targetPage: prev.targetPage, briefPage: prev.briefPage, why: prev.why });
    }
    return row;
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(briefAuthorities).values(rows.slice(i, i + 500));
  const linkedRow = (r: typeof briefAuthorities.$inferInsert) => r.status !== 'removed' && (r.url != null || r.targetPage != null || r.briefPage != null);
  return { found: rows.length, linked: rows.filter(linkedRow).length, listed: rows.filter((r) => !linkedRow(r)).length, kept };
}

function masterPageOf(r: AuthRow, offsetOf: Map<string, number>): number | null {
  if (r.recordDocId && r.targetPage !== null) {
    const offset = offsetOf.get(r.recordDocId);
    if (offset !== undefined) return offset + r.targetPage;
  }
  return r.briefPage;
}

/** Whether the reviewed PDF links it: not removed, with a page of the master or a web address. */
function isLinked(r: AuthRow, offsetOf: Map<string, number>): boolean {
  return r.status !== 'removed' && (masterPageOf(r, offsetOf) !== null || r.url !== null);
}

export function authorityJson(r: AuthRow, offsetOf: Map<string, number>, recordOf: Map<string, DocumentRow>): AuthorityRecord {
  const rec = r.recordDocId ? recordOf.get(r.recordDocId) : undefined;
  const linked = isLinked(r, offsetOf);
  return {
    id: r.id,
    documentId: r.documentId,
    ordinal: r.ordinal,
    page: r.page,
    text: r.text,
    kind: r.kind === 'statute' || r.kind === 'rule' ? r.kind : 'case',
    family: r.family,
    parts: r.parts,
    spans: r.spans,
    url: r.url,
    recordDocId: r.recordDocId,
    recordTitle: rec?.title ?? null,
    recordCiteAs: rec?.citeAs ?? null,
    targetPage: r.targetPage,
    briefPage: r.briefPage,
    masterPage: masterPageOf(r, offsetOf),
    tab: r.tab,
    engineUrl: r.engineUrl,
    engineRecordDocId: r.engineRecordDocId,
    engineTargetPage: r.engineTargetPage,
    engineBriefPage: r.engineBriefPage,
    status: r.status === 'confirmed' || r.status === 'removed' ? r.status : 'auto',
    linked,
    why: r.why,
    unresolvedReason: !linked && r.status !== 'removed' ? (r.why ?? 'no address or page to link to') : null,
    shortForm: r.shortForm,
    antecedent: r.antecedent,
    footnote: r.footnote,
    toaRow: r.toaRow,
  };
}

/** A brief's authorities in reading order (Table of Authorities rows last), each with where its link goes. */
export async function listAuthorities(db: Db | Tx, brief: DocumentRow): Promise<AuthorityRecord[]> {
  const { recordOf, offsetOf } = await recordOffsets(db, brief);
  const rows = await db.select().from(briefAuthorities).where(eq(briefAuthorities.documentId, brief.id)).orderBy(asc(briefAuthorities.ordinal));
  return rows.map((r) => authorityJson(r, offsetOf, recordOf));
}

/**
 * One reviewer change of an authority: its status, a web address, or a page of the brief's Book of Authorities
 * (`recordDocId`, else the one record document named as a Book of Authorities, else the brief's only record),
 * either of which confirms it. A change of what the reviewed PDF holds withdraws the approval and marks the
 * reviewed PDF out of date, as a link change does.
 */
export async function updateAuthority(db: Db, user: Actor, brief: DocumentRow, authorityId: string, change: UpdateAuthorityBody): Promise<AuthorityRecord> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(briefAuthorities)
      .where(and(eq(briefAuthorities.id, authorityId), eq(briefAuthorities.documentId, brief.id)))
      .for('update');
    if (!before) throw new AppError('not_found', 'Authority not found');
    const { records, recordOf, offsetOf } = await recordOffsets(tx, brief);
    const set: Partial<typeof briefAuthorities.$inferInsert> = { updatedAt: new Date() };
    if (change.status !== undefined) set.status = change.status;
    if (change.url !== undefined) {
      Object.assign(set, { url: change.url, recordDocId: null, targetPage: null, briefPage: null, why: REVIEWER_SET_AUTHORITY_WHY });
      if (change.status === undefined) set.status = 'confirmed';
    }
    if (change.targetPage !== undefined) {
      const books = records.filter((r) => r.citeAs && isBookOfAuthorities(r.citeAs));
      const recordId =
        change.recordDocId?.toLowerCase() ?? (books.length === 1 ? books[0]!.id : null) ?? before.recordDocId ?? (records.length === 1 ? records[0]!.id : null);
      if (!recordId) {
        throw new AppError(
          'validation',
          records.length ? "Name the Book of Authorities (recordDocId) this authority goes into" : 'This brief has no Book of Authorities among its record documents; give a web address (url) instead',
          records.length ? 'recordDocId' : 'targetPage',
        );
      }
      const record = recordOf.get(recordId);
      if (!record) throw new AppError('validation', "recordDocId must be one of this brief's record documents", 'recordDocId');
      if (record.pageCount && change.targetPage > record.pageCount) {
        throw new AppError('validation', `targetPage must be at most ${record.pageCount}, the pages of "${record.title}"`, 'targetPage');
      }
      Object.assign(set, { recordDocId: record.id, targetPage: change.targetPage, briefPage: null, why: REVIEWER_SET_AUTHORITY_WHY });
      if (change.status === undefined) set.status = 'confirmed';
    }
    const next = { ...before, ...set } as AuthRow;
    if (next.status === 'confirmed' && masterPageOf(next, offsetOf) === null && next.url === null) {
      throw new AppError('validation', 'This authority has nothing to link to; give it a web address (url) or a page of the Book of Authorities (targetPage), or remove it', 'status');
    }
    const [after] = await tx.update(briefAuthorities).set(set).where(eq(briefAuthorities.id, before.id)).returning();
    await recordAudit(tx, user, 'update', 'authority', before.id, before, after);
    if (
      after!.status !== before.status ||
      after!.url !== before.url ||
      after!.targetPage !== before.targetPage ||
      after!.recordDocId !== before.recordDocId ||
      after!.briefPage !== before.briefPage
    ) {
      await linksChanged(tx, user, brief.id, WITHDRAW_REASONS.authorityEdit);
    }
    return authorityJson(after!, offsetOf, recordOf);
  });
}

/**
 * The authorities as the reviewed PDF takes them: removed ones left out, each linked to its page of the merged
 * master (Book of Authorities, or the brief for a Table of Authorities row), else to its web address; one with
 * neither is listed and written without a link.
 */
export async function reviewedAuthorities(db: Db | Tx, brief: DocumentRow): Promise<{ authorities: ReviewAuthority[]; rows: AuthRow[] }> {
  const { offsetOf } = await recordOffsets(db, brief);
  const rows = await db.select().from(briefAuthorities).where(eq(briefAuthorities.documentId, brief.id)).orderBy(asc(briefAuthorities.ordinal));
  const authorities: ReviewAuthority[] = rows
    .filter((r) => r.status !== 'removed')
    .map((r) => {
      const masterPage = masterPageOf(r, offsetOf);
      return {
        id: r.ordinal,
        page: r.page,
        text: r.text,
        kind: r.kind as ReviewAuthority['kind'],
        family: r.family as AuthorityFamily,
        parts: { kind: r.kind, family: r.family, ...r.parts } as AuthorityParts,
        url: r.url,
        targetPage: masterPage,
        ...(r.tab ? { tab: r.tab } : {}),
        why: r.why ?? '',
        bbox: r.spans[0]?.bbox ?? [0, 0, 0, 0],
        spans: r.spans,
        ...(r.shortForm ? { shortForm: r.shortForm as NonNullable<ReviewAuthority['shortForm']> } : {}),
        ...(r.antecedent !== null ? { antecedent: r.antecedent } : {}),
        ...(r.footnote ? { footnote: true as const } : {}),
        ...(r.toaRow ? { toaRow: true as const } : {}),
        status: 'auto' as const,
      };
    });
  return { authorities, rows };
}

/** The authorities of a brief for the hyperlink report: linked and listed-not-linked, and each one. */
export interface AuthorityTotals {
  found: number;
  linked: number;
  listed: number;
  removed: number;
}

export async function authorityTotals(db: Db | Tx, brief: DocumentRow): Promise<{ totals: AuthorityTotals; rows: AuthorityRecord[] }> {
  const rows = await listAuthorities(db, brief);
  const totals = { found: rows.length, linked: 0, listed: 0, removed: 0 };
  for (const r of rows) {
    if (r.status === 'removed') totals.removed++;
    else if (r.linked) totals.linked++;
    else totals.listed++;
  }
  return { totals, rows };
}

/** Where an authority's link goes, as the report prints it: `BOA p. 4 (master p. 12)`, `brief p. 5`, the address, or null. */
export function authorityTarget(r: AuthorityRecord): string | null {
  if (!r.linked) return null;
  if (r.recordDocId && r.targetPage !== null) return `${r.recordCiteAs ?? r.recordTitle ?? 'Book of Authorities'} p. ${r.targetPage} (page ${r.masterPage} of the PDF)`;
  if (r.briefPage !== null) return `brief p. ${r.briefPage}`;
  return r.url;
}
