// OpenID Connect sign-in against a real provider: authorization code + PKCE + state + nonce, identity
// from the ID token, ALLOWED_EMAIL_DOMAINS at the callback.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/server/db/schema.ts';
import { freePort } from '../../src/server/db/embedded.ts';
import { newAccount, startTestApp, type TestApp } from './support/app.ts';
import { browse, CookieJar, startProvider, type TestProvider } from './support/oidc.ts';

describe('OpenID Connect sign-in', () => {
  let provider: TestProvider;
  let open: TestApp;
  let restricted: TestApp;
  let openBase: string;
  let restrictedBase: string;
  const ada = { sub: 'acct-ada', email: 'Ada.Lovelace@Example.com', given_name: 'Ada', family_name: 'Lovelace' };

  beforeAll(async () => {
    const [providerPort, openPort, restrictedPort] = [await freePort(), await freePort(), await freePort()];
    openBase = `http://127.0.0.1:${openPort}`;
    restrictedBase = `http://127.0.0.1:${restrictedPort}`;
    provider = await startProvider(providerPort, 'brieflink', 'test-client-secret', [`${openBase}/api/callback`, `${restrictedBase}/api/callback`]);
    const oidcEnv = { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'brieflink', OIDC_CLIENT_SECRET: 'test-client-secret' };
    open = await startTestApp({ env: { ...oidcEnv, APP_URL: openBase, REGISTRATION: 'invitation' } });
    restricted = await startTestApp({ env: { ...oidcEnv, APP_URL: restrictedBase, ALLOWED_EMAIL_DOMAINS: 'firm.example', REGISTRATION: 'invitation' } });
    await open.app.listen({ port: openPort, host: '127.0.0.1' });
    await restricted.app.listen({ port: restrictedPort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await open?.close();
    await restricted?.close();
    await provider?.close();
  });

  it('says the mode is oidc and refuses local accounts', async () => {
    expect((await open.app.inject('/api/auth/config')).json().mode).toBe('oidc');
    const reg = await open.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: newAccount() });
    expect(reg.statusCode).toBe(403);
  });

  it('GET /api/login redirects to the provider with PKCE (S256), state and nonce', async () => {
    const res = await fetch(`${openBase}/api/login`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.protocol}//${to.host}`).toBe(provider.issuer);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('client_id')).toBe('brieflink');
    expect(to.searchParams.get('redirect_uri')).toBe(`${openBase}/api/callback`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('scope')).toBe('openid email profile');
  });

  it('signs the user in through the full code flow; /api/auth/user has the email and name from the ID token', async () => {
    provider.signInAs(ada);
    const jar = new CookieJar();
    const { visited } = await browse(`${openBase}/api/login`, jar);
    expect(visited.some((u) => u.startsWith(`${provider.issuer}/auth`))).toBe(true);
    expect(visited.some((u) => u.startsWith(`${openBase}/api/callback?`))).toBe(true);
    expect(visited.at(-1)).toBe(`${openBase}/`);
    expect(jar.get('brieflink_session')).toBeTruthy();
    const me = await fetch(`${openBase}/api/auth/user`, { headers: { cookie: jar.header() } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const cases = await fetch(`${openBase}/api/cases`, { headers: { cookie: jar.header() } });
    expect(cases.status).toBe(200);

    // Signing in again finds the same account (matched by issuer and subject), updated from the new token.
    provider.signInAs({ ...ada, family_name: 'King' });
    const jar2 = new CookieJar();
    await browse(`${openBase}/api/login`, jar2);
    const me2 = await (await fetch(`${openBase}/api/auth/user`, { headers: { cookie: jar2.header() } })).json();
    const me1 = await (await fetch(`${openBase}/api/auth/user`, { headers: { cookie: jar.header() } })).json();
    expect(me2.id).toBe(me1.id);
    expect(me2.lastName).toBe('King');
  });

  it('refuses a first sign-in from an unknown email with a clear page; an invitation for that email lets it in', async () => {
    provider.signInAs(ada); // the first account of this deployment (or already a member)
    const adaJar = new CookieJar();
    await browse(`${openBase}/api/login`, adaJar);
    expect(adaJar.get('brieflink_session')).toBeTruthy();

    const bob = { sub: 'acct-bob', email: 'bob@counsel.example', given_name: 'Bob', family_name: 'Hart' };
    provider.signInAs(bob);
    const refusedJar = new CookieJar();
    const { res } = await browse(`${openBase}/api/login`, refusedJar);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('<h1>You cannot sign in here yet</h1>');
    expect(page).toContain('needs an invitation from a member of your firm');
    expect(refusedJar.get('brieflink_session')).toBeUndefined();
    const audited = await open.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'login-failed'));
    expect(audited.map((r) => r.after)).toContainEqual(expect.objectContaining({ email: bob.email, method: 'oidc', reason: 'not-allowed', ip: '127.0.0.1' }));
    const refusal = await open.app.inject({ url: '/api/people', headers: { cookie: adaJar.header() } });
    expect(refusal.json().members.some((m: { email: string }) => m.email === bob.email)).toBe(false);

    const invited = await fetch(`${openBase}/api/invitations`, {
      method: 'POST',
      headers: { cookie: adaJar.header(), 'content-type': 'application/json', origin: openBase },
      body: JSON.stringify({ email: bob.email }),
    });
    expect(invited.status).toBe(201);
    const bobJar = new CookieJar();
    const { visited } = await browse(`${openBase}/api/login`, bobJar);
    expect(visited.at(-1)).toBe(`${openBase}/`);
    const me = await (await fetch(`${openBase}/api/auth/user`, { headers: { cookie: bobJar.header() } })).json();
    expect(me.email).toBe(bob.email);
    // The first account through the provider is the firm's administrator; the invited one a member.
    expect(me.role).toBe('member');
    const ada1 = await (await fetch(`${openBase}/api/auth/user`, { headers: { cookie: adaJar.header() } })).json();
    expect(ada1.role).toBe('admin');
    const people = (await open.app.inject({ url: '/api/people', headers: { cookie: adaJar.header() } })).json();
    expect(people.members.find((m: { email: string }) => m.email === bob.email)).toMatchObject({ joinedVia: 'invitation', invitedBy: { name: 'Ada Lovelace' } });
    expect(people.invitations.find((i: { email: string }) => i.email === bob.email).status).toBe('accepted');
  });

  it('refuses a callback whose state does not match the one this browser started with', async () => {
    provider.signInAs(ada);
    const jar = new CookieJar();
    const login = await fetch(`${openBase}/api/login`, { redirect: 'manual' });
    jar.store(login);
    // Another browser's sign-in: its callback URL (code + state) replayed into the first browser.
    const attacker = new CookieJar();
    const start = await fetch(`${openBase}/api/login`, { redirect: 'manual' });
    attacker.store(start);
    let next = start.headers.get('location')!;
    let callback = '';
    for (let i = 0; i < 10 && !callback; i++) {
      const r = await fetch(next, { redirect: 'manual', headers: { cookie: attacker.header() } });
      attacker.store(r);
      next = new URL(r.headers.get('location')!, next).href;
      if (next.startsWith(`${openBase}/api/callback`)) callback = next;
    }
    expect(callback).toContain('code=');
    const res = await fetch(callback, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('brieflink_session=') && !c.startsWith('brieflink_session=;'))).toBe(false);
  });

  it('applies ALLOWED_EMAIL_DOMAINS at the callback: 403 with a clear page and no session', async () => {
    provider.signInAs({ sub: 'acct-eve', email: 'eve@example.com', given_name: 'Eve', family_name: 'Doe' });
    const jar = new CookieJar();
    const { res, visited } = await browse(`${restrictedBase}/api/login`, jar);
    expect(visited.at(-1)).toMatch(new RegExp(`^${restrictedBase}/api/callback\\?`));
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('firm.example');
    expect(jar.get('brieflink_session')).toBeUndefined();

    provider.signInAs({ sub: 'acct-fay', email: 'fay@firm.example', given_name: 'Fay', family_name: 'Roe' });
    const ok = new CookieJar();
    await browse(`${restrictedBase}/api/login`, ok);
    const me = await fetch(`${restrictedBase}/api/auth/user`, { headers: { cookie: ok.header() } });
    expect((await me.json()).email).toBe('fay@firm.example');
  });

  it('does not let an email the provider has not verified pass ALLOWED_EMAIL_DOMAINS', async () => {
    provider.signInAs({ sub: 'acct-mal', email: 'mallory@firm.example', given_name: 'Mal', family_name: 'Lory', email_verified: false });
    const jar = new CookieJar();
    const { res } = await browse(`${restrictedBase}/api/login`, jar);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('firm.example');
    expect(jar.get('brieflink_session')).toBeUndefined();
  });
});
