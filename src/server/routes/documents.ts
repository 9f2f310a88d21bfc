// Documents: create (without a file), read, list per case, update, delete (files and outputs too),
// download, retry, duplicate check. Every change is audited.
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { briefRecordsBody, createDocumentBody, updateAuthorityBody, updateDocumentBody, updateReferenceBody } from '../../contract/documents.ts';
import { forgetDocumentNames, recordAudit, withoutDocumentNames } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import { documents } from '../db/schema.ts';
import { contentDisposition } from '../documents/content-disposition.ts';
import { checkIndexPages } from '../documents/index-pages.ts';
import type { DocumentDeps } from '../documents/intake.ts';
import { queueLinking, queueProcessing } from '../documents/processing-state.ts';
import {
  afterRecordDeleted,
  briefsOf,
  checkKindChange,
  checkRecordFor,
  recordIdsOf,
  setBriefRecords,
  withdrawBriefApprovals,
} from '../documents/record-pairing.ts';
import { listReferences, updateReference } from '../review/references.ts';
import { listAuthorities, updateAuthority } from '../review/authorities.ts';
import type { Db } from '../db/client.ts';
import type { Actor, Tx } from '../audit.ts';
import { caseDocuments, caseIdParams, documentById, documentRow, requireCase } from '../documents/queries.ts';
import { documentJson } from '../documents/serialize.ts';
import { AppError, parseInput } from '../errors.ts';
import { confirmBody, downloadQuery } from '../../contract/review.ts';
import { requireConfirmIfReviewed, withdrawApproval, WITHDRAW_REASONS } from '../review/approval-state.ts';
import { rebuildLinks, requireConfirmForAll } from '../review/rebuild-links.ts';

const duplicateParams = z.object({
  caseId: z.uuid({ error: 'caseId must be a case id' }),
  fileName: z.string().trim().min(1).max(255),
});

const authorityParams = z.object({
  id: z.uuid({ error: 'id must be a document id' }),
  authorityId: z.uuid({ error: 'authorityId must be an authority id' }),
});

const referenceParams = z.object({
  id: z.uuid({ error: 'id must be a document id' }),
  refId: z.uuid({ error: 'refId must be a reference id' }),
});

/**
 * The briefs given have their links (and references) built again after a change of one of their
 * records, confirmed beforehand (requireConfirmForAll): the rule of every rebuild.
 */
