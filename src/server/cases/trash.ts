// The Trash: deleting a case moves it here. It is hidden everywhere (lists, every route naming it or
// one of its documents, uploads into it) and its documents' jobs stop; an administrator can restore it
// for TRASH_DAYS, after which the scheduled purge deletes it with its files. An administrator can also
// delete it for good at once ("Delete now"), for a retention rule that needs it gone. All audited.
//
// Stopping jobs uses the runs jobs already check (jobs/*.ts act only while their run is the
// document's current one): work in progress gets a new run, so the running job stops acting, and a
// heartbeat of long ago, so that once the case is restored the stale-job sweep
// (documents/processing-state.ts requeueStaleJobs, which passes over cases in the Trash) starts it
// again where it can.
import { and, count, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { displayName } from '../../contract/auth.ts';
import type { Trash } from '../../contract/cases.ts';
import { forgetDocumentNames, recordAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { cases, documents, links, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { caseJson } from '../routes/serialize.ts';
import type { Storage } from '../storage/files.ts';

/** SQL condition: the document's case is not in the Trash (for queries over documents). */
export const caseNotTrashed = sql`not exists (select 1 from "cases" tc where tc.id = "documents"."case_id" and tc.deleted_at is not null)`;

const LONG_AGO = sql`to_timestamp(0)`;
const inProgress = sql`"status" in ('queued', 'processing')`;
const linkInProgress = sql`("ai_processing_status" = 'processing' or ("ai_processing_status" = 'queued' and "index_status" = 'ok'))`;

export async function moveCaseToTrash(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cases).where(and(eq(cases.id, id), isNull(cases.deletedAt))).for('update');
    if (!before) throw new AppError('not_found', 'Case not found');
    const deletedAt = new Date();
    await tx.update(cases).set({ deletedAt, deletedBy: actor.id }).where(eq(cases.id, id));
    // Every SET expression reads the row as it was.
    const stopped = await tx
      .update(documents)
      .set({
        processRun: sql`case when ${inProgress} then "process_run" + 1 else "process_run" end`,
        status: sql`case when ${inProgress} then 'processing' else "status" end`,
        processHeartbeatAt: sql`case when ${inProgress} then ${LONG_AGO} else "process_heartbeat_at" end`,
        linkRun: sql`case when ${linkInProgress} then "link_run" + 1 else "link_run" end`,
        aiProcessingStatus: sql`case when ${linkInProgress} then 'processing' else "ai_processing_status" end`,
        linkHeartbeatAt: sql`case when ${linkInProgress} then ${LONG_AGO} else "link_heartbeat_at" end`,
        textLayerRun: sql`"text_layer_run" + 1`,
        textLayerHeartbeatAt: sql`case when "text_layer_done" < "text_layer_total" then ${LONG_AGO} else "text_layer_heartbeat_at" end`,
      })
      .where(eq(documents.caseId, id))
      .returning({ id: documents.id });
    await recordAudit(tx, actor, 'trash', 'case', id, caseJson(before), { deletedAt: deletedAt.toISOString(), documents: stopped.length });
  });
}

async function trashedCaseForUpdate(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: string) {
  const [row] = await tx.select().from(cases).where(and(eq(cases.id, id), isNotNull(cases.deletedAt))).for('update');
  if (!row) throw new AppError('not_found', 'This case is not in the Trash (it may have been restored or deleted already)');
  return row;
}

export async function restoreCase(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await trashedCaseForUpdate(tx, id);
    await tx.update(cases).set({ deletedAt: null, deletedBy: null, updatedAt: new Date() }).where(eq(cases.id, id));
    await recordAudit(tx, actor, 'restore', 'case', id, { deletedAt: row.deletedAt!.toISOString() }, caseJson(row));
  });
}

