// Shutting the server down ends the progress streams still open, so a browser watching a document
// never holds the shutdown (and the database stop behind it) until the forced exit.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, upload } from './support/documents.ts';

describe('progress stream and shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('app.close() ends an open stream at once', async () => {
    const { cookie } = await signUp(t.app);
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    // No worker runs in this app: the document stays queued and its stream stays open.
    const doc = (await upload(t.app, cookie, caseId, brief)).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const ended = new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/documents/${doc.id}/stream`, headers: { cookie } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    await t.app.close();
    const text = await ended;
    expect(text).toContain('event: ocr');
    expect(Date.now() - started).toBeLessThan(3_000);
  }, 30_000);
});
