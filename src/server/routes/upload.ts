// POST /api/upload/document (multipart: file, caseId, optional title, alias, kind and recordDocumentId) and
// POST /api/documents/{id}/reupload (multipart: file). The PDF streams to disk (receive-upload.ts);
// the document row is written only once the whole file has arrived, so an aborted upload leaves nothing.
import fastifyMultipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploadFields } from '../../contract/documents.ts';
import { recordAudit } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import { briefRecords, documents, indexItems, links } from '../db/schema.ts';
import { commitStagedSource, discardStagedSource, placeSource, queueNewSource, stageSource, type DocumentDeps } from '../documents/intake.ts';
import { caseIsGone } from '../documents/processing-state.ts';
import { documentById, documentRow, requireCase } from '../documents/queries.ts';
import { checkRecordFor, withdrawBriefApprovals } from '../documents/record-pairing.ts';
import { discardUpload, NOT_PDF_MESSAGE, receiveUpload, type ReceivedFile } from '../documents/receive-upload.ts';
import { AppError, parseInput } from '../errors.ts';
import { dropReviewedOutput, requireConfirmIfReviewed, withdrawApproval, WITHDRAW_REASONS } from '../review/approval-state.ts';

function titleFrom(fileName: string): string {
  const base = fileName.replace(/\.pdf$/i, '').trim();
  return (base || 'Untitled document').slice(0, 300);
}

export async function uploadRoutes(app: FastifyInstance, deps: DocumentDeps, maxUploadMb: number): Promise<void> {
  const maxBytes = maxUploadMb * 1024 * 1024;
  const uploadDir = join(deps.storage.root, 'uploads');
  const { db, storage } = deps;

  await app.register(async (scope) => {
    // busboy's own limit sits above ours so that our check (with its message) is the one that trips.
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 4096 } });

    scope.post('/api/upload/document', async (req, reply) => {
      const user = requireUser(req);
      const { file, fields } = await receiveUpload(req, uploadDir, maxBytes);
      const cleanup = async () => file && discardUpload(file);
      let body;
      try {
        if (!file) throw new AppError('validation', 'Choose a PDF file to upload', 'file');
        body = parseInput(uploadFields, fields);
        await requireCase(db, body.caseId);
        if (body.recordDocumentId) await checkRecordFor(db, { caseId: body.caseId }, body.kind ?? 'brief', body.recordDocumentId);
      } catch (err) {
        await cleanup();
        throw err;
      }
      const received: ReceivedFile = file!;
      const id = randomUUID();
      // From here on, an error removes only what this upload wrote: its own new document folder.
      // The case's folder goes only once the database has answered that the case is gone.
      const undo = async () => {
        await storage.removeDocument(body.caseId, id);
        if (await caseIsGone(db, body.caseId)) {
          await storage.removeCase(body.caseId);
          return new AppError('not_found', 'Case not found');
        }
        return null;
      };
      try {
        await placeSource(storage, body.caseId, id, received);
      } catch (err) {
        await cleanup();
        await storage.removeDocument(body.caseId, id);
        throw err;
      }
      let row: typeof documents.$inferSelect | undefined;
      try {
        [row] = await db
          .insert(documents)
          .values({
            id,
            caseId: body.caseId,
            title: body.title ?? titleFrom(received.fileName),
            alias: body.alias || null,
            kind: body.kind ?? 'brief',
            recordDocumentId: body.recordDocumentId || null,
            citeAs: body.citeAs || null,
            volume: body.volume ? Number(body.volume) : null,
            originalName: received.fileName.slice(0, 255),
            fileSize: received.size,
            sha256: received.sha256,
            storageKey: 'source.pdf',
            uploadedBy: user.id,
            status: 'uploaded',
            ocrStatus: 'pending',
            indexStatus: 'pending',
          })
          .returning();
        if (body.recordDocumentId) await db.insert(briefRecords).values({ briefId: id, recordId: body.recordDocumentId, position: 0 });
      } catch (err) {
        throw (await undo()) ?? err;
      }
      await recordAudit(db, user, 'upload', 'document', id, null, {
        caseId: row!.caseId,
        title: row!.title,
        originalName: row!.originalName,
        fileSize: row!.fileSize,
        sha256: row!.sha256,
      });
      await queueNewSource(deps, row!);
      return reply.code(201).send(await documentById(db, id));
    });

    scope.post('/api/documents/:id/reupload', async (req) => {
      const user = requireUser(req);
      const before = await documentRow(db, req.params);
      const { file, fields } = await receiveUpload(req, uploadDir, maxBytes);
      if (!file) throw new AppError('validation', NOT_PDF_MESSAGE, 'file');
      try {
        // a reviewed document loses its review with its links: only when the request confirms it
        const confirmed = fields.confirm === 'true' || (req.query as { confirm?: string } | undefined)?.confirm === 'true';
        await requireConfirmIfReviewed(db, before.id, confirmed);
        await stageSource(storage, before.caseId, before.id, file);
      } catch (err) {
        await discardUpload(file);
        throw err;
      }
      // The current source stays until the database has taken the new one: a failure here (the
      // database gone) removes only the staged file.
      const stored = await db.transaction(async (tx) => {
        await tx.delete(links).where(eq(links.srcDocId, before.id));
        await tx.delete(indexItems).where(eq(indexItems.documentId, before.id));
        const [updated] = await tx
          .update(documents)
          .set({
            originalName: file.fileName.slice(0, 255),
            fileSize: file.size,
            sha256: file.sha256,
            storageKey: 'source.pdf',
            pageCount: null,
            status: 'uploaded',
            failureReason: null,
            linkFailureReason: null,
            aiProcessingStatus: 'none',
            indexCount: 0,
            hasLinks: false,
            outputKey: null,
            uploadedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(documents.id, before.id))
          .returning({ id: documents.id });
        if (!updated) return false;
        await withdrawApproval(tx, user, before.id, WITHDRAW_REASONS.reupload);
        await dropReviewedOutput(tx, before.id);
        // a trial record's new file: the briefs pointing into it were approved with the old one
        if (before.kind === 'record') await withdrawBriefApprovals(tx, user, before.id, WITHDRAW_REASONS.recordFile);
        await recordAudit(tx, user, 'reupload', 'document', before.id,
          { originalName: before.originalName, sha256: before.sha256 },
          { originalName: file.fileName, sha256: file.sha256, fileSize: file.size });
        return true;
      }).catch(async (err: unknown) => {
        await discardStagedSource(storage, before.caseId, before.id);
        throw err;
      });
      // Deleted while its new file arrived: the file goes too.
      if (!stored) {
        await storage.removeDocument(before.caseId, before.id);
        throw new AppError('not_found', 'Document not found');
      }
      await commitStagedSource(storage, before.caseId, before.id);
      await queueNewSource(deps, before);
      return documentById(db, before.id);
    });
  });
}
