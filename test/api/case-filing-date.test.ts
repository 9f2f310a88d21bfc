// A filing date the database cannot store (year 0) is a 400 naming filingDate, not a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from './support/app.ts';

describe('case filing date', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 400 for a year outside what can be stored, and keeps a real date', async () => {
    const { cookie } = await signUp(t.app);
    for (const filingDate of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie }, payload: { caseNumber: `FD-${filingDate}`, title: 'A v. B', filingDate } });
      expect(res.statusCode, filingDate).toBe(400);
      expect(res.json().field).toBe('filingDate');
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie }, payload: { caseNumber: 'FD-ok', title: 'A v. B', filingDate: '2024-03-01T00:00:00Z' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().filingDate).toBe('2024-03-01T00:00:00.000Z');
  });
});
