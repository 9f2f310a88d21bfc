import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, sessionCookie, startTestApp, type TestApp } from './support/app.ts';

describe('logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { LOG_LEVEL: 'trace' } });
  });
  afterAll(async () => t?.close());

  it('never contain passwords, session tokens, cookies or Authorization headers', async () => {
    const account = newAccount();
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: account });
    expect(reg.statusCode).toBe(201);
    const token = sessionCookie(reg).split('=')[1]!;
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email: account.email, password: account.password } });
    const token2 = sessionCookie(login).split('=')[1]!;
    await t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { email: account.email, password: `${account.password}-wrong` } });
    await t.app.inject({ url: '/api/cases', headers: { cookie: `brieflink_session=${token}`, authorization: 'Bearer sekret-bearer-value' } });
    await t.app.inject({ url: '/api/callback?code=sekret-auth-code&state=sekret-state' });
    // Logged objects that carry secrets are redacted too, not only requests.
    t.app.log.info({ password: 'direct-password-value', headers: { cookie: 'c=direct-cookie' }, user: { password: 'nested-password-value' } }, 'probe');

    const logs = t.logs();
    expect(logs).toContain('incoming request'); // the capture works and requests are logged
    expect(logs).toContain('probe');
    for (const secret of [
      account.password,
      token,
      token2,
      'sekret-bearer-value',
      'sekret-auth-code',
      'sekret-state',
      'direct-password-value',
      'direct-cookie',
      'nested-password-value',
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
    expect(logs).toContain('[redacted]');
  });
});
