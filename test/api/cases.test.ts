import { asc, eq } from 'drizzle-orm';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documents, indexItems, links } from '../../src/server/db/schema.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';

describe('cases', () => {
  let t: TestApp;
  let cookie: string;
  let email: string;
  let userId: string;
  const num = (s: string) => `${s}-${Math.random().toString(36).slice(2, 8)}`;
  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie }, payload });

  beforeAll(async () => {
    t = await startTestApp();
    const s = await signUp(t.app);
    cookie = s.cookie;
    email = s.account.email;
    userId = s.id;
  });
  afterAll(async () => t?.close());

  it('creates a case with the spec defaults, trimming number and title', async () => {
    const caseNumber = num('CV 2024/07');
    const before = Date.now();
    const res = await create({ caseNumber: `  ${caseNumber} `, title: '  Smith v. Jones  ' });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      caseNumber,
      title: 'Smith v. Jones',
      status: 'active',
      plaintiff: 'To be determined',
      defendant: 'To be determined',
      autoAdvance: true,
      // authorities are not looked for unless the case asks (today's output)
      authorities: 'off',
      toaTarget: 'first-citation',
    });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    const filed = Date.parse(c.filingDate);
    expect(filed).toBeGreaterThanOrEqual(before - 1000);
    expect(filed).toBeLessThanOrEqual(Date.now() + 1000);
    expect(c.createdAt).toBe(c.filingDate);
    expect(c.storagePath).toBe(`cases/${filed}-${caseNumber.replace(/[^A-Za-z0-9]/g, '-')}`);
    expect(c.storagePath).toMatch(/^cases\/\d{13}-CV-2024-07-[a-z0-9]+$/);
  });

  it('keeps the values given for optional fields', async () => {
    const res = await create({
      caseNumber: num('A'),
      title: 'Given fields',
      plaintiff: 'Acme Ltd',
      defendant: 'Roe',
      status: 'closed',
      autoAdvance: false,
      filingDate: '2024-03-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ plaintiff: 'Acme Ltd', defendant: 'Roe', status: 'closed', autoAdvance: false, filingDate: '2024-03-01T00:00:00.000Z' });
  });

  it('requires caseNumber and title (400 naming the field), blank after trimming included', async () => {
    for (const [payload, field] of [
      [{ title: 'No number' }, 'caseNumber'],
      [{ caseNumber: '   ', title: 'Blank number' }, 'caseNumber'],
      [{ caseNumber: num('B') }, 'title'],
      [{ caseNumber: num('B'), title: ' \t ' }, 'title'],
      [{ caseNumber: num('B'), title: 'x', autoAdvance: 'yes' }, 'autoAdvance'],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', field });
      expect(res.json().message).toContain(field);
    }
  });

  it('answers malformed JSON with a 400 in the API error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"caseNumber": "X", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', message: expect.any(String) });
  });

  it('refuses a duplicate case number with 409 and the reason the UI shows', async () => {
    const caseNumber = num('DUP');
    expect((await create({ caseNumber, title: 'First' })).statusCode).toBe(201);
    const again = await create({ caseNumber: ` ${caseNumber} `, title: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: `Case number ${caseNumber} already exists`, field: 'caseNumber' });
    const other = (await create({ caseNumber: num('OTHER'), title: 'Other' })).json();
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/cases/${other.id}`, headers: { cookie }, payload: { caseNumber } });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().message).toBe(`Case number ${caseNumber} already exists`);
  });

  it('lists cases newest first and reads one; unknown or malformed ids are 404 / 400', async () => {
    const a = (await create({ caseNumber: num('L1'), title: 'Older' })).json();
    const b = (await create({ caseNumber: num('L2'), title: 'Newer' })).json();
    const list = await t.app.inject({ url: '/api/cases', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((c: { id: string }) => c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const one = await t.app.inject({ url: `/api/cases/${a.id}`, headers: { cookie } });
    expect(one.json()).toEqual(a);
    const missing = await t.app.inject({ url: '/api/cases/00000000-0000-4000-8000-000000000000', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'Case not found' });
    const bad = await t.app.inject({ url: '/api/cases/not-an-id', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('gives the workflow progress of a case as recorded (steps with something recorded), signed-in only', async () => {
    const c = (await create({ caseNumber: num('P'), title: 'Progress' })).json();
    const res = await t.app.inject({ url: `/api/cases/${c.id}/progress`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ steps: [{ id: 1, status: 'done', total: 1, done: 1, completedAt: c.createdAt }] });
    await t.database.db.insert(documents).values({ caseId: c.id, title: 'Read', originalName: 'r.pdf', status: 'completed', ocrStatus: 'completed', ocrTotal: 7, ocrDone: 7, pageCount: 7 });
    const after = (await t.app.inject({ url: `/api/cases/${c.id}/progress`, headers: { cookie } })).json();
    expect(after.steps.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([[1, 'done'], [2, 'done'], [3, 'done']]);
    expect(after.steps[2]).toMatchObject({ total: 7, done: 7 });
    expect((await t.app.inject({ url: `/api/cases/${c.id}/progress` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/cases/00000000-0000-4000-8000-000000000000/progress', headers: { cookie } })).statusCode).toBe(404);
  });

  it('updates fields, trimming them, and audits the change with before and after', async () => {
    const c = (await create({ caseNumber: num('U'), title: 'Before' })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/cases/${c.id}`,
      headers: { cookie },
      payload: { title: '  After  ', plaintiff: 'Acme', autoAdvance: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, caseNumber: c.caseNumber, title: 'After', plaintiff: 'Acme', autoAdvance: false, storagePath: c.storagePath });
    const blank = await t.app.inject({ method: 'PATCH', url: `/api/cases/${c.id}`, headers: { cookie }, payload: { title: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().field).toBe('title');

    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, c.id)).orderBy(asc(auditEvents.id));
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    const [created, updated] = events;
    expect(created).toMatchObject({ userId, actor: email, entity: 'case', before: null });
    expect(created!.after).toMatchObject({ title: 'Before' });
    expect(updated!.before).toMatchObject({ title: 'Before', plaintiff: 'To be determined', autoAdvance: true });
    expect(updated!.after).toMatchObject({ title: 'After', plaintiff: 'Acme', autoAdvance: false });
    expect(Date.now() - updated!.at.getTime()).toBeLessThan(60_000);
  });

  it('deletes a case with its documents, index items, links, files and outputs, and audits it', async () => {
    const c = (await create({ caseNumber: num('DEL'), title: 'To delete' })).json();
    const keep = (await create({ caseNumber: num('KEEP'), title: 'Untouched' })).json();
    const [doc] = await t.database.db
      .insert(documents)
      .values({ caseId: c.id, title: 'Brief', originalName: 'brief.pdf', fileSize: 5 })
      .returning();
    const [item] = await t.database.db
      .insert(indexItems)
      .values({ documentId: doc!.id, ordinal: 1, label: '1', type: 'tab', text: 'Affidavit', page: 2 })
      .returning();
    await t.database.db.insert(links).values({ srcDocId: doc!.id, indexItemId: item!.id, srcPage: 2, targetPage: 14, confidence: '0.97' });
    const [keptDoc] = await t.database.db.insert(documents).values({ caseId: keep.id, title: 'Other', originalName: 'o.pdf' }).returning();
    const source = t.storage.documentFile(c.id, doc!.id, 'source.pdf');
    const output = t.storage.documentFile(c.id, doc!.id, 'Master.linked.pdf');
    await t.storage.writeAtomic(source, Buffer.from('%PDF-1.7\n'));
    await t.storage.writeAtomic(output, Buffer.from('%PDF-1.7\n'));
    const keptFile = t.storage.documentFile(keep.id, keptDoc!.id, 'source.pdf');
    await t.storage.writeAtomic(keptFile, Buffer.from('%PDF-1.7\n'));

    const res = await t.app.inject({ method: 'DELETE', url: `/api/cases/${c.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.app.inject({ url: `/api/cases/${c.id}`, headers: { cookie } })).statusCode).toBe(404);
    // In the Trash: nothing is gone yet. "Delete now" (an administrator, from the Trash) removes it all.
    expect(existsSync(source)).toBe(true);
    const now = await t.app.inject({ method: 'DELETE', url: `/api/trash/${c.id}`, headers: { cookie } });
    expect(now.statusCode, now.body).toBe(204);
    expect(await t.database.db.select().from(documents).where(eq(documents.caseId, c.id))).toEqual([]);
    expect(await t.database.db.select().from(indexItems).where(eq(indexItems.documentId, doc!.id))).toEqual([]);
    expect(await t.database.db.select().from(links).where(eq(links.srcDocId, doc!.id))).toEqual([]);
    expect(existsSync(source)).toBe(false);
    expect(existsSync(output)).toBe(false);
    expect(existsSync(t.storage.caseDir(c.id))).toBe(false);
    expect(existsSync(keptFile)).toBe(true);
    expect(await t.database.db.select().from(documents).where(eq(documents.caseId, keep.id))).toHaveLength(1);

    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, c.id)).orderBy(asc(auditEvents.id)).offset(2);
    expect(event).toMatchObject({ action: 'delete', entity: 'case', userId, after: null });
    // The deleted documents are named by id only (their titles go with them).
    expect(event!.before).toMatchObject({ caseNumber: c.caseNumber, documents: [{ id: doc!.id }] });
    expect(JSON.stringify(event!.before)).not.toContain('Brief');

    const again = await t.app.inject({ method: 'DELETE', url: `/api/cases/${c.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/${c.id}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('never builds a file path from user input: a case number with path characters stays a label', async () => {
    const c = (await create({ caseNumber: num('../../etc/passwd'), title: 'Traversal' })).json();
    expect(c.storagePath).toMatch(/^cases\/\d+-------etc-passwd-[a-z0-9]+$/);
    expect(t.storage.caseDir(c.id).endsWith(`/cases/${c.id}`)).toBe(true);
    expect(() => t.storage.caseDir('../x')).toThrow();
    mkdirSync(t.storage.caseDir(c.id), { recursive: true });
    writeFileSync(`${t.storage.caseDir(c.id)}/marker`, 'x');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/cases/${c.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/trash/${c.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect(existsSync(t.storage.caseDir(c.id))).toBe(false);
  });
});
