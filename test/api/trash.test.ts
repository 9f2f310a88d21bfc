// Deleting a case moves it to the Trash: hidden from every list and route, its documents' jobs stopped;
// an administrator sees the Trash, restores a case (its jobs then go on) or deletes it now; after
// TRASH_DAYS the scheduled purge deletes it for good. Members may move a case to the Trash only.
import { existsSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, cases, documents, links } from '../../src/server/db/schema.ts';
import { retentionPurge } from '../../src/server/jobs/retention-purge.ts';
import { createLogger } from '../../src/server/logger.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { createCase, getDocument, upload, waitForDocument } from './support/documents.ts';

const get = (app: FastifyInstance, cookie: string, url: string) => app.inject({ url, headers: { cookie } });

describe('the Trash', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRASH_DAYS: '14' } });
    admin = await signUp(t.app);
    member = await signUp(t.app);
  });
  afterAll(async () => t?.close());

  async function caseWithDocument(title = 'Brief in the matter') {
    const caseId = await createCase(t.app, member.cookie);
    const [doc] = await t.database.db.insert(documents).values({ caseId, title, originalName: 'brief.pdf', status: 'completed' }).returning();
    const file = t.storage.documentFile(caseId, doc!.id, 'source.pdf');
    await t.storage.writeAtomic(file, Buffer.from('%PDF-1.7\n'));
    return { caseId, docId: doc!.id, file };
  }

  it('a member moves a case to the Trash: it is hidden from lists and every route naming it or its documents', async () => {
    const { caseId, docId, file } = await caseWithDocument();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/cases/${caseId}`, headers: { cookie: member.cookie } });
    expect(del.statusCode, del.body).toBe(204);
    const list = (await get(t.app, member.cookie, '/api/cases')).json() as { id: string }[];
    expect(list.map((c) => c.id)).not.toContain(caseId);
    for (const url of [
      `/api/cases/${caseId}`,
      `/api/cases/${caseId}/progress`,
      `/api/cases/${caseId}/documents`,
      `/api/cases/${caseId}/links`,
      `/api/cases/${caseId}/workspace`,
      `/api/documents/${docId}`,
      `/api/documents/${docId}/download`,
      `/api/documents/${docId}/index-items`,
    ]) {
      const res = await get(t.app, admin.cookie, url);
      expect(res.statusCode, url).toBe(404);
    }
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/cases/${caseId}`, headers: { cookie: admin.cookie }, payload: { title: 'x' } });
    expect(patch.statusCode).toBe(404);
    const docPatch = await t.app.inject({ method: 'PATCH', url: `/api/documents/${docId}`, headers: { cookie: admin.cookie }, payload: { title: 'x' } });
    expect(docPatch.statusCode).toBe(404);
    const [link] = await t.database.db.insert(links).values({ srcDocId: docId, srcPage: 1, targetPage: 2, confidence: '0.9' }).returning();
    const linkPut = await t.app.inject({ method: 'PUT', url: `/api/links/${link!.id}`, headers: { cookie: admin.cookie }, payload: { targetPage: 3 } });
    expect(linkPut.statusCode).toBe(404);
    expect(((await get(t.app, admin.cookie, '/api/links')).json() as { id: string }[]).map((l) => l.id)).not.toContain(link!.id);
    for (const url of ['/api/documents/process-hyperlinks', '/api/documents/start-hyperlinking']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload: { documentIds: [docId] } });
      expect(res.statusCode, url).toBe(404);
    }
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/documents/submit-to-court',
      headers: { cookie: admin.cookie },
      payload: { documentIds: [docId], courtInfo: { court: 'Court of Appeal' } },
    });
    expect(submit.statusCode).toBe(404);
    const recent = (await get(t.app, admin.cookie, '/api/status/recent-docs')).json() as { id: string }[];
    expect(JSON.stringify(recent)).not.toContain(docId);
    // Nothing is gone yet.
    expect(existsSync(file)).toBe(true);
    const [event] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, caseId), eq(auditEvents.action, 'trash')));
    expect(event).toMatchObject({ userId: member.id, entity: 'case' });
  });

  it('only an administrator sees the Trash, restores from it, or deletes now', async () => {
    const { caseId } = await caseWithDocument();
    await t.app.inject({ method: 'DELETE', url: `/api/cases/${caseId}`, headers: { cookie: member.cookie } });
    for (const res of [
      await get(t.app, member.cookie, '/api/trash'),
      await t.app.inject({ method: 'POST', url: `/api/trash/${caseId}/restore`, headers: { cookie: member.cookie } }),
      await t.app.inject({ method: 'DELETE', url: `/api/trash/${caseId}`, headers: { cookie: member.cookie } }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/trash/not-an-id/restore', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
    const trash = (await get(t.app, admin.cookie, '/api/trash')).json();
    expect(trash.trashDays).toBe(14);
    const entry = trash.cases.find((c: { id: string }) => c.id === caseId);
    expect(entry).toMatchObject({ deletedBy: { id: member.id, name: 'Ada Lovelace' }, documentCount: 1 });
    expect((Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)) / 86_400_000).toBeCloseTo(14, 5);
  });

  it('an administrator restores a case: it and its documents are back, and the audit says who did what', async () => {
    const { caseId, docId } = await caseWithDocument();
    await t.app.inject({ method: 'DELETE', url: `/api/cases/${caseId}`, headers: { cookie: member.cookie } });
    const restored = await t.app.inject({ method: 'POST', url: `/api/trash/${caseId}/restore`, headers: { cookie: admin.cookie } });
    expect(restored.statusCode, restored.body).toBe(204);
    expect((await get(t.app, member.cookie, `/api/cases/${caseId}`)).statusCode).toBe(200);
    expect((await get(t.app, member.cookie, `/api/documents/${docId}`)).statusCode).toBe(200);
    expect(((await get(t.app, admin.cookie, '/api/trash')).json().cases as { id: string }[]).map((c) => c.id)).not.toContain(caseId);
    expect((await t.app.inject({ method: 'POST', url: `/api/trash/${caseId}/restore`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, caseId));
    expect(events.map((e) => [e.action, e.userId])).toEqual([
      ['create', member.id],
      ['trash', member.id],
      ['restore', admin.id],
    ]);
  });

  it('a case in the Trash keeps its number: a new case with it is refused, saying where it is', async () => {
    const caseNumber = `TR-${Date.now()}`;
    const caseId = await createCase(t.app, member.cookie, caseNumber);
    await t.app.inject({ method: 'DELETE', url: `/api/cases/${caseId}`, headers: { cookie: member.cookie } });
    const res = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie: member.cookie }, payload: { caseNumber, title: 'Again' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Case number ${caseNumber} belongs to a case in the Trash. An administrator can restore it, or delete it for good to reuse the number.`,
    );
  });

  it(`"Delete now" removes the case, its documents and files at once; the purge does so after TRASH_DAYS`, async () => {
    const now = await caseWithDocument('Now-Secret-Title');
    await t.app.inject({ method: 'DELETE', url: `/api/cases/${now.caseId}`, headers: { cookie: member.cookie } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/${now.caseId}`, headers: { cookie: admin.cookie } })).statusCode).toBe(204);
    expect(existsSync(now.file)).toBe(false);
    expect(await t.database.db.select().from(cases).where(eq(cases.id, now.caseId))).toEqual([]);
    expect(JSON.stringify(await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, now.docId)))).not.toContain('Now-Secret-Title');

    const old = await caseWithDocument();
    const recent = await caseWithDocument();
    for (const c of [old, recent]) await t.app.inject({ method: 'DELETE', url: `/api/cases/${c.caseId}`, headers: { cookie: member.cookie } });
    await t.database.db.update(cases).set({ deletedAt: new Date(Date.now() - 15 * 86_400_000) }).where(eq(cases.id, old.caseId));
    await t.database.db.update(cases).set({ deletedAt: new Date(Date.now() - 13 * 86_400_000) }).where(eq(cases.id, recent.caseId));
    const result = await retentionPurge({ db: t.database.db, storage: t.storage, config: t.config, log: createLogger('silent') });
    expect(result.trash).toBe(1);
    expect(await t.database.db.select().from(cases).where(eq(cases.id, old.caseId))).toEqual([]);
    expect(existsSync(old.file)).toBe(false);
    expect(await t.database.db.select().from(cases).where(eq(cases.id, recent.caseId))).toHaveLength(1);
    expect(existsSync(recent.file)).toBe(true);
    const [purge] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, old.caseId), eq(auditEvents.action, 'purge')));
    expect(purge).toMatchObject({ userId: null, before: { from: 'trash' } });
  });
});