/** Deletes a case for good: its documents (database cascade), files and outputs; the audit forgets their names. */
export async function deleteCaseNow(db: Db, storage: Storage, actor: Actor | null, id: string, action: 'delete' | 'purge'): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await trashedCaseForUpdate(tx, id);
    const docs = await tx.select({ id: documents.id }).from(documents).where(eq(documents.caseId, id));
    await tx.delete(cases).where(eq(cases.id, id));
    const record = action === 'purge' ? { caseNumber: before.caseNumber, title: before.title, from: 'trash' } : { ...caseJson(before), documents: docs };
    await recordAudit(tx, actor, action, 'case', id, record, null);
    await forgetDocumentNames(tx, docs.map((d) => d.id));
  });
  await storage.removeCase(id);
}

export async function listTrash(db: Db, trashDays: number): Promise<Trash> {
  const by = alias(users, 'deleted_by_user');
  const docCount = db.select({ caseId: documents.caseId, n: count().as('n') }).from(documents).groupBy(documents.caseId).as('doc_count');
  const rows = await db
    .select({ kase: cases, by, n: docCount.n })
    .from(cases)
    .leftJoin(by, eq(by.id, cases.deletedBy))
    .leftJoin(docCount, eq(docCount.caseId, cases.id))
    .where(isNotNull(cases.deletedAt))
    .orderBy(desc(cases.deletedAt));
  return {
    trashDays,
    cases: rows.map(({ kase, by: who, n }) => ({
      ...caseJson(kase),
      deletedAt: kase.deletedAt!.toISOString(),
      deletedBy: who ? { id: who.id, name: displayName(who) } : null,
      purgeAt: new Date(kase.deletedAt!.getTime() + trashDays * 86_400_000).toISOString(),
      documentCount: Number(n ?? 0),
    })),
  };
}

/** Cases in the Trash longer than `trashDays` are deleted for good (the scheduled purge). */
export async function purgeTrash(db: Db, storage: Storage, trashDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - trashDays * 86_400_000);
  const due = await db.select({ id: cases.id }).from(cases).where(lt(cases.deletedAt, cutoff));
  for (const c of due) {
    await deleteCaseNow(db, storage, null, c.id, 'purge').catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err; // restored or deleted meanwhile
    });
  }
  return due.length;
}

const NOT_FOUND = { case: 'Case not found', document: 'Document not found', link: 'Link not found' } as const;

/**
 * Every route naming a case (`/api/cases/:id…`, `…/:caseId…`), a document (`/api/documents/:id…`) or
 * a link (`/api/links/:id`) answers 404 when that case is in the Trash, as it would once the case is gone.
 */
export function installTrashGuard(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (req) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/')) return;
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    let caseId: string | undefined;
    let documentId: string | undefined;
    let linkId: string | undefined;
    if (url.includes(':caseId')) caseId = params.caseId;
    else if (url.startsWith('/api/cases/:id')) caseId = params.id;
    else if (url.startsWith('/api/documents/:id')) documentId = params.id;
    else if (url.startsWith('/api/links/:id')) linkId = params.id;
    if (caseId && uuid.test(caseId)) {
      const [row] = await db.select({ id: cases.id }).from(cases).where(and(eq(cases.id, caseId), isNotNull(cases.deletedAt))).limit(1);
      if (row) throw new AppError('not_found', NOT_FOUND.case);
    } else if (documentId && uuid.test(documentId)) {
      const [row] = await db
        .select({ id: documents.id })
        .from(documents)
        .innerJoin(cases, eq(cases.id, documents.caseId))
        .where(and(eq(documents.id, documentId), isNotNull(cases.deletedAt)))
        .limit(1);
      if (row) throw new AppError('not_found', NOT_FOUND.document);
    } else if (linkId && uuid.test(linkId)) {
      const [row] = await db
        .select({ id: links.id })
        .from(links)
        .innerJoin(documents, eq(documents.id, links.srcDocId))
        .innerJoin(cases, eq(cases.id, documents.caseId))
        .where(and(eq(links.id, linkId), isNotNull(cases.deletedAt)))
        .limit(1);
      if (row) throw new AppError('not_found', NOT_FOUND.link);
    }
  });
}
