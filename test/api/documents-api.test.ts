// The documents calls a user makes around the main flow: edit, delete (files too), duplicates,
// document memory, link review (confirm, remove, page override, bulk), the progress stream, unknown
// ids (404), bad input (400) and signed-out requests (401).
import { and, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, LinkRecord, StreamMessage } from '../../src/contract/documents.ts';
import { auditEvents } from '../../src/server/db/schema.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, processed, startWorkers, upload, waitForDocument } from './support/documents.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('documents API', () => {
  let t: TestApp;
  let workers: JobQueue;
  let cookie: string;
  let caseId: string;
  let doc: DocumentRecord;
  let brief: Uint8Array;
  beforeAll(async () => {
    t = await startTestApp();
    workers = await startWorkers(t);
    cookie = (await signUp(t.app)).cookie;
    caseId = await createCase(t.app, cookie);
    brief = (await loadFixture('lettered-tabs')).brief;
    doc = (await upload(t.app, cookie, caseId, brief, 'Lettered tabs — brief (1).pdf')).json();
    doc = await waitForDocument(t.app, cookie, doc.id, processed);
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('answers 401 on every documents route when signed out', async () => {
    const routes = t.app.routeTable.filter((r) => /documents|links|upload|document-memory|check-duplicates/.test(r.url));
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const url = r.url.replace(/:[A-Za-z]+/g, UNKNOWN);
      const res = await t.app.inject({ method: r.method as 'GET', url, payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 404 for unknown ids and 400 for ids that are not ids', async () => {
    for (const [m, u] of [
      ['GET', `/api/documents/${UNKNOWN}`], ['PATCH', `/api/documents/${UNKNOWN}`], ['DELETE', `/api/documents/${UNKNOWN}`],
      ['GET', `/api/documents/${UNKNOWN}/download`], ['POST', `/api/documents/${UNKNOWN}/retry`],
      ['GET', `/api/documents/${UNKNOWN}/index-status`], ['POST', `/api/documents/${UNKNOWN}/reindex`],
      ['POST', `/api/documents/${UNKNOWN}/relink`], ['GET', `/api/documents/${UNKNOWN}/ocr-progress`],
      ['GET', `/api/documents/${UNKNOWN}/stream`], ['GET', `/api/documents/${UNKNOWN}/links`],
      ['GET', `/api/cases/${UNKNOWN}/documents`], ['GET', `/api/cases/${UNKNOWN}/links`],
      ['PUT', `/api/links/${UNKNOWN}`], ['DELETE', `/api/links/${UNKNOWN}`],
    ] as const) {
      const res = await call(m, u, m === 'GET' || m === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${m} ${u}`).toBe(404);
    }
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [UNKNOWN] })).statusCode).toBe(404);
    expect((await call('GET', '/api/documents/not-an-id')).statusCode).toBe(400);
    const none = await call('POST', '/api/documents/start-hyperlinking', { documentIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Please select at least one document to process.');
  });

  it('edits title and alias, audited; approval is not an edit (it needs a reviewer and the reviewed PDF)', async () => {
    const approve = await call('PATCH', `/api/documents/${doc.id}`, { reviewStatus: 'approved' });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toContain('POST /api/documents/{id}/review');
    const res = await call('PATCH', `/api/documents/${doc.id}`, { title: '  Book of Authorities ', alias: 'BOA', reviewStatus: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Book of Authorities', alias: 'BOA', reviewStatus: null, lawyerReviewed: false });
    expect((await call('PATCH', `/api/documents/${doc.id}`, { title: '' })).statusCode).toBe(400);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, doc.id), eq(auditEvents.action, 'update')));
    expect(audit).toHaveLength(1);
  });

  it('downloads the original under a safely encoded name before links exist', async () => {
    const res = await call('GET', `/api/documents/${doc.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, Buffer.from(brief))).toBe(0);
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(cd).toContain('Book%20of%20Authorities.pdf');
  });

  it('finds duplicates by file name within the case', async () => {
    const res = await call('GET', `/api/cases/${caseId}/check-duplicates/${encodeURIComponent('Lettered tabs — brief (1).pdf')}`);
    expect(res.json().duplicates).toEqual([expect.objectContaining({ id: doc.id, originalName: 'Lettered tabs — brief (1).pdf' })]);
    expect((await call('GET', `/api/cases/${caseId}/check-duplicates/other.pdf`)).json()).toEqual({ duplicates: [] });
  });

  it('remembers document names and suggests them, most used first', async () => {
    expect((await call('POST', '/api/document-memory', { documentName: 'Factum of the Appellant', fileNumber: 'C-1' })).statusCode).toBe(201);
    expect((await call('POST', '/api/document-memory', { documentName: 'Factum of the Respondent' })).statusCode).toBe(201);
    const again = await call('POST', '/api/document-memory', { documentName: 'Factum of the Respondent' });
    expect(again.json().usageCount).toBe(2);
    const list = (await call('GET', '/api/document-memory/suggestions?q=factum')).json();
    expect(list.map((e: { documentName: string }) => e.documentName)).toEqual(['Factum of the Respondent', 'Factum of the Appellant']);
    expect((await call('GET', '/api/document-memory/suggestions?q=f')).json()).toEqual([]);
    expect((await call('POST', '/api/document-memory', { documentName: ' ' })).statusCode).toBe(400);
  });

  it('streams progress as server-sent events across the link build and ends when done', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const messages: StreamMessage[] = [];
    const queued = await call('POST', `/api/documents/${doc.id}/relink`);
    expect(queued.statusCode).toBe(200);
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/documents/${doc.id}/stream`, headers: { cookie } }, (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        let buf = '';
        res.on('data', (c: Buffer) => {
          buf += c.toString();
          for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
            const data = buf.slice(0, i).split('\n').find((l) => l.startsWith('data: '));
            buf = buf.slice(i + 2);
            if (data) messages.push(JSON.parse(data.slice(6)));
          }
        });
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
    expect(messages[0]).toMatchObject({ phase: 'ocr', status: 'completed', percent: 100 });
    expect(messages).toContainEqual(expect.objectContaining({ phase: 'links', aiProcessingStatus: 'completed', linkCount: doc.index_count }));
    expect(messages.at(-1)).toMatchObject({ phase: 'done', status: 'completed' });
  });

  it('reviews links: confirm, remove, override the target page, bulk update, delete and re-create', async () => {
    const links: LinkRecord[] = (await call('GET', `/api/documents/${doc.id}/links`)).json();
    expect(links).toHaveLength(doc.index_count);
    const [a, b, c, d] = links;
    expect((await call('PUT', `/api/links/${a!.id}`, { status: 'confirmed' })).json()).toMatchObject({ status: 'confirmed' });
    const moved = (await call('PUT', `/api/links/${b!.id}`, { targetPage: 3 })).json();
    expect(moved).toMatchObject({ targetPage: 3, confidence: '1' });
    expect((await call('PUT', `/api/links/${b!.id}`, { targetPage: 0 })).statusCode).toBe(400);
    expect((await call('PUT', `/api/links/${b!.id}`, { targetPage: 100_000 })).statusCode).toBe(400);
    expect((await call('PUT', `/api/links/${b!.id}`, { status: 'bogus' })).statusCode).toBe(400);
    const bulk = await call('PUT', '/api/links/bulk-update', { ids: [c!.id, d!.id], status: 'removed' });
    expect(bulk.json()).toMatchObject({ updated: 2 });
    const perLink = await call('PUT', '/api/links/bulk-update', [{ id: c!.id, status: 'confirmed' }, { id: d!.id, targetPage: 2 }]);
    expect(perLink.json().links.map((l: LinkRecord) => [l.status, l.targetPage]).sort()).toEqual(
      [['confirmed', c!.targetPage], ['removed', 2]].sort(),
    );
    expect((await call('PUT', '/api/links/bulk-update', { ids: [UNKNOWN], status: 'removed' })).statusCode).toBe(404);
    const dup = await call('POST', '/api/links', { indexItemId: a!.indexItemId, targetPage: 2 });
    expect(dup.statusCode).toBe(409);
    expect((await call('DELETE', `/api/links/${a!.id}`)).statusCode).toBe(204);
    const again = await call('POST', '/api/links', { indexItemId: a!.indexItemId, targetPage: a!.targetPage });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ indexItemId: a!.indexItemId, status: 'confirmed', itemOrdinal: a!.itemOrdinal });
    const all: LinkRecord[] = (await call('GET', '/api/links')).json();
    expect(all.filter((l) => l.srcDocId === doc.id)).toHaveLength(doc.index_count);
    expect((await call('GET', `/api/documents/${doc.id}`)).json().linkCount).toBe(doc.index_count - 1); // one removed
  });

  it('leaves no files behind when a document is deleted while its job runs', async () => {
    const f = await loadFixture('mixed-brief');
    const d = (await upload(t.app, cookie, caseId, f.brief, 'deleted-while-processing.pdf')).json();
    // Deleted during OCR: the job has read the file and will still write what it read.
    await waitForDocument(t.app, cookie, d.id, (x) => x.status === 'processing' && x.ocrProgress.avgMsPerPage !== null);
    expect((await call('DELETE', `/api/documents/${d.id}`)).statusCode).toBe(204);
    const jobState = async () =>
      (await t.database.pool.query(`select state from pgboss.job where name = 'document-process' and data->>'documentId' = $1`, [d.id])).rows[0]?.state;
    for (let i = 0; i < 600 && (await jobState()) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await jobState()).toBe('completed');
    expect(existsSync(t.storage.documentDir(caseId, d.id))).toBe(false);
  }, 120_000);

  it('creates a document without a file, and deletes a document with its files and outputs', async () => {
    const made = await call('POST', '/api/documents', { caseId, title: 'Trial record' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'awaiting-file', title: 'Trial record', pageCount: null });
    expect((await call('POST', '/api/documents', { caseId: UNKNOWN, title: 'x' })).statusCode).toBe(404);

    const dir = t.storage.documentDir(caseId, doc.id);
    expect(existsSync(t.storage.documentFile(caseId, doc.id, 'Master.linked.pdf'))).toBe(true);
    expect((await call('DELETE', `/api/documents/${doc.id}`)).statusCode).toBe(204);
    expect(existsSync(dir)).toBe(false);
    expect((await call('GET', `/api/documents/${doc.id}`)).statusCode).toBe(404);
    const list: DocumentRecord[] = (await call('GET', `/api/cases/${caseId}/documents`)).json();
    expect(list.map((x) => x.title)).toEqual(['Trial record']);
  });
});
