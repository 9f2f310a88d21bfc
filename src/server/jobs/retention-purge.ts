// Scheduled purge: documents uploaded more than RETENTION_DAYS ago go, with their files and outputs;
// then cases older than that with no document left. A document uploaded yesterday into an old case is
// kept for its full retention period, and so is its case. Cases in the Trash longer than TRASH_DAYS
// go for good. Expired sessions go too, and sign-in failure counts a day old.
import { and, eq, lt, notExists } from 'drizzle-orm';
import { forgetDocumentNames, recordAudit } from '../audit.ts';
import { purgeExpiredSessions } from '../auth/sessions.ts';
import { purgeSignInThrottle } from '../auth/sign-in-throttle.ts';
import { purgeTrash } from '../cases/trash.ts';
import { cases, documents } from '../db/schema.ts';
import type { JobContext } from './registry.ts';

export async function retentionPurge(ctx: JobContext): Promise<{ cases: number; documents: number; trash: number }> {
  const cutoff = new Date(Date.now() - ctx.config.retentionDays * 86_400_000);
  const oldDocs = await ctx.db
    .select({ id: documents.id, caseId: documents.caseId })
    .from(documents)
    .where(lt(documents.uploadedAt, cutoff));
  for (const d of oldDocs) {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(documents).where(and(eq(documents.id, d.id), eq(documents.caseId, d.caseId)));
      await recordAudit(tx, null, 'purge', 'document', d.id, { caseId: d.caseId }, null);
      await forgetDocumentNames(tx, [d.id]);
    });
    await ctx.storage.removeDocument(d.caseId, d.id);
  }
  const oldCases = await ctx.db
    .select()
    .from(cases)
    .where(
      and(
        lt(cases.createdAt, cutoff),
        notExists(ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.caseId, cases.id))),
      ),
    );
  for (const c of oldCases) {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(cases).where(eq(cases.id, c.id));
      await recordAudit(tx, null, 'purge', 'case', c.id, { caseNumber: c.caseNumber, title: c.title }, null);
    });
    await ctx.storage.removeCase(c.id);
  }
  const trash = await purgeTrash(ctx.db, ctx.storage, ctx.config.trashDays);
  await purgeExpiredSessions(ctx.db);
  await purgeSignInThrottle(ctx.db);
  const result = { cases: oldCases.length, documents: oldDocs.length, trash };
  ctx.log.info({ ...result, retentionDays: ctx.config.retentionDays }, 'retention purge done');
  return result;
}
