// Who may have an account: the first freely, then by invitation or allowed domain; open sign-up only
// with REGISTRATION=open. Registration does not tell whether an address has an account; common
// passwords are refused; a cross-site sign-out is ignored; refused sign-ins are audited.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invitations, users } from '../../src/server/db/schema.ts';
import { newAccount, sessionCookie, signUp, startTestApp, type TestApp } from './support/app.ts';

const register = (app: FastifyInstance, payload: object) => app.inject({ method: 'POST', url: '/api/auth/local/register', payload });
const tokenOf = (link: string) => new URL(link).searchParams.get('invite')!;

async function invite(app: FastifyInstance, cookie: string, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/invitations', headers: { cookie }, payload: { email } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; email: string; link: string; expiresAt: string; createdAt: string; status: string };
}

describe('registration by invitation (the default)', () => {
  let t: TestApp;
  let founder: { cookie: string; id: string; account: ReturnType<typeof newAccount> };
  beforeAll(async () => {
    t = await startTestApp({ env: { REGISTRATION: 'invitation' } });
    founder = await signUp(t.app);
  });
  afterAll(async () => t?.close());

  it('lets the first account in, then refuses a stranger alike whether or not the address has an account', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, founder.id));
    expect(row!.joinedVia).toBe('first');
    const stranger = await register(t.app, newAccount());
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      'Creating an account here needs an invitation from a member of your firm. Ask a colleague who uses Brieflink to invite you.',
    );
    expect(stranger.cookies.find((c) => c.name === 'brieflink_session')).toBeUndefined();
    const existing = await register(t.app, { ...newAccount(), email: founder.account.email });
    expect(existing.statusCode).toBe(stranger.statusCode);
    expect(existing.json()).toEqual(stranger.json());
  });

  it('a member invites an email; the one-time link creates that account once, and People shows who invited whom', async () => {
    const guest = newAccount('counsel.example');
    const created = await invite(t.app, founder.cookie, guest.email.toUpperCase());
    expect(created.email).toBe(guest.email);
    expect(created.status).toBe('pending');
    expect(created.link).toMatch(/^http:\/\/localhost(:\d+)?\/signup\?invite=[\w-]{43}$/);
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const token = tokenOf(created.link);
    const [stored] = await t.database.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(stored!.tokenHash).not.toContain(token);

    const preview = await t.app.inject({ url: `/api/auth/invitation?token=${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email: guest.email, invitedBy: 'Ada Lovelace' });

    const otherEmail = await register(t.app, { ...newAccount(), invite: token });
    expect(otherEmail.statusCode).toBe(403);
    expect(otherEmail.json().message).toBe(`This invitation is for ${guest.email}. Sign up with that address.`);

    const joined = await register(t.app, { ...guest, invite: token });
    expect(joined.statusCode, joined.body).toBe(201);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(joined) } });
    expect(me.json().email).toBe(guest.email);

    const again = await register(t.app, { ...newAccount(), email: `x${guest.email}`, invite: token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('already been used');
    expect((await t.app.inject({ url: `/api/auth/invitation?token=${token}` })).statusCode).toBe(404);

    const people = await t.app.inject({ url: '/api/people', headers: { cookie: sessionCookie(joined) } });
    expect(people.statusCode).toBe(200);
    const { members, invitations: list } = people.json();
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: guest.email, joinedVia: 'invitation', invitedBy: { id: founder.id, name: 'Ada Lovelace' } }),
        expect.objectContaining({ id: founder.id, joinedVia: 'first', invitedBy: null }),
      ]),
    );
    expect(list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: created.id, status: 'accepted', invitedBy: { id: founder.id, name: 'Ada Lovelace' } })]),
    );
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('a revoked or expired invitation no longer creates an account, with a message that says so', async () => {
    const revokedFor = newAccount('counsel.example');
    const revoked = await invite(t.app, founder.cookie, revokedFor.email);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/invitations/${revoked.id}`, headers: { cookie: founder.cookie } });
    expect(del.statusCode).toBe(204);
    const refused = await register(t.app, { ...revokedFor, invite: tokenOf(revoked.link) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toContain('withdrawn');

    const lateFor = newAccount('counsel.example');
    const late = await invite(t.app, founder.cookie, lateFor.email);
    await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, late.id));
    const expired = await register(t.app, { ...lateFor, invite: tokenOf(late.link) });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toContain('expired');

    const list = (await t.app.inject({ url: '/api/people', headers: { cookie: founder.cookie } })).json().invitations;
    expect(list.find((i: { id: string }) => i.id === revoked.id).status).toBe('revoked');
    expect(list.find((i: { id: string }) => i.id === late.id).status).toBe('expired');
    const rows = await t.database.db.select().from(users).where(eq(users.email, revokedFor.email));
    expect(rows).toHaveLength(0);
  });

  it('refuses to invite an address that already has an account, and a signed-out visitor cannot invite', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/invitations', headers: { cookie: founder.cookie }, payload: { email: founder.account.email } });
    expect(res.statusCode).toBe(409);
    const anon = await t.app.inject({ method: 'POST', url: '/api/invitations', payload: { email: 'someone@example.org' } });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject('/api/people')).statusCode).toBe(401);
  });

  it('refuses short, all-blank and common passwords (any case) naming the password field', async () => {
    const guest = newAccount('counsel.example');
    const token = tokenOf((await invite(t.app, founder.cookie, guest.email)).link);
    for (const password of ['short', ' '.repeat(12), '  123456789  ', 'password123', 'QWERTYUIOP', '1234567890', 'Password1234']) {
      const res = await register(t.app, { ...guest, password, invite: token });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().field, password).toBe('password');
    }
    expect((await register(t.app, { ...guest, password: 'QWERTYUIOP' })).json().message).toBe(
      'This password is one of the most common passwords and easy to guess; choose another',
    );
    const ok = await register(t.app, { ...guest, password: 'Tab 7 of the record', invite: token });
    expect(ok.statusCode).toBe(201);
  });

  it('judges a password on its visible characters and refuses repeats, sequences and the email, at invitation sign-up', async () => {
    const guest = newAccount('counsel.example');
    const token = tokenOf((await invite(t.app, founder.cookie, guest.email)).link);
    const local = guest.email.slice(0, guest.email.indexOf('@'));
    const cases: [string, RegExp][] = [
      ['\u200B'.repeat(10), /at least 10 visible characters/],
      ['\u00AD'.repeat(10), /at least 10 visible characters/],
      ['Tab\u200B\u200B\u200B\u200B\u200B\u200B\u200B7', /at least 10 visible characters/],
      ['aaaaaaaaab', /repeats itself too much/],
      ['12345678901', /simple sequence/],
      [guest.email, /made from your email address/],
      [`${local}!`, /made from your email address/],
      ['pass\u200Bword123', /most common passwords/],
    ];
    for (const [password, message] of cases) {
      const res = await register(t.app, { ...guest, password, invite: token });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json().field).toBe('password');
      expect(res.json().message, JSON.stringify(password)).toMatch(message);
    }
    const ok = await register(t.app, { ...guest, password: 'Brass lantern under the pier', invite: token });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('registration does not tell whether an address has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REGISTRATION: 'open' } });
  });
  afterAll(async () => t?.close());

  it('answers an existing address like a sign-in: its password signs in, another is refused like a wrong password', async () => {
    const { account, id } = await signUp(t.app);
    const again = await register(t.app, { ...newAccount(), email: account.email });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'unauthorized', message: 'Invalid email or password' });
    expect(again.body).not.toMatch(/exist|already/i);
    const wrongLogin = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email: 'nobody@example.com', password: 'whatever-it-is' } });
    expect(again.json()).toEqual(wrongLogin.json());

    const same = await register(t.app, account);
    expect(same.statusCode).toBe(201);
    expect(same.json().id).toBe(id);
    expect(Object.keys(same.json()).sort()).toEqual(Object.keys((await register(t.app, newAccount())).json()).sort());
  });

  it('takes about as long for an existing address as for a new one (one password hash each)', async () => {
    const { account } = await signUp(t.app);
    const time = async (payload: object) => {
      const start = performance.now();
      await register(t.app, payload);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const existing: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      existing.push(await time({ ...newAccount(), email: account.email }));
      fresh.push(await time(newAccount()));
    }
    const ratio = median(existing) / median(fresh);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});

