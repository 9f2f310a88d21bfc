// Document memory: titles, file numbers and aliases used before, suggested as the user types.
import { desc, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentMemoryBody, type DocumentMemoryEntry } from '../../contract/documents.ts';
import { recordAudit } from '../audit.ts';
import { requireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { documentMemory } from '../db/schema.ts';
import { parseInput } from '../errors.ts';

const suggestionQuery = z.object({ q: z.string().max(300).optional() });

const entryJson = (r: typeof documentMemory.$inferSelect): DocumentMemoryEntry => ({
  id: r.id,
  documentName: r.documentName,
  fileNumber: r.fileNumber,
  alias: r.alias,
  usageCount: r.usageCount,
});

export function documentMemoryRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/document-memory/suggestions', async (req) => {
    const q = parseInput(suggestionQuery, req.query).q?.trim() ?? '';
    if (q.length < 2) return [];
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await db
      .select()
      .from(documentMemory)
      .where(or(ilike(documentMemory.documentName, pattern), ilike(documentMemory.alias, pattern), ilike(documentMemory.fileNumber, pattern)))
      .orderBy(desc(documentMemory.usageCount), desc(documentMemory.updatedAt))
      .limit(10);
    return rows.map(entryJson);
  });

  // Remembers an entry, or counts one more use of it.
  app.post('/api/document-memory', async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(documentMemoryBody, req.body);
    const [row] = await db
      .insert(documentMemory)
      .values({ documentName: body.documentName, fileNumber: body.fileNumber ?? '', alias: body.alias ?? '' })
      .onConflictDoUpdate({
        target: [documentMemory.documentName, documentMemory.fileNumber, documentMemory.alias],
        set: { usageCount: sql`${documentMemory.usageCount} + 1`, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(db, user, row!.usageCount === 1 ? 'create' : 'use', 'document-memory', row!.id, null, entryJson(row!));
    return reply.code(row!.usageCount === 1 ? 201 : 200).send(entryJson(row!));
  });
}
