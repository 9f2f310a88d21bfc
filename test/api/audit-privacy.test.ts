// A document purged or deleted on request leaves audit rows that keep who, what, when and the ids, but
// no longer its title or file name. Database errors are logged with their statement, never parameters.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documents, sessions } from '../../src/server/db/schema.ts';
import { retentionPurge } from '../../src/server/jobs/retention-purge.ts';
import { createLogger } from '../../src/server/logger.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, upload } from './support/documents.ts';

describe('audit rows of a document that is gone', () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await startTestApp();
    ({ cookie, id: userId } = await signUp(t.app));
    pdf = (await loadFixture('lettered-tabs')).brief;
  });
  afterAll(async () => t?.close());

  const rowsOf = (ids: string[]) => t.database.db.select().from(auditEvents).where(inArray(auditEvents.entityId, ids));

  async function namedDocument(caseId: string, name: string): Promise<string> {
    const res = await upload(t.app, cookie, caseId, pdf, `${name}.pdf`, { title: `${name} title` });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/documents/${id}`, headers: { cookie }, payload: { title: `${name} renamed` } });
    expect(patch.statusCode, patch.body).toBe(200);
    const rows = await rowsOf([id]);
    expect(JSON.stringify(rows)).toContain(name); // named while it exists
    return id;
  }

  function expectForgotten(rows: (typeof auditEvents.$inferSelect)[], name: string, actions: string[]) {
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(actions));
    expect(JSON.stringify(rows)).not.toContain(name);
    for (const r of rows) {
      expect(r.entityId).toBeTruthy();
      expect(r.at).toBeInstanceOf(Date);
    }
  }

  it('deleting a document on request', async () => {
    const caseId = await createCase(t.app, cookie);
    const id = await namedDocument(caseId, 'Merger-Secret-Alpha');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: { cookie } });
    expect(del.statusCode).toBe(204);
    const rows = await rowsOf([id]);
    expectForgotten(rows, 'Merger-Secret-Alpha', ['upload', 'update', 'delete']);
    expect(rows.find((r) => r.action === 'delete')).toMatchObject({ userId, before: expect.objectContaining({ id, caseId }) });
    expect(rows.find((r) => r.action === 'upload')!.after).toMatchObject({ caseId, sha256: expect.any(String) });
  });

  it('deleting the case that holds it', async () => {
    const caseId = await createCase(t.app, cookie);
    const id = await namedDocument(caseId, 'Merger-Secret-Beta');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/cases/${caseId}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/${caseId}`, headers: { cookie } })).statusCode).toBe(204);
    expectForgotten(await rowsOf([id, caseId]), 'Merger-Secret-Beta', ['upload', 'update', 'delete']);
  });

  it('the retention purge', async () => {
    const caseId = await createCase(t.app, cookie);
    const id = await namedDocument(caseId, 'Merger-Secret-Gamma');
    const kept = await namedDocument(caseId, 'Merger-Secret-Kept');
    await t.database.db.update(documents).set({ uploadedAt: new Date(Date.now() - 400 * 86_400_000) }).where(eq(documents.id, id));
    await retentionPurge({ db: t.database.db, storage: t.storage, config: t.config, log: createLogger('silent') });
    const rows = await rowsOf([id]);
    expectForgotten(rows, 'Merger-Secret-Gamma', ['upload', 'update', 'purge']);
    expect(JSON.stringify(await rowsOf([kept]))).toContain('Merger-Secret-Kept');
  });
});

describe('database errors in the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('show the statement and the error code, never the parameters or the values PostgreSQL quotes back', async () => {
    const { id } = await signUp(t.app);
    const secretHash = 'f'.repeat(40) + 'c0ffee5ecret';
    const row = { tokenHash: secretHash, userId: id, expiresAt: new Date(Date.now() + 60_000) };
    await t.database.db.insert(sessions).values(row);
    const duplicate = await t.database.db.insert(sessions).values(row).catch((e: unknown) => e);
    const badUuid = await t.database.db.select().from(sessions).where(eq(sessions.userId, 'not-a-uuid-9f8e7d')).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(badUuid).toBeInstanceOf(Error);
    expect(String((duplicate as Error).message)).toContain(secretHash); // what the driver hands over
    t.app.log.error({ err: duplicate }, 'request failed');
    t.app.log.error({ err: badUuid }, 'request failed');
    const logs = t.logs();
    expect(logs).toContain('insert into \\"sessions\\"');
    expect(logs).toContain('23505');
    expect(logs).toContain('sessions_token_hash_key');
    expect(logs).toContain('22P02');
    expect(logs).not.toContain('c0ffee5ecret');
    expect(logs).not.toContain('not-a-uuid-9f8e7d');
  });
});