describe('ALLOWED_EMAIL_DOMAINS and REGISTRATION=open', () => {
  it('an address at an allowed domain needs no invitation; others do', async () => {
    const t = await startTestApp({ env: { REGISTRATION: 'invitation', ALLOWED_EMAIL_DOMAINS: 'firm.example' } });
    try {
      expect((await register(t.app, newAccount('firm.example'))).statusCode).toBe(201);
      const colleague = await register(t.app, newAccount('firm.example'));
      expect(colleague.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, colleague.json().id));
      expect(row!.joinedVia).toBe('domain');
      const outsider = await register(t.app, newAccount('gmail.com'));
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().message).toContain('firm.example');
    } finally {
      await t.close();
    }
  });

  it('REGISTRATION=open lets anyone create an account', async () => {
    const t = await startTestApp({ env: { REGISTRATION: 'open' } });
    try {
      await signUp(t.app);
      const second = await register(t.app, newAccount('anywhere.example'));
      expect(second.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('sign-out and refused sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('a cross-site GET /api/logout does not sign the user out; one from the app itself does', async () => {
    const { cookie } = await signUp(t.app);
    const host = 'localhost:5000';
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
    ]) {
      const res = await t.app.inject({ url: '/api/logout', headers: { cookie, host, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('You are still signed in');
      expect(res.cookies.find((c) => c.name === 'brieflink_session')).toBeUndefined();
      expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    }
    const own = await t.app.inject({ url: '/api/logout', headers: { cookie, host, 'sec-fetch-site': 'same-origin', referer: `http://${host}/` } });
    expect(own.statusCode).toBe(302);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('audits every refused sign-in with the address, client address, browser and time, never the password', async () => {
    const { account, id } = await signUp(t.app);
    const before = new Date();
    const wrongPassword = 'Wrong-password-7731';
    const headers = { 'user-agent': 'ProbeBrowser/1.0' };
    await t.app.inject({ method: 'POST', url: '/api/auth/local/login', headers, payload: { email: account.email, password: wrongPassword } });
    await t.app.inject({ method: 'POST', url: '/api/auth/local/login', headers, payload: { email: 'ghost@example.com', password: wrongPassword } });
    const rows = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'login-failed')));
    expect(rows).toHaveLength(2);
    const [known, unknown] = [rows.find((r) => r.entityId === id)!, rows.find((r) => r.entityId === null)!];
    expect(known.after).toMatchObject({ email: account.email, reason: 'wrong-password', method: 'password', ip: '127.0.0.1', userAgent: 'ProbeBrowser/1.0' });
    expect(unknown.after).toMatchObject({ email: 'ghost@example.com', reason: 'unknown-email', ip: '127.0.0.1' });
    for (const r of rows) {
      expect(r.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(JSON.stringify(r)).not.toContain(wrongPassword);
    }
  });
});
