// The job queue on the application database: queues and the retention schedule exist after start-up,
// several processes can start together, and the retention purge removes old cases and documents
// with their files while keeping recent ones.
import { eq, inArray } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStartupLock } from '../../src/server/db/client.ts';
import { auditEvents, cases, documents, sessions } from '../../src/server/db/schema.ts';
import { startQueue } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/logger.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RETENTION_DAYS: '30' } });
  });
  afterAll(async () => t?.close());

  it('creates every registered queue and schedules the daily retention purge', async () => {
    const queue = await t.queue.boss.getQueue('retention-purge');
    expect(queue).toMatchObject({ name: 'retention-purge', policy: 'singleton' });
    const schedules = await t.queue.boss.getSchedules();
    expect(schedules).toEqual([expect.objectContaining({ name: 'retention-purge', cron: '17 3 * * *', timezone: 'UTC' })]);
  });

  it('lets several processes start on one database at once (queue creation serialised)', async () => {
    const ctx = { db: t.database.db, storage: t.storage, config: t.config, log: createLogger('silent') };
    const url = t.config.databaseUrl!;
    const queues = await Promise.all(
      [1, 2, 3].map(() => startQueue(url, ctx, false, (fn) => withStartupLock(t.database, fn))),
    );
    for (const q of queues) expect(await q.state()).toBe('running');
    await Promise.all(queues.map((q) => q.stop()));
  });

  it('purges documents older than RETENTION_DAYS with their files, then old cases left empty, and expired sessions, through a real worker', async () => {
    const db = t.database.db;
    const [oldCase, recentCase, oldActiveCase] = await db
      .insert(cases)
      .values([
        { caseNumber: 'OLD-1', title: 'Old', storagePath: 'cases/1-OLD-1', createdAt: daysAgo(31) },
        { caseNumber: 'NEW-1', title: 'Recent', storagePath: 'cases/2-NEW-1', createdAt: daysAgo(29) },
        { caseNumber: 'OLD-2', title: 'Old, still in use', storagePath: 'cases/3-OLD-2', createdAt: daysAgo(60) },
      ])
      .returning();
    const [oldCaseDoc, oldDoc, newDoc, newDocInOldCase] = await db
      .insert(documents)
      .values([
        { caseId: oldCase!.id, title: 'Old, in old case', originalName: 'a.pdf', uploadedAt: daysAgo(35) },
        { caseId: recentCase!.id, title: 'Old document', originalName: 'b.pdf', uploadedAt: daysAgo(40) },
        { caseId: recentCase!.id, title: 'New document', originalName: 'c.pdf', uploadedAt: daysAgo(2) },
        { caseId: oldActiveCase!.id, title: 'Uploaded yesterday', originalName: 'd.pdf', uploadedAt: daysAgo(1) },
      ])
      .returning();
    const file = (caseId: string, docId: string) => t.storage.documentFile(caseId, docId, 'source.pdf');
    for (const [c, d] of [
      [oldCase!, oldCaseDoc!],
      [recentCase!, oldDoc!],
      [recentCase!, newDoc!],
      [oldActiveCase!, newDocInOldCase!],
    ] as const) {
      await t.storage.writeAtomic(file(c.id, d.id), Buffer.from('%PDF-1.7\n'));
    }

    const { id: userId, cookie } = await signUp(t.app);
    const expired = await signUp(t.app);
    await db.update(sessions).set({ expiresAt: daysAgo(1) }).where(eq(sessions.userId, expired.id));

    const worker = await startQueue(
      t.config.databaseUrl!,
      { db, storage: t.storage, config: t.config, log: createLogger('silent') },
      true,
    );
    try {
      const jobId = await worker.send('retention-purge', {});
      expect(jobId).toBeTruthy();
      let state = '';
      for (let i = 0; i < 100 && state !== 'completed' && state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        state = (await worker.boss.getJobById('retention-purge', jobId!))?.state ?? '';
      }
      expect(state).toBe('completed');
    } finally {
      await worker.stop();
    }

    const remainingCases = await db
      .select({ id: cases.id })
      .from(cases)
      .where(inArray(cases.id, [oldCase!.id, recentCase!.id, oldActiveCase!.id]));
    expect(remainingCases.map((c) => c.id).sort()).toEqual([recentCase!.id, oldActiveCase!.id].sort());
    expect(existsSync(file(oldActiveCase!.id, newDocInOldCase!.id))).toBe(true);
    const remainingDocs = await db.select({ id: documents.id }).from(documents).where(eq(documents.caseId, recentCase!.id));
    expect(remainingDocs.map((d) => d.id)).toEqual([newDoc!.id]);
    expect(existsSync(t.storage.caseDir(oldCase!.id))).toBe(false);
    expect(existsSync(file(recentCase!.id, oldDoc!.id))).toBe(false);
    expect(existsSync(file(recentCase!.id, newDoc!.id))).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.userId, expired.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const purged = await db.select().from(auditEvents).where(eq(auditEvents.action, 'purge'));
    expect(purged.map((e) => `${e.entity}:${e.entityId}`).sort()).toEqual(
      [`case:${oldCase!.id}`, `document:${oldCaseDoc!.id}`, `document:${oldDoc!.id}`].sort(),
    );
  });
});
