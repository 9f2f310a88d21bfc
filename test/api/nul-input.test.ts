// Text a client sends with a NUL character (which PostgreSQL cannot store) is a 400 naming the
// field, never a 500: case fields, document fields, link notes, and an uploaded file's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, upload } from './support/documents.ts';

describe('NUL characters in input', () => {
  let t: TestApp;
  let cookie: string;
  let caseId: string;
  beforeAll(async () => {
    t = await startTestApp();
    cookie = (await signUp(t.app)).cookie;
    caseId = await createCase(t.app, cookie);
  });
  afterAll(async () => t?.close());

  it('answers 400 naming the field for a JSON body', async () => {
    const create = await t.app.inject({ method: 'POST', url: '/api/cases', headers: { cookie }, payload: { caseNumber: 'CV-\u0000-1', title: 'A v. B' } });
    expect(create.statusCode).toBe(400);
    expect(create.json().field).toBe('caseNumber');
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/cases/${caseId}`, headers: { cookie }, payload: { title: 'A\u0000' } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().field).toBe('title');
    const memory = await t.app.inject({ method: 'POST', url: '/api/document-memory', headers: { cookie }, payload: { documentName: 'Factum\u0000' } });
    expect(memory.statusCode).toBe(400);
  });

  it('stores an uploaded file whose name holds a NUL without it', async () => {
    const { brief } = await loadFixture('lettered-tabs');
    const res = await upload(t.app, cookie, caseId, brief, 'brief\u0000one.pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json().originalName).not.toContain('\u0000');
  });
});
