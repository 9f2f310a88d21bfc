// Links: per case, per document, all; the link of an index item that has none; status and target
// page changes (one or in bulk); delete. Every change is audited.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bulkUpdateLinksBody, createLinkBody, updateLinkBody, type UpdateLinkBody } from '../../contract/documents.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, Tx } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { documents, indexItems, links } from '../db/schema.ts';
import { caseIdParams, documentRow, requireCase } from '../documents/queries.ts';
import { linkJson, REVIEWER_SET_WHY } from '../documents/serialize.ts';
import { linksChanged } from '../review/approval-state.ts';
import { recordsOf } from '../documents/record-pairing.ts';
import { AppError, parseInput } from '../errors.ts';

const linkIdParams = z.object({ id: z.uuid({ error: 'id must be a link id' }) });
const MAX_ALL = 5000;

function selectLinks(db: Db) {
  return db
    .select({ link: links, item: { ordinal: indexItems.ordinal, label: indexItems.label, type: indexItems.type, text: indexItems.text } })
    .from(links)
    .leftJoin(indexItems, eq(indexItems.id, links.indexItemId));
}

type Row = { link: typeof links.$inferSelect; item: { ordinal: number; label: string; type: string; text: string } | null };
const toJson = (rows: Row[]) => rows.map((r) => linkJson(r.link, r.item));

async function linkById(db: Db, id: string) {
  const rows = await selectLinks(db).where(eq(links.id, id)).limit(1);
  if (!rows[0]) throw new AppError('not_found', 'Link not found');
  return toJson(rows)[0]!;
}

/**
 * A target page within the document the link goes into (the brief, or the trial record of a 'record'
 * link), as a 400 naming the field otherwise. Returns the page in the merged master (record pages
 * follow the brief's).
 */
async function checkTargetPage(db: Db | Tx, link: { srcDocId: string; target: string; targetDocId: string | null }, targetPage: number): Promise<number> {
  const pagesOf = async (id: string) => (await db.select({ pageCount: documents.pageCount }).from(documents).where(eq(documents.id, id)))[0]?.pageCount ?? null;
  const briefPages = await pagesOf(link.srcDocId);
  if (link.target === 'record') {
    // a brief's records count as one record after it (its first, then the others in order)
    const [brief] = await db.select().from(documents).where(eq(documents.id, link.srcDocId));
    const records = brief ? await recordsOf(db, brief) : [];
    const recordPages = records.length
      ? records.reduce((n, r) => n + (r.pageCount ?? 0), 0)
      : link.targetDocId ? await pagesOf(link.targetDocId) : null;
    if (recordPages && targetPage > recordPages) {
      throw new AppError('validation', `targetPage must be at most ${recordPages}, the pages of the trial record${records.length > 1 ? 's' : ''}`, 'targetPage');
    }
    return targetPage + (briefPages ?? 0);
  }
  if (briefPages && targetPage > briefPages) {
    throw new AppError('validation', `targetPage must be at most ${briefPages}, the pages of this document`, 'targetPage');
  }
  return targetPage;
}

/**
 * Applies one change inside the caller's transaction, so a bad entry of a bulk update undoes all. With
 * `changedDocs` the documents whose reviewed PDF the change makes out of date are collected there (a
 * bulk update marks each once) instead of marked at once.
 */
export async function applyChange(tx: Tx, user: Actor, id: string, change: UpdateLinkBody, changedDocs?: Set<string>): Promise<boolean> {
  const [before] = await tx.select().from(links).where(eq(links.id, id)).limit(1);
  if (!before) return false;
  const set: Partial<typeof links.$inferInsert> = { updatedAt: new Date() };
  if (change.status !== undefined) set.status = change.status;
  if (change.targetPage !== undefined) {
    set.masterPage = await checkTargetPage(tx, before, change.targetPage);
    set.targetPage = change.targetPage;
    set.why = change.why ?? REVIEWER_SET_WHY;
    set.confidence = '1';
  } else if (change.why !== undefined) set.why = change.why;
  const [after] = await tx.update(links).set(set).where(eq(links.id, id)).returning();
  await recordAudit(tx, user, 'update', 'link', id, before, after);
  // a change of what the reviewed PDF holds makes it out of date; a confirm (or a note) changes nothing
  // in it, and an approval stands
  const inPdf = (status: string) => status !== 'removed';
  if (inPdf(after!.status) !== inPdf(before.status) || after!.targetPage !== before.targetPage) {
    if (changedDocs) changedDocs.add(before.srcDocId);
    else await linksChanged(tx, user, before.srcDocId);
  }
  return true;
}

