// The firm's first account, made before any test signs up: it is the administrator (the first account
// of a firm is), so the tests of what administrators do sign in as it (helpers.ts signInAsAdmin).
import { request } from '@playwright/test';
import { ADMIN, BASE_URL } from './helpers.ts';

export default async function globalSetup(): Promise<void> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } });
  try {
    const res = await api.post('/api/auth/local/register', { data: ADMIN });
    if (res.status() >= 300) throw new Error(`the administrator account was not created: ${res.status()} ${await res.text()}`);
    const me = await (await api.get('/api/auth/user')).json();
    if (me.role !== 'admin') throw new Error('another account was created first: the e2e server must start with an empty database');
  } finally {
    await api.dispose();
  }
}
