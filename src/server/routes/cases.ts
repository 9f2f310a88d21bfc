// Cases: list, create, read, update, delete. Every change is audited. Deleting a case moves it to the
// Trash (any member); administrators list the Trash, restore a case from it, or delete one for good at
// once, which removes its documents (database cascade) and its files and outputs (cases/trash.ts).
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createCaseBody, updateCaseBody } from '../../contract/cases.ts';
import { recordAudit } from '../audit.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { deleteCaseNow, listTrash, moveCaseToTrash, restoreCase } from '../cases/trash.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { cases } from '../db/schema.ts';
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

const live = isNull(cases.deletedAt);

/** The 409 of a case number in use; a case in the Trash still holds its number, and is named as such. */
async function duplicate(db: Db, caseNumber: string): Promise<AppError> {
  const [held] = await db.select({ deletedAt: cases.deletedAt }).from(cases).where(eq(cases.caseNumber, caseNumber)).limit(1);
  if (held?.deletedAt) {
    return new AppError(
      'conflict',
      `Case number ${caseNumber} belongs to a case in the Trash. An administrator can restore it, or delete it for good to reuse the number.`,
      'caseNumber',
    );
  }
  return new AppError('conflict', `Case number ${caseNumber} already exists`, 'caseNumber');
}

export function caseRoutes(app: FastifyInstance, db: Db, storage: Storage, config: Config): void {
  app.get('/api/cases', async () => {
    const rows = await db.select().from(cases).where(live).orderBy(desc(cases.createdAt));
    return rows.map(caseJson);
  });

  app.get('/api/cases/:id', async (req) => {
    const { id } = parseInput(idParams, req.params);
    const [row] = await db.select().from(cases).where(and(eq(cases.id, id), live)).limit(1);
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
            authorities: body.authorities ?? 'off',
            toaTarget: body.toaTarget ?? 'first-citation',
            courtProfile: body.courtProfile ?? null,
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
      if (isUniqueViolation(err)) throw await duplicate(db, body.caseNumber);
      throw err;
    }
  });

  app.patch('/api/cases/:id', async (req) => {
    const user = requireUser(req);
    const { id } = parseInput(idParams, req.params);
    const body = parseInput(updateCaseBody, req.body);
    try {
      return await db.transaction(async (tx) => {
        const [before] = await tx.select().from(cases).where(and(eq(cases.id, id), live)).for('update');
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
            ...(body.authorities !== undefined && { authorities: body.authorities }),
            ...(body.toaTarget !== undefined && { toaTarget: body.toaTarget }),
            ...(body.courtProfile !== undefined && { courtProfile: body.courtProfile }),
            updatedAt: new Date(),
          })
          .where(eq(cases.id, id))
          .returning();
        await recordAudit(tx, user, 'update', 'case', id, caseJson(before), caseJson(after!));
        return caseJson(after!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw await duplicate(db, body.caseNumber ?? '');
      throw err;
    }
  });

  // Any member: the case goes to the Trash, where an administrator can restore it.
  app.delete('/api/cases/:id', async (req, reply) => {
    const user = requireUser(req);
    const { id } = parseInput(idParams, req.params);
    await moveCaseToTrash(db, user, id);
    return reply.code(204).send();
  });

  app.get('/api/trash', async (req) => {
    requireAdmin(req);
    return listTrash(db, config.trashDays);
  });

  app.post('/api/trash/:id/restore', async (req, reply) => {
    const admin = requireAdmin(req);
    const { id } = parseInput(idParams, req.params);
    await restoreCase(db, admin, id);
    return reply.code(204).send();
  });

  // "Delete now": for good, at once, with its files (a retention rule may require it).
  app.delete('/api/trash/:id', async (req, reply) => {
    const admin = requireAdmin(req);
    const { id } = parseInput(idParams, req.params);
    await deleteCaseNow(db, storage, admin, id, 'delete');
    return reply.code(204).send();
  });
}
