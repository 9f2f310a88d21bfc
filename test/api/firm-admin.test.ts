// A firm's accounts: the first account is the administrator; administrators invite, remove and change
// the role of members, never leaving the firm without one; removing a member or changing a password
// ends sessions; everyone can change their own password and sign out everywhere. All audited.
import { readdirSync, readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../src/server/db/schema.ts';
import { newAccount, sessionCookie, signUp, startTestApp, type TestApp } from './support/app.ts';

const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/auth/user', headers: { cookie } });
const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email, password } });
const setRole = (app: FastifyInstance, cookie: string, id: string, role: string) =>
  app.inject({ method: 'PATCH', url: `/api/people/${id}`, headers: { cookie }, payload: { role } });
const remove = (app: FastifyInstance, cookie: string, id: string) => app.inject({ method: 'DELETE', url: `/api/people/${id}`, headers: { cookie } });
const changePassword = (app: FastifyInstance, cookie: string, currentPassword: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie }, payload: { currentPassword, newPassword } });

describe("a firm's administrators and members", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t.app);
  });
  afterAll(async () => t?.close());

  it('the first account is the administrator; later ones are members, and People shows the roles', async () => {
    expect((await me(t.app, admin.cookie)).json().role).toBe('admin');
    const member = await signUp(t.app);
    expect((await me(t.app, member.cookie)).json().role).toBe('member');
    const people = (await t.app.inject({ url: '/api/people', headers: { cookie: member.cookie } })).json();
    expect(people.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: admin.id, role: 'admin' }), expect.objectContaining({ id: member.id, role: 'member' })]),
    );
  });

  it('a member may not invite, revoke, change roles or remove anyone (403 with a sentence)', async () => {
    const member = await signUp(t.app);
    const other = await signUp(t.app);
    const invited = await t.app.inject({ method: 'POST', url: '/api/invitations', headers: { cookie: admin.cookie }, payload: { email: `x${Date.now()}@counsel.example` } });
    expect(invited.statusCode).toBe(201);
    for (const res of [
      await t.app.inject({ method: 'POST', url: '/api/invitations', headers: { cookie: member.cookie }, payload: { email: 'someone@counsel.example' } }),
      await t.app.inject({ method: 'DELETE', url: `/api/invitations/${invited.json().id}`, headers: { cookie: member.cookie } }),
      await setRole(t.app, member.cookie, member.id, 'admin'),
      await setRole(t.app, member.cookie, admin.id, 'member'),
      await remove(t.app, member.cookie, other.id),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Only an administrator of your firm can do this. Ask one of them on the People page.');
    }
    expect((await me(t.app, other.cookie)).statusCode).toBe(200);
  });

  it('an administrator makes a member an administrator and back; input is validated', async () => {
    const member = await signUp(t.app);
    expect((await setRole(t.app, admin.cookie, member.id, 'owner')).statusCode).toBe(400);
    expect((await setRole(t.app, admin.cookie, 'not-an-id', 'admin')).statusCode).toBe(400);
    expect((await setRole(t.app, admin.cookie, '00000000-0000-4000-8000-000000000000', 'admin')).statusCode).toBe(404);
    const promoted = await setRole(t.app, admin.cookie, member.id, 'admin');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ id: member.id, role: 'admin' });
    // Takes effect at once, on the member's existing session.
    expect((await me(t.app, member.cookie)).json().role).toBe('admin');
    const invite = await t.app.inject({ method: 'POST', url: '/api/invitations', headers: { cookie: member.cookie }, payload: { email: `y${Date.now()}@counsel.example` } });
    expect(invite.statusCode).toBe(201);
    expect((await setRole(t.app, admin.cookie, member.id, 'member')).statusCode).toBe(200);
    expect((await me(t.app, member.cookie)).json().role).toBe('member');
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'change-role'), eq(auditEvents.entityId, member.id)));
    expect(audit.map((a) => [(a.before as { role: string }).role, (a.after as { role: string }).role])).toEqual([
      ['member', 'admin'],
      ['admin', 'member'],
    ]);
    expect(audit[0]!.actor).toBe(admin.account.email);
  });

  it('never demotes or removes the last administrator, even when two try at once', async () => {
    const t2 = await startTestApp();
    try {
      const first = await signUp(t2.app);
      const last = await setRole(t2.app, first.cookie, first.id, 'member');
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe('The firm needs at least one administrator. Make someone else an administrator first.');
      expect((await remove(t2.app, first.cookie, first.id)).statusCode).toBe(409);

      const second = await signUp(t2.app);
      expect((await setRole(t2.app, first.cookie, second.id, 'admin')).statusCode).toBe(200);
      // Each demotes the other at the same moment: one must be refused.
      const both = await Promise.all([setRole(t2.app, first.cookie, second.id, 'member'), setRole(t2.app, second.cookie, first.id, 'member')]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [{ n }] = (await t2.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where role = 'admin'`)).rows as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      await t2.close();
    }
  });

  it('removing a member ends their sessions at once and frees their address; the audit keeps who they were', async () => {
    const member = await signUp(t.app);
    const secondDevice = sessionCookie(await login(t.app, member.account.email, member.account.password));
    expect((await me(t.app, secondDevice)).statusCode).toBe(200);
    const res = await remove(t.app, admin.cookie, member.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(t.app, member.cookie)).statusCode).toBe(401);
    expect((await me(t.app, secondDevice)).statusCode).toBe(401);
    expect((await login(t.app, member.account.email, member.account.password)).statusCode).toBe(401);
    expect((await remove(t.app, admin.cookie, member.id)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'remove'), eq(auditEvents.entityId, member.id)));
    expect(row).toMatchObject({ actor: admin.account.email, before: { email: member.account.email, role: 'member' }, after: { sessionsEnded: 2 } });
    // An administrator may leave when another remains.
    const other = await signUp(t.app);
    await setRole(t.app, admin.cookie, other.id, 'admin');
    expect((await remove(t.app, other.cookie, other.id)).statusCode).toBe(204);
    expect((await me(t.app, other.cookie)).statusCode).toBe(401);
  });
});

describe('your own account: change password, sign out everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await signUp(t.app);
  });
  afterAll(async () => t?.close());

  it('changes the password with the current one; other devices are signed out, this one stays', async () => {
    const user = await signUp(t.app);
    const laptop = sessionCookie(await login(t.app, user.account.email, user.account.password));
    const wrong = await changePassword(t.app, user.cookie, 'Not-my-password-1', 'Brass lantern under the pier');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'validation', message: 'Your current password is not right', field: 'currentPassword' });
    for (const weak of ['\u200B'.repeat(12), 'aaaaaaaaab', '12345678901', user.account.email, 'password123', user.account.password]) {
      const res = await changePassword(t.app, user.cookie, user.account.password, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().field, weak).toBe('newPassword');
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie: user.cookie }, payload: { newPassword: 'Brass lantern under the pier' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('currentPassword');

    const ok = await changePassword(t.app, user.cookie, user.account.password, 'Brass lantern under the pier');
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await me(t.app, user.cookie)).statusCode).toBe(200);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    expect((await login(t.app, user.account.email, user.account.password)).statusCode).toBe(401);
    expect((await login(t.app, user.account.email, 'Brass lantern under the pier')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'change-password'), eq(auditEvents.entityId, user.id)));
    expect(row!.after).toEqual({ otherSessionsEnded: 1 });
    expect(JSON.stringify(row)).not.toContain('Brass lantern');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'x', newPassword: 'Brass lantern 2' } })).statusCode).toBe(401);
  });

  it('guesses at the current password count against the sign-in limit', async () => {
    const user = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await changePassword(t.app, user.cookie, `Guess-${i}-abcdef`, 'Brass lantern under the pier')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login(t.app, user.account.email, user.account.password)).statusCode).toBe(429);
  });

  it('sign out everywhere ends every session, this one included', async () => {
    const user = await signUp(t.app);
    const phone = sessionCookie(await login(t.app, user.account.email, user.account.password));
    const res = await t.app.inject({ method: 'POST', url: '/api/account/sign-out-everywhere', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'brieflink_session')?.value).toBe('');
    expect((await me(t.app, user.cookie)).statusCode).toBe(401);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'logout-everywhere'), eq(auditEvents.entityId, user.id)));
    expect(row!.after).toEqual({ sessionsEnded: 2 });
  });
});

describe('the migration', () => {
  it("makes an existing firm's first account its administrator", async () => {
    const t = await startTestApp();
    try {
      const older = newAccount();
      await t.database.db.insert(users).values([
        { email: older.email, createdAt: new Date('2025-01-01T00:00:00Z') },
        { email: `later.${older.email}`, createdAt: new Date('2025-06-01T00:00:00Z') },
      ]);
      // Found by its name, whatever number it has (migrations are renumbered when branches merge).
      const folder = new URL('../../drizzle/', import.meta.url);
      const file = readdirSync(folder).find((f) => f.endsWith('_account_safety.sql'))!;
      const statement = readFileSync(new URL(file, folder), 'utf8')
        .split('--> statement-breakpoint')
        .find((s) => s.includes('UPDATE "users" SET "role"'))!;
      await t.database.pool.query(statement);
      const rows = await t.database.db.select({ email: users.email, role: users.role }).from(users);
      expect(rows).toEqual(expect.arrayContaining([{ email: older.email, role: 'admin' }, { email: `later.${older.email}`, role: 'member' }]));
    } finally {
      await t.close();
    }
  });
});
