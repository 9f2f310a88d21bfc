// The sign-in guard decides by the route a request reaches, not by how its path is spelt: a path
// with percent-encoded letters, doubled slashes or a trailing slash reaches no data signed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase } from './support/documents.ts';

describe('sign-in guard and path spellings', () => {
  let t: TestApp;
  let caseId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const { cookie } = await signUp(t.app);
    caseId = await createCase(t.app, cookie);
  });
  afterAll(async () => t?.close());

  it('answers 401 to a signed-out request whatever the spelling of its /api path', async () => {
    for (const url of ['/%61pi/cases', `/%61pi/cases/${caseId}`, '/%2561pi/cases', '/API/cases', '//api/cases', '/api/cases/', `/%61pi/cases/${caseId}/documents`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain(caseId);
    }
  });

  it('refuses a signed-out state change through an encoded path', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/%61pi/cases/${caseId}` });
    expect(res.statusCode).not.toBe(204);
  });
});
