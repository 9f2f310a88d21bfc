// Documents: create (without a file), read, list per case, update, delete (files and outputs too),
// download, retry, duplicate check. Every change is audited.
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createDocumentBody, updateDocumentBody } from '../../contract/documents.ts';
import { recordAudit } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import { documents } from '../db/schema.ts';
import { contentDisposition } from '../documents/content-disposition.ts';
import { checkIndexPages } from '../documents/index-pages.ts';
import type { DocumentDeps } from '../documents/intake.ts';
import { queueProcessing } from '../documents/processing-state.ts';
import { caseDocuments, caseIdParams, documentById, documentRow, requireCase } from '../documents/queries.ts';
import { documentJson } from '../documents/serialize.ts';
import { AppError, parseInput } from '../errors.ts';

const duplicateParams = z.object({
  caseId: z.uuid({ error: 'caseId must be a case id' }),
  fileName: z.string().trim().min(1).max(255),
});

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
    if (body.reviewStatus !== undefined) {
      // null or 'pending' sets the document back to not reviewed; approval goes through POST …/review.
      changes.reviewStatus = null;
      changes.lawyerReviewed = false;
      changes.approvedSha256 = null;
    }
    if (body.indexPages) checkIndexPages(body.indexPages, before.pageCount);
    const indexPagesChanged = body.indexPages !== undefined && (body.indexPages || null) !== before.indexPages;
    if (indexPagesChanged) changes.indexPages = body.indexPages || null;
    const [after] = await db.update(documents).set(changes).where(eq(documents.id, before.id)).returning();
    await recordAudit(db, user, 'update', 'document', before.id, documentJson(before), documentJson(after!));
    // New index pages: detect the index again on them (an uploaded document only).
    if (indexPagesChanged && before.storageKey) await queueProcessing(db, deps.send, before.id);
    return documentById(db, before.id);
  });

  app.delete('/api/documents/:id', async (req, reply) => {
    const user = requireUser(req);
    const before = await documentRow(db, req.params);
    await db.transaction(async (tx) => {
      await tx.delete(documents).where(eq(documents.id, before.id));
      await recordAudit(tx, user, 'delete', 'document', before.id, documentJson(before), null);
    });
    await storage.removeDocument(before.caseId, before.id);
    return reply.code(204).send();
  });

  app.get('/api/documents/:id/download', async (req, reply) => {
    const doc = await documentRow(db, req.params);
    if (!doc.storageKey) throw new AppError('not_found', 'This document has no file yet');
    const linked = doc.outputKey !== null;
    const path = storage.documentFile(doc.caseId, doc.id, linked ? doc.outputKey! : 'source.pdf');
    const info = await stat(path).catch(() => null);
    if (!info) throw new AppError('not_found', 'The file of this document is missing');
    const name = `${doc.title}${linked ? ' (linked)' : ''}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', info.size)
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'private, no-store')
      .send(createReadStream(path));
  });

  app.post('/api/documents/:id/retry', async (req) => {
    const user = requireUser(req);
    const doc = await documentRow(db, req.params);
    if (!doc.storageKey) throw new AppError('conflict', 'This document has no file yet; upload it first');
    await queueProcessing(db, deps.send, doc.id);
    await recordAudit(db, user, 'retry', 'document', doc.id, { status: doc.status, ocrStatus: doc.ocrStatus }, { status: 'queued' });
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
