import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../src/server/db/schema.ts';
import { newAccount, sessionCookie, signUp, startTestApp, type TestApp } from './support/app.ts';

describe('local accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('register signs the user in with an HttpOnly, SameSite=Lax session cookie (not Secure over http)', async () => {
    const account = newAccount();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { ...account, email: `  ${account.email.toUpperCase()} ` } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: account.email, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null });
    const cookie = res.cookies.find((c) => c.name === 'brieflink_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe('/');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(account.email);
  });

  it('stores only a hash of the session token', async () => {
    const { cookie, id } = await signUp(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sets the Secure flag when APP_URL is https', async () => {
    const secure = await startTestApp({ env: { APP_URL: 'https://briefs.example.com' } });
    try {
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: newAccount() });
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((c) => c.name === 'brieflink_session')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('login with the right password signs in; a wrong password or unknown email is refused alike', async () => {
    const { account } = await signUp(t.app);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email: account.email, password: account.password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(account.email);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(ok) } });
    expect(me.statusCode).toBe(200);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email: account.email, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'unauthorized', message: 'Invalid email or password' });
    expect(wrong.cookies.find((c) => c.name === 'brieflink_session')).toBeUndefined();
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email: 'nobody@example.com', password: 'whatever-it-is' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('creates no second account for the same email and refuses a short password (400 naming the field)', async () => {
    const { account, id } = await signUp(t.app);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { ...newAccount(), email: account.email.toUpperCase() } });
    expect(again.statusCode).toBe(401);
    const rows = await t.database.db.select().from(users).where(eq(users.email, account.email));
    expect(rows.map((r) => r.id)).toEqual([id]);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { ...newAccount(), password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('password');
  });

  it('logout ends the session in the database and clears the cookie, then redirects to /', async () => {
    const { cookie, id } = await signUp(t.app);
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    const cleared = out.cookies.find((c) => c.name === 'brieflink_session')!;
    expect(cleared.value).toBe('');
    const after = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['register', 'logout']));
  });

  it('GET /api/login sends the browser to the sign-in screen in local mode; /api/auth/config says local', async () => {
    const res = await t.app.inject('/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signin');
    const cfg = await t.app.inject('/api/auth/config');
    expect(cfg.json()).toEqual({ mode: 'local', maxUploadMb: 500, retentionDays: 90, trashDays: 14, publicHost: null, appUrl: null });
  });

  it('rate-limits sign-in attempts from one client address: the 11th within a minute gets 429', async () => {
    const limited = await startTestApp();
    try {
      // A different account each time: the limit per client address, not the one per account.
      const payload = { email: 'someone@example.com', password: 'guessing-password' };
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const each = { ...payload, email: `someone${i}@example.com` };
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: each })).statusCode);
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(codes[10]).toBe(429);
      const last = await limited.app.inject({ method: 'POST', url: '/api/auth/local/login', payload });
      expect(last.json()).toMatchObject({ error: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });

  it('refuses state-changing requests from another origin (403) and accepts its own', async () => {
    const { cookie } = await signUp(t.app);
    const body = { caseNumber: `O-${Date.now()}`, title: 'Origin check' };
    const foreign = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie, origin: 'https://evil.example', host: 'localhost:5000' }, payload: body });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('forbidden');
    const nullOrigin = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie, origin: 'null', host: 'localhost:5000' }, payload: body });
    expect(nullOrigin.statusCode).toBe(403);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie, 'sec-fetch-site': 'cross-site', host: 'localhost:5000' }, payload: body });
    expect(crossSite.statusCode).toBe(403);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', headers: { origin: 'https://evil.example', host: 'localhost:5000' }, payload: { email: 'a@example.com', password: 'x' } });
    expect(login.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie, origin: 'http://localhost:5000', host: 'localhost:5000' }, payload: body });
    expect(own.statusCode).toBe(201);
  });

  it('accepts the APP_URL origin behind a proxy that rewrites Host', async () => {
    const proxied = await startTestApp({ env: { APP_URL: 'https://briefs.example.com' } });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        headers: { origin: 'https://briefs.example.com', host: '10.0.0.5:5000' },
        payload: newAccount(),
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('answers 401 on every /api route except the public ones when signed out', async () => {
    const publicRoutes = t.app.routeTable.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/auth/config',
        'GET /api/auth/invitation',
        'GET /api/auth/user',
        'GET /api/callback',
        'GET /api/health',
        'GET /api/login',
        'GET /api/logout',
        'GET /api/ready',
        'POST /api/auth/local/login',
        'POST /api/auth/local/register',
      ].sort(),
    );
    const protectedRoutes = t.app.routeTable.filter((r) => !r.public && r.url.startsWith('/api'));
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(5);
    for (const r of protectedRoutes) {
      const url = r.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({ method: r.method as 'GET', url, payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error).toBe('unauthorized');
    }
    const me = await t.app.inject('/api/auth/user');
    expect(me.statusCode).toBe(401);
    const bogus = await t.app.inject({ url: '/api/cases', headers: { cookie: 'brieflink_session=forged-token' } });
    expect(bogus.statusCode).toBe(401);
  });
});

describe('ALLOWED_EMAIL_DOMAINS (local accounts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ALLOWED_EMAIL_DOMAINS: 'firm.example, partner.example', REGISTRATION: 'invitation' } });
  });
  afterAll(async () => t?.close());

  it('lets allowed domains register and refuses others with 403 and a clear message', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: newAccount('partner.example') });
    expect(ok.statusCode).toBe(201);
    const no = await t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: newAccount('gmail.com') });
    expect(no.statusCode).toBe(403);
    expect(no.json().message).toBe(
      'Creating an account here needs an invitation from a member of your firm, or an email address at firm.example, partner.example.',
    );
    expect(no.cookies.find((c) => c.name === 'brieflink_session')).toBeUndefined();
  });

  it('refuses sign-in to an existing account whose domain is no longer allowed', async () => {
    const open = await startTestApp();
    try {
      const { account } = await signUp(open.app, 'gmail.com');
      const restricted = await startTestApp({ env: { ALLOWED_EMAIL_DOMAINS: 'firm.example' }, databaseUrl: open.config.databaseUrl });
      try {
        const res = await restricted.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email: account.email, password: account.password } });
        expect(res.statusCode).toBe(403);
      } finally {
        await restricted.close();
      }
    } finally {
      await open.close();
    }
  });
});
