// Link review input a reviewer (or a script) may send wrong: a bulk update with one bad entry changes
// nothing, a link named many times in one is changed and audited once, a bulk update past its cap is a
// 400 saying so, and a target page past the document is a 400 naming the field, never a 500. And what the
// review screen reads back to show a correction: the item's kind, whether a reviewer set the page, and
// the printed page numbers a page can be typed as.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_BULK_LINKS, type DocumentRecord, type LinkRecord } from '../../src/contract/documents.ts';
import { auditEvents } from '../../src/server/db/schema.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { loadFixture } from '../fixtures/index.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createCase, processed, startWorkers, upload, waitForDocument } from './support/documents.ts';

describe('link review input', () => {
  let t: TestApp;
  let workers: JobQueue;
  let cookie: string;
  let doc: DocumentRecord;
  let links: LinkRecord[];
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await startTestApp();
    workers = await startWorkers(t);
    cookie = (await signUp(t.app)).cookie;
    const caseId = await createCase(t.app, cookie);
    const { brief } = await loadFixture('lettered-tabs');
    doc = (await upload(t.app, cookie, caseId, brief)).json();
    doc = await waitForDocument(t.app, cookie, doc.id, processed);
    const built = await call('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] });
    expect(built.json().successCount).toBe(1);
    links = (await call('GET', `/api/documents/${doc.id}/links`)).json();
    expect(links.length).toBeGreaterThan(2);
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
  });

  it('a bulk update with one target page past the document changes no link', async () => {
    const [a, b] = links;
    const res = await call('PUT', '/api/links/bulk-update', [
      { id: a!.id, status: 'confirmed', targetPage: 2 },
      { id: b!.id, targetPage: doc.pageCount! + 50 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('targetPage');
    const after: LinkRecord[] = (await call('GET', `/api/documents/${doc.id}/links`)).json();
    expect(after.find((l) => l.id === a!.id)).toMatchObject({ status: a!.status, targetPage: a!.targetPage });
  });

  const auditRows = async (id: string) =>
    (await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entity, 'link'), eq(auditEvents.entityId, id)))).length;

  it('changes and audits a link once however many times one bulk update names it', async () => {
    const link = links[2]!;
    const before = await auditRows(link.id);
    const res = await call('PUT', '/api/links/bulk-update', { ids: Array(MAX_BULK_LINKS).fill(link.id), status: 'removed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toBe(1);
    expect(res.json().links.map((l: LinkRecord) => [l.id, l.status])).toEqual([[link.id, 'removed']]);
    expect((await auditRows(link.id)) - before).toBe(1);
    // the list form too: the changes named for one link are applied in order, as one change
    const listed = await call('PUT', '/api/links/bulk-update', [
      { id: link.id, status: 'confirmed' },
      { id: link.id.toUpperCase(), targetPage: 2 },
    ]);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().links[0]).toMatchObject({ id: link.id, status: 'confirmed', targetPage: 2 });
    expect((await auditRows(link.id)) - before).toBe(2);
  });

  it('answers 400 to a bulk update that names more links than its cap, and changes none', async () => {
    const link = links[2]!;
    const status = (await call('GET', `/api/documents/${doc.id}/links`)).json().find((l: LinkRecord) => l.id === link.id).status;
    const before = await auditRows(link.id);
    for (const body of [{ ids: Array(MAX_BULK_LINKS + 1).fill(link.id), status: 'auto' }, Array(MAX_BULK_LINKS + 1).fill({ id: link.id, status: 'auto' })]) {
      const res = await call('PUT', '/api/links/bulk-update', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`at most ${MAX_BULK_LINKS} links`);
    }
    expect((await call('GET', `/api/documents/${doc.id}/links`)).json().find((l: LinkRecord) => l.id === link.id).status).toBe(status);
    expect(await auditRows(link.id)).toBe(before);
  });

  it('answers 400 for a target page past the document when a link is created or changed', async () => {
    const huge = 3_000_000_000; // past a database integer too
    expect((await call('PUT', `/api/links/${links[0]!.id}`, { targetPage: huge })).statusCode).toBe(400);
    const gone = links[1]!;
    expect((await call('DELETE', `/api/links/${gone.id}`)).statusCode).toBe(204);
    const items = (await call('GET', `/api/documents/${doc.id}/index-items`)).json() as { id: string; ordinal: number }[];
    const item = items.find((i) => i.ordinal === gone.itemOrdinal)!;
    for (const targetPage of [doc.pageCount! + 1, huge]) {
      const res = await call('POST', '/api/links', { indexItemId: item.id, targetPage });
      expect(res.statusCode, String(targetPage)).toBe(400);
      expect(res.json().field).toBe('targetPage');
    }
  });

  it("says what the index calls the item and whether a reviewer set the page; serves the printed page numbers", async () => {
    const l = links[2]!;
    expect(l).toMatchObject({ itemType: 'tab', setByReviewer: false });
    const moved = l.targetPage === 1 ? 2 : l.targetPage! - 1;
    expect((await call('PUT', `/api/links/${l.id}`, { targetPage: moved })).json()).toMatchObject({ targetPage: moved, setByReviewer: true });
    // set back to the engine's page by the reviewer: still the reviewer's choice, its confidence no finding
    const back = (await call('PUT', `/api/links/${l.id}`, { targetPage: l.engineTargetPage })).json();
    expect(back).toMatchObject({ targetPage: l.engineTargetPage, setByReviewer: true });
    const labels = (await call('GET', `/api/documents/${doc.id}/page-labels`)).json();
    expect(labels.source).toHaveLength(doc.pageCount!);
    expect(labels.record).toBeNull();
    expect((await call('GET', '/api/documents/00000000-0000-4000-8000-000000000000/page-labels')).statusCode).toBe(404);
  });
});