async function rebuildBriefsOf(deps: DocumentDeps, user: Actor, briefIds: string[], reason: string): Promise<void> {
  for (const id of briefIds) {
    const [brief] = await deps.db.select().from(documents).where(eq(documents.id, id));
    if (!brief?.storageKey || (brief.indexStatus !== 'ok' && brief.indexStatus !== 'pending') || brief.aiProcessingStatus === 'none') continue;
    await rebuildLinks(deps, user, id, { from: 'links', confirm: true, reason, action: 'relink' });
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function documentRoutes(app: FastifyInstance, deps: DocumentDeps): void {
  const { db, storage } = deps;

  app.get('/api/cases/:caseId/documents', async (req) => {
    const { caseId } = parseInput(caseIdParams, req.params);
    await requireCase(db, caseId);
    return caseDocuments(db, caseId);
  });

  app.post('/api/documents', async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(createDocumentBody, req.body);
    await requireCase(db, body.caseId);
    const [row] = await db
      .insert(documents)
      .values({
        caseId: body.caseId,
        title: body.title,
        alias: body.alias || null,
        originalName: body.originalName ?? `${body.title}.pdf`,
        uploadedBy: user.id,
        status: 'awaiting-file',
      })
      .returning();
    await recordAudit(db, user, 'create', 'document', row!.id, null, documentJson(row!));
    return reply.code(201).send(documentJson(row!));
  });

  app.get('/api/documents/:id', async (req) => {
    const row = await documentRow(db, req.params);
    return documentById(db, row.id);
  });

  app.patch('/api/documents/:id', async (req) => {
    const user = requireUser(req);
    const before = await documentRow(db, req.params);
    const body = parseInput(updateDocumentBody, req.body);
    const changes: Partial<typeof documents.$inferInsert> = { updatedAt: new Date() };
    if (body.title !== undefined) changes.title = body.title;
    if (body.alias !== undefined) changes.alias = body.alias || null;
    if (body.selectedForHyperlinking !== undefined) changes.selectedForHyperlinking = body.selectedForHyperlinking;
    if (body.indexPages) checkIndexPages(body.indexPages, before.pageCount);
    const indexPagesChanged = body.indexPages !== undefined && (body.indexPages || null) !== before.indexPages;
    if (indexPagesChanged) changes.indexPages = body.indexPages || null;
    // Brief and record (record-pairing.ts): checked here for the answer's order, again under lock below.
    const nextKind = body.kind ?? before.kind;
    const nextRecord = body.recordDocumentId !== undefined ? body.recordDocumentId : before.recordDocumentId;
    const checkPairing = async (tx: Db | Tx) => {
      if (body.kind !== undefined) await checkKindChange(tx, before, body.kind, nextRecord);
      if (body.recordDocumentId) await checkRecordFor(tx, before, nextKind, body.recordDocumentId);
    };
    await checkPairing(db);
    if (body.kind !== undefined) changes.kind = body.kind;
    const recordChanged = body.recordDocumentId !== undefined && body.recordDocumentId !== before.recordDocumentId;
    // how briefs cite a record (record documents only): their references are resolved by it
    const citeChanged =
      (body.citeAs !== undefined && body.citeAs !== before.citeAs) || (body.volume !== undefined && body.volume !== before.volume);
    if (body.citeAs !== undefined) changes.citeAs = body.citeAs;
    if (body.volume !== undefined) changes.volume = body.volume;
    const citingBriefs = citeChanged && before.kind === 'record' && (body.kind ?? 'record') === 'record' ? await briefsOf(db, before.id) : [];
    if (citingBriefs.length) await requireConfirmForAll(db, citingBriefs.map((b) => b.id), body.confirm);
    if ((indexPagesChanged || recordChanged) && before.storageKey) await requireConfirmIfReviewed(db, before.id, body.confirm);
    await db.transaction(async (tx) => {
      await checkPairing(tx);
      await tx.update(documents).set(changes).where(eq(documents.id, before.id));
      // the one-record call: the brief's list of records becomes this one (or none)
      if (recordChanged) await setBriefRecords(tx, before.id, body.recordDocumentId ? [body.recordDocumentId] : []);
      const [row] = await tx.select().from(documents).where(eq(documents.id, before.id));
      await recordAudit(tx, user, 'update', 'document', before.id, documentJson(before), documentJson(row!));
      // null or 'pending' sets the document back to not reviewed; approval goes through POST …/review
      if (body.reviewStatus !== undefined) {
        await withdrawApproval(tx, user, before.id, WITHDRAW_REASONS.reviewReset);
        await tx.update(documents).set({ reviewStatus: null, lawyerReviewed: false, approvedSha256: null }).where(eq(documents.id, before.id));
      }
      if (indexPagesChanged) await withdrawApproval(tx, user, before.id, WITHDRAW_REASONS.indexPages);
      if (recordChanged) await withdrawApproval(tx, user, before.id, WITHDRAW_REASONS.record);
      // a trial record read again on new index pages, or no longer a record: its briefs lose their approval
      if (before.kind === 'record' && body.kind !== undefined && body.kind !== 'record') await withdrawBriefApprovals(tx, user, before.id, WITHDRAW_REASONS.recordKind);
      else if (before.kind === 'record' && indexPagesChanged && before.storageKey) await withdrawBriefApprovals(tx, user, before.id, WITHDRAW_REASONS.recordRead);
    });
    // New index pages: detect the index again on them (an uploaded document only).
    if (indexPagesChanged && before.storageKey) await queueProcessing(db, deps.send, before.id);
    // A new (or no) trial record: the links are built again, into the record (like a relink); a build
    // waits for the record's text when it is still being read.
    const indexComing = indexPagesChanged || before.indexStatus === 'ok' || before.indexStatus === 'pending';
    if (recordChanged && before.storageKey && indexComing) {
      // the rule of every rebuild (asked for above, the approval withdrawn with the pairing)
      await rebuildLinks(deps, user, before.id, { from: 'links', confirm: body.confirm, reason: WITHDRAW_REASONS.record, action: 'relink' });
    }
    // a record cited another way: the briefs pointing into it resolve their references again
    await rebuildBriefsOf(deps, user, citingBriefs.map((b) => b.id), WITHDRAW_REASONS.recordCiteAs);
    return documentById(db, before.id);
  });

  app.put('/api/documents/:id/records', async (req) => {
    const user = requireUser(req);
    const before = await documentRow(db, req.params);
    const { recordIds: given, confirm } = parseInput(briefRecordsBody, req.body);
    const recordIds = given.map((id) => id.toLowerCase());
    // each a record of the brief's case, not the brief itself (record-pairing.ts); again under lock below
    const check = async (tx: Db | Tx) => {
      for (const id of recordIds) await checkRecordFor(tx, before, before.kind, id, 'recordIds');
    };
    await check(db);
    const current = await recordIdsOf(db, before);
    const changed = current.join(',') !== recordIds.join(',');
    if (!changed) return documentById(db, before.id);
    if (before.storageKey) await requireConfirmIfReviewed(db, before.id, confirm);
    await db.transaction(async (tx) => {
      await check(tx);
      await setBriefRecords(tx, before.id, recordIds);
      await recordAudit(tx, user, 'update', 'document', before.id, { recordDocumentIds: current }, { recordDocumentIds: recordIds });
      await withdrawApproval(tx, user, before.id, WITHDRAW_REASONS.records);
    });
    // its links and references are built again into the new records: the rule of every rebuild
    const indexComing = before.indexStatus === 'ok' || before.indexStatus === 'pending';
    if (before.storageKey && indexComing) {
      await rebuildLinks(deps, user, before.id, { from: 'links', confirm, reason: WITHDRAW_REASONS.records, action: 'relink' });
    }
    return documentById(db, before.id);
  });

  app.get('/api/documents/:id/references', async (req) => {
    const doc = await documentRow(db, req.params);
    return listReferences(db, doc);
  });

  app.patch('/api/documents/:id/references/:refId', async (req) => {
    const user = requireUser(req);
    const { refId, ...params } = parseInput(referenceParams, req.params);
    const doc = await documentRow(db, params);
    const change = parseInput(updateReferenceBody, req.body);
    return updateReference(db, user, doc, refId, change);
  });

  // the authorities the brief cites (DESIGN §8): listed whatever their link, changed by the reviewer
  app.get('/api/documents/:id/authorities', async (req) => {
    const doc = await documentRow(db, req.params);
    return listAuthorities(db, doc);
  });

  app.patch('/api/documents/:id/authorities/:authorityId', async (req) => {
    const user = requireUser(req);
    const { authorityId, ...params } = parseInput(authorityParams, req.params);
    const doc = await documentRow(db, params);
    const change = parseInput(updateAuthorityBody, req.body);
    return updateAuthority(db, user, doc, authorityId, change);
  });

  app.delete('/api/documents/:id', async (req, reply) => {
    const user = requireUser(req);
    const before = await documentRow(db, req.params);
    // A trial record's briefs are detached (the foreign key sets null) and their links built again on
    // their own pages: links into a record that is gone would be broken.
    const detached = await db.transaction(async (tx) => {
      const briefs = await withdrawBriefApprovals(tx, user, before.id, WITHDRAW_REASONS.recordDeleted);
      await tx.delete(documents).where(eq(documents.id, before.id));
      // a brief whose first record this was takes the next of its records as its first
      await afterRecordDeleted(tx, briefs.map((b) => b.id));
      await recordAudit(tx, user, 'delete', 'document', before.id, withoutDocumentNames(documentJson(before)), null);
      await forgetDocumentNames(tx, [before.id]);
      return briefs;
    });
    await storage.removeDocument(before.caseId, before.id);
    for (const b of detached) {
      const [brief] = await db.select().from(documents).where(eq(documents.id, b.id));
      if (brief?.storageKey && (brief.indexStatus === 'ok' || brief.indexStatus === 'pending') && brief.aiProcessingStatus !== 'none') {
        await queueLinking(db, deps.send, b.id);
      }
    }
    return reply.code(204).send();
  });

  app.get('/api/documents/:id/download', async (req, reply) => {
    const doc = await documentRow(db, req.params);
    const { version, disposition } = parseInput(downloadQuery, req.query);
    if (!doc.storageKey) throw new AppError('not_found', 'This document has no file yet');
    // the reviewed PDF once it exists, else the engine's output, else the upload (or the one asked for)
    const key =
      version === 'source' ? doc.storageKey
      : version === 'engine' ? doc.outputKey
      : version === 'reviewed' ? doc.reviewedKey
      : (doc.reviewedKey ?? doc.outputKey ?? doc.storageKey);
    if (!key) throw new AppError('not_found', version === 'reviewed' ? 'This document has no reviewed PDF yet; regenerate it first' : 'This document has no linked PDF yet');
    const path = storage.documentFile(doc.caseId, doc.id, key);
    const info = await stat(path).catch(() => null);
    if (!info) throw new AppError('not_found', 'The file of this document is missing');
    const suffix = key === doc.reviewedKey ? ' (reviewed)' : key === doc.outputKey ? ' (linked)' : '';
    const name = `${doc.title}${suffix}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', info.size)
      .header('content-disposition', contentDisposition(name, disposition))
      .header('cache-control', 'private, no-store')
      .send(createReadStream(path));
  });

  app.post('/api/documents/:id/retry', async (req) => {
    const user = requireUser(req);
    const doc = await documentRow(db, req.params);
    if (!doc.storageKey) throw new AppError('conflict', 'This document has no file yet; upload it first');
    // read again from the start, and its links built again after: the rule of every rebuild
    const { confirm } = parseInput(confirmBody, req.body);
    await rebuildLinks(deps, user, doc.id, { from: 'read', confirm, reason: WITHDRAW_REASONS.retry, action: 'retry' });
    return documentById(db, doc.id);
  });

  app.get('/api/cases/:caseId/check-duplicates/:fileName', async (req) => {
    const { caseId, fileName } = parseInput(duplicateParams, req.params);
    await requireCase(db, caseId);
    const base = fileName.replace(/\.pdf$/i, '');
    const rows = await db
      .select({ id: documents.id, title: documents.title, originalName: documents.originalName })
      .from(documents)
      .where(
        and(
          eq(documents.caseId, caseId),
          or(
            sql`lower(${documents.originalName}) = lower(${fileName})`,
            ilike(documents.originalName, `${likeEscape(base)}%`),
            sql`lower(${documents.title}) = lower(${base})`,
          ),
        ),
      )
      .orderBy(documents.uploadedAt);
    return { duplicates: rows };
  });
}
