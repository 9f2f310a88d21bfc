// The limit per account on password guesses: guesses from many client addresses count against the
// one account; after the free failures every attempt (the right password too) is answered 429 with
// Retry-After until the delay is over; the delay doubles and is capped; a success starts afresh;
// another account is unaffected; the count lives in PostgreSQL, so a second server instance sees it.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, signInThrottle } from '../../src/server/db/schema.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';

// A first wait of 3 s (long enough for the 40 guesses below to fall inside it on a slow machine), 6 s at most.
const env = { SIGN_IN_FREE_FAILURES: '5', SIGN_IN_DELAY_SECONDS: '3', SIGN_IN_MAX_DELAY_SECONDS: '6' };
// The limit per client address is not what these tests are about.
const rateLimits = { loginPerMinute: 100_000, registerPerHour: 100_000 };
const addresses = Array.from({ length: 20 }, (_, i) => `203.0.113.${i + 1}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const login = (app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email, password }, remoteAddress });

describe('sign-in throttle per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env, rateLimits });
  });
  afterAll(async () => t?.close());

  it('guesses from 20 addresses: 5 are checked, the rest get 429; the right password waits too; then it works', async () => {
    const victim = await signUp(t.app);
    const bystander = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      codes.push((await login(t.app, victim.account.email, `Guess-number-${i}-x`, addresses[i % 20])).statusCode);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(codes.slice(5)).toEqual(Array(35).fill(429));

    const paused = await login(t.app, victim.account.email, 'Another-guess-77', addresses[3]);
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(3);
    expect(paused.json().error).toBe('rate_limited');
    expect(paused.json().message).toMatch(/^Too many failed sign-ins for this account\. To keep it safe, sign-in is paused for it: try again in \d seconds?\.$/);

    const right = await login(t.app, victim.account.email, victim.account.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: 'rate_limited', message: expect.stringMatching(/^Too many failed sign-ins for this account\./) });
    expect(right.headers['retry-after']).toBeDefined();
    expect(right.cookies.find((c) => c.name === 'brieflink_session')).toBeUndefined();

    // Another account is not affected, from the same addresses.
    expect((await login(t.app, bystander.account.email, bystander.account.password, addresses[0])).statusCode).toBe(200);
    expect((await login(t.app, bystander.account.email, 'Wrong-but-checked-1', addresses[0])).statusCode).toBe(401);

    await sleep(Number(right.headers['retry-after']) * 1000 + 200);
    const after = await login(t.app, victim.account.email, victim.account.password);
    expect(after.statusCode, after.body).toBe(200);
    // A success starts afresh: the next wrong password is checked and refused as wrong, not paused.
    expect((await login(t.app, victim.account.email, 'Wrong-again-123')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(signInThrottle).where(eq(signInThrottle.email, victim.account.email));
    expect(row).toMatchObject({ failures: 1, lockedUntil: null });

    const throttled = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login-failed'), eq(auditEvents.entityId, victim.id)));
    expect(throttled.filter((r) => (r.after as { reason: string }).reason === 'throttled').length).toBeGreaterThanOrEqual(36);
    expect(JSON.stringify(throttled)).not.toContain(victim.account.password);
  });

  it('guesses sent all at once cannot slip past the limit: exactly 5 passwords are checked', async () => {
    const victim = await signUp(t.app);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t.app, victim.account.email, `Burst-guess-${i}-zz`, addresses[i % 20])),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
  });

  it('the delay doubles with each further failure, up to the cap', async () => {
    const victim = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await login(t.app, victim.account.email, `Wrong-${i}-abcdef`)).statusCode).toBe(401);
    const first = await login(t.app, victim.account.email, 'Wrong-5-abcdef');
    expect(first.headers['retry-after']).toBe('3');
    await sleep(3100);
    expect((await login(t.app, victim.account.email, 'Wrong-6-abcdef')).statusCode).toBe(401); // counted: 6 failures
    const second = await login(t.app, victim.account.email, 'Wrong-7-abcdef');
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(5); // 6 s, less the time since
    await sleep(6100);
    expect((await login(t.app, victim.account.email, 'Wrong-8-abcdef')).statusCode).toBe(401); // 7 failures: 12 s, capped at 6
    const third = await login(t.app, victim.account.email, 'Wrong-9-abcdef');
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(5);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(6);
  });

  it('an address with no account is paused alike, so a pause tells nothing about accounts', async () => {
    const ghost = `nobody.${Date.now()}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login(t.app, ghost, `Ghost-guess-${i}-q`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('sign-up with an existing address is a password check too, and is throttled with sign-in', async () => {
    const victim = await signUp(t.app);
    for (let i = 0; i < 5; i++) await login(t.app, victim.account.email, `Wrong-${i}-register`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      payload: { ...victim.account, firstName: 'Eve', lastName: 'Guesser' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('the count is kept in PostgreSQL: a second server instance on the same database sees the pause', async () => {
    const other = await startTestApp({ env, rateLimits, databaseUrl: t.config.databaseUrl });
    try {
      const victim = await signUp(t.app);
      for (let i = 0; i < 5; i++) await login(t.app, victim.account.email, `Wrong-${i}-instances`);
      const elsewhere = await login(other.app, victim.account.email, victim.account.password);
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
