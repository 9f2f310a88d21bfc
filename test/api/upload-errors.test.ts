// Every bad upload: not a PDF, password-protected, damaged, over MAX_UPLOAD_MB (413, nothing left),
// a client that disconnects mid-upload (no document, no file), and reupload of a non-PDF.
import { count, eq } from 'drizzle-orm';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPdf } from '../../src/engine/pdf/make-text-pdf.ts';
import { loadFixture } from '../fixtures/index.ts';
import { documents } from '../../src/server/db/schema.ts';
import type { TestApp } from './support/app.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { multipart, processed, upload, waitForDocument } from './support/documents.ts';

/** Every file under a directory, recursively (empty when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('upload: bad input', () => {
  let session: CaseSession | undefined;
  let t: TestApp;
  let cookie: string;
  let caseId: string;
  let brief: Uint8Array;
  const pdf = () => brief;
  const documentCount = async () => (await t.database.db.select({ n: count() }).from(documents))[0]!.n;

  beforeAll(async () => {
    brief = (await loadFixture('ontario-brief')).brief;
    session = await openCaseSession({ env: { MAX_UPLOAD_MB: '1' } });
    ({ t, cookie, caseId } = session);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('refuses a file that is not a PDF by its content, whatever its name, and keeps nothing', async () => {
    const before = await documentCount();
    const res = await upload(t.app, cookie, caseId, Buffer.from('<html>not a pdf</html>'.repeat(100)), 'looks-like.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please select a PDF file.', field: 'file' });
    expect(await documentCount()).toBe(before);
    expect(filesUnder(t.storage.root)).toEqual([]);
  });

  it('refuses two files in one request with a clear message and keeps neither', async () => {
    const before = await documentCount();
    const one = multipart({ caseId }, { name: 'one.pdf', bytes: pdf() });
    const two = multipart({}, { name: 'two.pdf', bytes: pdf() });
    // the second file's part, under the first body's boundary
    const boundary = one.headers['content-type'].split('boundary=')[1]!;
    const otherBoundary = two.headers['content-type'].split('boundary=')[1]!;
    const secondPart = Buffer.from(two.payload.toString('latin1').replaceAll(otherBoundary, boundary), 'latin1').subarray(0, -`--${boundary}--\r\n`.length);
    const payload = Buffer.concat([one.payload.subarray(0, -`--${boundary}--\r\n`.length), secondPart, Buffer.from(`--${boundary}--\r\n`)]);
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/document', headers: { cookie, ...one.headers }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Send one PDF per upload request; each file is uploaded on its own.', field: 'file' });
    expect(await documentCount()).toBe(before);
    expect(filesUnder(t.storage.root)).toEqual([]);
  });

  it('answers 413 with a clear message above MAX_UPLOAD_MB and keeps nothing', async () => {
    const before = await documentCount();
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(Buffer.from('%PDF-1.7\n'));
    const res = await upload(t.app, cookie, caseId, big, 'big.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than the 1 MB upload limit.');
    expect(await documentCount()).toBe(before);
    expect(filesUnder(t.storage.root)).toEqual([]);
  });

  it('marks a password-protected PDF failed with its reason', async () => {
    const res = await upload(t.app, cookie, caseId, encryptPdf(pdf(), 'secret'), 'locked.pdf');
    expect(res.statusCode).toBe(201);
    const doc = await waitForDocument(t.app, cookie, res.json().id, processed);
    expect(doc).toMatchObject({ status: 'failed', ocrStatus: 'failed', index_status: 'error' });
    expect(doc.failureReason).toMatch(/password-protected/);
  });

  it('marks a damaged PDF failed with its reason, and other documents of the case are unaffected', async () => {
    const good = pdf();
    const damaged = new Uint8Array(Buffer.concat([Buffer.from(good.subarray(0, 400)), Buffer.alloc(2000, 0x41)]));
    const bad = (await upload(t.app, cookie, caseId, damaged, 'damaged.pdf')).json();
    const ok = (await upload(t.app, cookie, caseId, good, 'good.pdf')).json();
    const badDoc = await waitForDocument(t.app, cookie, bad.id, processed);
    expect(badDoc.status).toBe('failed');
    expect(badDoc.failureReason).toMatch(/damaged/i);
    const okDoc = await waitForDocument(t.app, cookie, ok.id, processed);
    expect(okDoc).toMatchObject({ status: 'completed', index_status: 'ok' });
  });

  it('leaves no document and no file when the client disconnects mid-upload', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const before = await documentCount();
    const body = multipart({ caseId }, { name: 'half.pdf', bytes: new Uint8Array(900 * 1024).fill(0x20).map((v, i) => (i < 8 ? '%PDF-1.7'.charCodeAt(i) : v)) });
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1', port, method: 'POST', path: '/api/upload/document',
        headers: { ...body.headers, cookie, 'content-length': body.payload.length },
      });
      req.on('error', () => resolve());
      req.write(body.payload.subarray(0, 300 * 1024));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await documentCount()).toBe(before);
    const left = filesUnder(t.storage.root).filter((f) => f.endsWith('.part'));
    expect(left).toEqual([]);
  });

  it('reupload accepts only a PDF and restarts processing', async () => {
    const doc = (await upload(t.app, cookie, caseId, pdf(), 'first.pdf')).json();
    await waitForDocument(t.app, cookie, doc.id, processed);
    const notPdf = multipart({}, { name: 'x.pdf', bytes: Buffer.from('GIF89a....') });
    const refused = await t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/reupload`, headers: { cookie, ...notPdf.headers }, payload: notPdf.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please select a PDF file.');
    const next = multipart({}, { name: 'second.pdf', bytes: pdf() });
    const res = await t.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/reupload`, headers: { cookie, ...next.headers }, payload: next.payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: doc.id, originalName: 'second.pdf' });
    const done = await waitForDocument(t.app, cookie, doc.id, (d) => processed(d) && d.originalName === 'second.pdf');
    expect(done).toMatchObject({ status: 'completed', index_status: 'ok' });
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.processRun).toBeGreaterThan(1);
  });
});
