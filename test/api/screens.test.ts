// The reads behind /review, /index-viewer/{filename}, /cases/{caseId}/workspace and /cases/{caseId}/gpt5-test
// on real briefs processed and linked by the real jobs: the review queue lists built documents waiting
// longest first and drops an approved one; a document is named by id or by its unique file name, never by
// a path; the workspace lists the case's briefs; diagnostics give every page's stored evidence and every
// item's destination with its reason, the engine's page beside the reviewer's.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, LinkRecord } from '../../src/contract/documents.ts';
import type { CaseDiagnostics, LinkedDocument, ReviewQueueRow, WorkspaceBriefs } from '../../src/contract/screens.ts';
import { documents } from '../../src/server/db/schema.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { createCase, processed, upload, waitForDocument } from './support/documents.ts';

describe('screens: review queue, linked documents, workspace, diagnostics', () => {
  let s: CaseSession;
  let first: DocumentRecord;
  let second: DocumentRecord;
  let approved: DocumentRecord;
  let unbuilt: DocumentRecord;
  let items: number;
  const call = (method: string, url: string, payload?: unknown, cookie: string | null = s.cookie) =>
    s.t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  const uploadProcessed = async (caseId: string, bytes: Uint8Array, name: string) => {
    const res = await upload(s.t.app, s.cookie, caseId, bytes, name);
    expect(res.statusCode, res.body).toBe(201);
    const doc = await waitForDocument(s.t.app, s.cookie, res.json().id, processed);
    expect(doc.index_status).toBe('ok');
    return doc;
  };
  const build = async (doc: DocumentRecord) => {
    const res = await call('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    s = await openCaseSession();
    const fixture = await loadFixture('motion-record');
    items = fixture.truth.items.length;
    first = await uploadProcessed(s.caseId, fixture.brief, 'factum-first.pdf');
    await build(first);
    const otherCase = await createCase(s.t.app, s.cookie);
    second = await uploadProcessed(otherCase, fixture.brief, 'same-name.pdf');
    await build(second);
    approved = await uploadProcessed(s.caseId, fixture.brief, 'same-name.pdf');
    await build(approved);
    expect((await call('POST', `/api/documents/${approved.id}/regenerate`)).statusCode).toBe(200);
    const review = await call('POST', `/api/documents/${approved.id}/review`, { approved: true, reviewerName: 'A. Counsel, LSO 12345A', unreviewedAccepted: (await call('GET', `/api/documents/${approved.id}`)).json().unreviewedCount });
    expect(review.statusCode, review.body).toBe(200);
    unbuilt = await uploadProcessed(s.caseId, fixture.brief, 'not-built.pdf');
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  it('is for signed-in people only', async () => {
    for (const url of ['/api/review-queue', `/api/linked-documents/${first.id}`, `/api/cases/${s.caseId}/workspace`, `/api/cases/${s.caseId}/diagnostics`]) {
      expect((await call('GET', url, undefined, null)).statusCode, url).toBe(401);
    }
  });

  it('queues built documents not yet approved or rejected, the one built first at the top', async () => {
    const res = await call('GET', '/api/review-queue');
    expect(res.statusCode, res.body).toBe(200);
    const rows: ReviewQueueRow[] = res.json();
    expect(rows.map((r) => r.documentId)).toEqual([first.id, second.id]);
    expect(rows[0]).toMatchObject({ caseId: s.caseId, title: first.title, linkCount: items, pendingCount: items, unresolvedCount: 0 });
    expect(Date.parse(rows[0]!.builtAt)).toBeLessThanOrEqual(Date.parse(rows[1]!.builtAt));
    expect(rows[0]!.caseNumber).toMatch(/^CV-/);

    // a confirmed link is no longer pending; a rejected document leaves the queue
    const links: LinkRecord[] = (await call('GET', `/api/documents/${first.id}/links`)).json();
    expect((await call('PUT', `/api/links/${links[0]!.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    const rejected = await call('POST', `/api/documents/${second.id}/review`, { approved: false, reviewerName: 'A. Counsel', reason: 'Tab 2 is wrong' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after: ReviewQueueRow[] = (await call('GET', '/api/review-queue')).json();
    expect(after.map((r) => [r.documentId, r.pendingCount])).toEqual([[first.id, items - 1]]);
  });

  it('names a document by id or by its file name when no other document has that name', async () => {
    const byId = await call('GET', `/api/linked-documents/${first.id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    const doc: LinkedDocument = byId.json();
    expect(doc.document.id).toBe(first.id);
    expect(doc.links).toHaveLength(items);
    expect(doc.record).toBeNull();
    expect(doc.indexPages).toEqual([...new Set(doc.links.map((l) => l.srcPage))].sort((a, b) => a - b));
    expect(doc.indexPages.length).toBeGreaterThan(0);

    const byName = await call('GET', `/api/linked-documents/${encodeURIComponent('factum-first.pdf')}`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect((byName.json() as LinkedDocument).document.id).toBe(first.id);

    // two documents (in two cases) were uploaded as same-name.pdf: the name alone does not say which
    const twice = await call('GET', '/api/linked-documents/same-name.pdf');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/Several documents/);
    expect((await call('GET', '/api/linked-documents/nobody.pdf')).statusCode).toBe(404);
    expect((await call('GET', '/api/linked-documents/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses a path for a file name, before anything is looked up', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', 'cases%5Cbrief.pdf', 'brief%00.pdf']) {
      const res = await call('GET', `/api/linked-documents/${name}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().field, name).toBe('filename');
    }
  });

  it('gives a paired brief its trial record', async () => {
    const db = s.t.database.db;
    await db.update(documents).set({ kind: 'record' }).where(eq(documents.id, unbuilt.id));
    await db.update(documents).set({ recordDocumentId: unbuilt.id }).where(eq(documents.id, first.id));
    try {
      const doc: LinkedDocument = (await call('GET', `/api/linked-documents/${first.id}`)).json();
      expect(doc.record?.id).toBe(unbuilt.id);
      const ws: WorkspaceBriefs = (await call('GET', `/api/cases/${s.caseId}/workspace`)).json();
      expect(ws.briefs.map((b) => b.id)).toEqual([first.id, approved.id]);
      expect(ws.briefs[0]).toMatchObject({ linkCount: items, recordTitle: unbuilt.title });
    } finally {
      await db.update(documents).set({ recordDocumentId: null }).where(eq(documents.id, first.id));
      await db.update(documents).set({ kind: 'brief' }).where(eq(documents.id, unbuilt.id));
    }
  });

  it('lists the briefs of a case for the workspace, and checks the case id', async () => {
    const ws: WorkspaceBriefs = (await call('GET', `/api/cases/${s.caseId}/workspace`)).json();
    expect(ws.briefs.map((b) => [b.id, b.linkCount])).toEqual([
      [first.id, items],
      [approved.id, items],
      [unbuilt.id, 0],
    ]);
    expect((await call('GET', '/api/cases/not-a-case/workspace')).statusCode).toBe(400);
    expect((await call('GET', '/api/cases/00000000-0000-4000-8000-000000000000/workspace')).statusCode).toBe(404);
    expect((await call('GET', '/api/cases/not-a-case/diagnostics')).statusCode).toBe(400);
    expect((await call('GET', '/api/cases/00000000-0000-4000-8000-000000000000/diagnostics')).statusCode).toBe(404);
  });

  it('diagnoses every page and item: text or OCR, printed number, index pages, why each destination, engine and reviewer pages', async () => {
    const links: LinkRecord[] = (await call('GET', `/api/documents/${first.id}/links`)).json();
    const moved = links.find((l) => l.targetPage !== null && l.targetPage > 1)!;
    expect((await call('PUT', `/api/links/${moved.id}`, { targetPage: moved.targetPage! - 1 })).statusCode).toBe(200);

    const started = Date.now();
    const res = await call('GET', `/api/cases/${s.caseId}/diagnostics`);
    expect(res.statusCode, res.body).toBe(200);
    console.log(`diagnostics of a case of 3 documents (${first.pageCount} pages each): ${Date.now() - started} ms`);
    const diag: CaseDiagnostics = res.json();
    expect(diag.documents.map((d) => d.id)).toEqual([first.id, approved.id, unbuilt.id]);
    const d = diag.documents[0]!;
    expect(d.stored).toEqual({ pageText: true, review: true });
    expect(d.pages).toHaveLength(first.pageCount!);
    expect(d.pages.every((p) => p.source === 'text-layer' && p.confidence === 100)).toBe(true);
    const indexPages = [...new Set(links.map((l) => l.srcPage))];
    expect(d.pages.filter((p) => p.index).map((p) => p.page)).toEqual(indexPages);
    expect(d.pages.filter((p) => p.printed !== null).length).toBeGreaterThan(first.pageCount! / 2);
    expect(d.validation).toMatchObject({ expected_tabs: items, links_created: items, broken_links: 0, success: true });
    expect(d.items).toHaveLength(items);
    for (const item of d.items) {
      expect(item.link?.why, `item ${item.ordinal}`).toBeTruthy();
      if (item.link?.targetPage) expect(d.pages[item.link.targetPage - 1]!.destinationOf).toContain(item.ordinal);
    }
    const changed = d.items.find((i) => i.link?.id === moved.id)!.link!;
    expect(changed).toMatchObject({ targetPage: moved.targetPage! - 1, engineTargetPage: moved.engineTargetPage, why: 'page set by the reviewer', status: 'confirmed' });
    expect(changed.printedAtTarget).toBe(d.pages[changed.targetPage! - 1]!.printed);

    // detected, not linked yet: the page text and the items are stored, review.json and links are not
    const u = diag.documents[2]!;
    expect(u.stored).toEqual({ pageText: true, review: false });
    expect(u.items).toHaveLength(items);
    expect(u.items.every((i) => i.link === null)).toBe(true);
    expect(u.indexPages.length).toBeGreaterThan(0);
    expect(u.pages.filter((p) => p.index).length).toBe(u.indexPages.length);
  });
});