describe('the sample case in the Trash', () => {
  it('counts as missing on the Hyperlinks page, and asking for the sample again makes a fresh one', async () => {
    const t = await startTestApp();
    try {
      const { cookie } = await signUp(t.app);
      const first = await t.app.inject({ method: 'POST', url: '/api/sample-case', headers: { cookie }, payload: { size: 'small' } });
      expect(first.statusCode, first.body).toBe(202);
      const oldId = first.json().caseId as string;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/cases/${oldId}`, headers: { cookie } })).statusCode).toBe(204);
      expect((await get(t.app, cookie, '/api/deterministic-status')).json()).toMatchObject({ status: 'missing' });
      const again = await t.app.inject({ method: 'POST', url: '/api/sample-case', headers: { cookie }, payload: { size: 'small' } });
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json().caseId).not.toBe(oldId);
      expect(await t.database.db.select().from(cases).where(eq(cases.id, oldId))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe("a case in the Trash: its documents' jobs stop, and go on once it is restored", () => {
  let session: CaseSession;
  beforeAll(async () => {
    session = await openCaseSession({ env: { JOB_STALE_SECONDS: '5' } });
  });
  afterAll(async () => session?.close());

  it('stops processing mid-way; after restore the document is processed to the end', async () => {
    const { t, cookie, caseId } = session;
    const { brief } = await loadFixture('brief-400');
    const doc = (await upload(t.app, cookie, caseId, brief)).json();
    const until = Date.now() + 30_000;
    while (!(await getDocument(t.app, cookie, doc.id)).pageCount) {
      if (Date.now() > until) throw new Error('processing did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/cases/${caseId}`, headers: { cookie } })).statusCode).toBe(204);
    const active = async () => Number((await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where state = 'active'`)).rows[0]!.n);
    const end = Date.now() + 60_000;
    while ((await active()) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(await active()).toBe(0);
    // Longer than the stale-job sweep takes to notice: nothing takes it up while in the Trash.
    await new Promise((r) => setTimeout(r, 7_000));
    const [stopped] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(stopped!.status).toBe('processing');
    expect(stopped!.indexStatus).not.toBe('ok');
    expect(await active()).toBe(0);

    expect((await t.app.inject({ method: 'POST', url: `/api/trash/${caseId}/restore`, headers: { cookie } })).statusCode).toBe(204);
    const done = await waitForDocument(t.app, cookie, doc.id, (d) => d.status === 'completed', 120_000);
    expect(done.status).toBe('completed');
  });
});