export function linkRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/links', async () =>
    toJson(await selectLinks(db).where(inArray(links.srcDocId, db.select({ id: documents.id }).from(documents).where(caseNotTrashed))).orderBy(desc(links.createdAt), asc(indexItems.ordinal)).limit(MAX_ALL)));

  app.get('/api/cases/:caseId/links', async (req) => {
    const { caseId } = parseInput(caseIdParams, req.params);
    await requireCase(db, caseId);
    const docIds = db.select({ id: documents.id }).from(documents).where(eq(documents.caseId, caseId));
    return toJson(await selectLinks(db).where(inArray(links.srcDocId, docIds)).orderBy(asc(links.srcDocId), asc(indexItems.ordinal)));
  });

  app.get('/api/documents/:id/links', async (req) => {
    const doc = await documentRow(db, req.params);
    return toJson(await selectLinks(db).where(eq(links.srcDocId, doc.id)).orderBy(asc(indexItems.ordinal)));
  });

  app.post('/api/links', async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(createLinkBody, req.body);
    const [item] = await db.select().from(indexItems).where(eq(indexItems.id, body.indexItemId)).limit(1);
    if (!item) throw new AppError('not_found', 'Index item not found');
    const [existing] = await db.select({ id: links.id }).from(links).where(eq(links.indexItemId, item.id)).limit(1);
    if (existing) throw new AppError('conflict', 'This index item already has its link; change that one instead', 'indexItemId');
    const masterPage = await checkTargetPage(db, { srcDocId: item.documentId, target: 'source', targetDocId: null }, body.targetPage);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(links)
        .values({
          srcDocId: item.documentId,
          indexItemId: item.id,
          srcPage: item.page,
          bbox: item.bbox,
          targetPage: body.targetPage,
          masterPage,
          status: body.status ?? 'confirmed',
          why: body.why ?? REVIEWER_SET_WHY,
          confidence: '1',
        })
        .returning();
      await recordAudit(tx, user, 'create', 'link', created!.id, null, created);
      await linksChanged(tx, user, item.documentId);
      return created;
    });
    return reply.code(201).send(await linkById(db, row!.id));
  });

  // Registered before /api/links/:id so 'bulk-update' is never taken for an id.
  app.put('/api/links/bulk-update', async (req) => {
    const user = requireUser(req);
    const body = parseInput(bulkUpdateLinksBody, req.body);
    // (the contract took each link once: a repeated id is one change and one audit row)
    const changes = Array.isArray(body)
      ? body.map(({ id, ...change }) => ({ id, change }))
      : body.ids.map((id) => ({ id, change: { status: body.status } }));
    const ids = changes.map((c) => c.id);
    const found = await db.select({ id: links.id }).from(links).where(inArray(links.id, ids));
    if (found.length !== ids.length) throw new AppError('not_found', 'Link not found');
    await db.transaction(async (tx) => {
      const changedDocs = new Set<string>();
      for (const c of changes) await applyChange(tx, user, c.id, c.change, changedDocs);
      for (const docId of changedDocs) await linksChanged(tx, user, docId);
    });
    const rows = toJson(await selectLinks(db).where(inArray(links.id, ids)));
    return { updated: changes.length, links: rows };
  });

  app.put('/api/links/:id', async (req) => {
    const user = requireUser(req);
    const { id } = parseInput(linkIdParams, req.params);
    const change = parseInput(updateLinkBody, req.body);
    const found = await db.transaction((tx) => applyChange(tx, user, id, change));
    if (!found) throw new AppError('not_found', 'Link not found');
    return linkById(db, id);
  });

  app.delete('/api/links/:id', async (req, reply) => {
    const user = requireUser(req);
    const { id } = parseInput(linkIdParams, req.params);
    const [before] = await db.select().from(links).where(eq(links.id, id)).limit(1);
    if (!before) throw new AppError('not_found', 'Link not found');
    await db.transaction(async (tx) => {
      await tx.delete(links).where(and(eq(links.id, id)));
      await recordAudit(tx, user, 'delete', 'link', id, before, null);
      await linksChanged(tx, user, before.srcDocId);
    });
    return reply.code(204).send();
  });
}
