// Cases: list, create, read, update, delete. Every change is audited; deleting a case removes its
// documents (database cascade) and its files and outputs (storage).
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createCaseBody, updateCaseBody } from '../../contract/cases.ts';
import { forgetDocumentNames, recordAudit } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { cases, documents } from '../db/schema.ts';
import { caseProgress } from '../documents/workflow-progress.ts';
import { AppError, parseInput } from '../errors.ts';
import type { Storage } from '../storage/files.ts';
import { caseJson } from './serialize.ts';

const idParams = z.object({ id: z.uuid({ error: 'id must be a case id' }) });

/** Spec §3: 'cases/' + timestamp + case number with non-alphanumerics replaced by dashes. */
export function storagePathFor(caseNumber: string, now = new Date()): string {
  return `cases/${now.getTime()}-${caseNumber.replace(/[^A-Za-z0-9]/g, '-')}`;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const duplicate = (caseNumber: string) =>
  new AppError('conflict', `Case number ${caseNumber} already exists`, 'caseNumber');

export function caseRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  app.get('/api/cases', async () => {
    const rows = await db.select().from(cases).orderBy(desc(cases.createdAt));
    return rows.map(caseJson);
  });

  app.get('/api/cases/:id', async (req) => {
    const { id } = parseInput(idParams, req.params);
    const [row] = await db.select().from(cases).where(eq(cases.id, id)).limit(1);
    if (!row) throw new AppError('not_found', 'Case not found');
    return caseJson(row);
  });

  app.get('/api/cases/:id/progress', async (req) => {
    requireUser(req);
    const { id } = parseInput(idParams, req.params);
    return caseProgress(db, id);
  });

  app.post('/api/cases', async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(createCaseBody, req.body);
    const now = new Date();
    try {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cases)
          .values({
            caseNumber: body.caseNumber,
            title: body.title,
            status: body.status ?? 'active',
            filingDate: body.filingDate ? new Date(body.filingDate) : now,
            plaintiff: body.plaintiff || 'To be determined',
            defendant: body.defendant || 'To be determined',
            autoAdvance: body.autoAdvance ?? true,
            storagePath: storagePathFor(body.caseNumber, now),
            createdBy: user.id,
            createdAt: now,
          })
          .returning();
        await recordAudit(tx, user, 'create', 'case', row!.id, null, caseJson(row!));
        return row!;
      });
      return reply.code(201).send(caseJson(created));
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(body.caseNumber);
      throw err;
    }
  });

  app.patch('/api/cases/:id', async (req) => {
    const user = requireUser(req);
    const { id } = parseInput(idParams, req.params);
    const body = parseInput(updateCaseBody, req.body);
    try {
      return await db.transaction(async (tx) => {
        const [before] = await tx.select().from(cases).where(eq(cases.id, id)).for('update');
        if (!before) throw new AppError('not_found', 'Case not found');
        const [after] = await tx
          .update(cases)
          .set({
            ...(body.caseNumber !== undefined && { caseNumber: body.caseNumber }),
            ...(body.title !== undefined && { title: body.title }),
            ...(body.status !== undefined && { status: body.status }),
            ...(body.plaintiff !== undefined && { plaintiff: body.plaintiff || 'To be determined' }),
            ...(body.defendant !== undefined && { defendant: body.defendant || 'To be determined' }),
            ...(body.filingDate !== undefined && { filingDate: new Date(body.filingDate) }),
            ...(body.autoAdvance !== undefined && { autoAdvance: body.autoAdvance }),
            updatedAt: new Date(),
          })
          .where(eq(cases.id, id))
          .returning();
        await recordAudit(tx, user, 'update', 'case', id, caseJson(before), caseJson(after!));
        return caseJson(after!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(body.caseNumber ?? '');
      throw err;
    }
  });

  app.delete('/api/cases/:id', async (req, reply) => {
    const user = requireUser(req);
    const { id } = parseInput(idParams, req.params);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(cases).where(eq(cases.id, id)).for('update');
      if (!before) throw new AppError('not_found', 'Case not found');
      const docs = await tx.select({ id: documents.id }).from(documents).where(eq(documents.caseId, id));
      await tx.delete(cases).where(eq(cases.id, id));
      await recordAudit(tx, user, 'delete', 'case', id, { ...caseJson(before), documents: docs }, null);
      await forgetDocumentNames(tx, docs.map((d) => d.id));
    });
    await storage.removeCase(id);
    return reply.code(204).send();
  });
}
