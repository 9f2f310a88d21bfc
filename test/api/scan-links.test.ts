// Links sooner on scans: a scanned brief gets its links from the first, quick reading of its pages
// (dense pages read only in their top and footer bands), before its text layer is complete; the
// full reading goes on in the background, a relink meanwhile does not wait for it, and at the end
// the linked PDF carries every word of every page under the same links.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/server/db/schema.ts';
import { requeueStaleJobs } from '../../src/server/documents/processing-state.ts';
import type { DocumentRecord, LinkRecord, StartHyperlinkingResponse } from '../../src/contract/documents.ts';
import { loadFixture } from '../fixtures/index.ts';
import { hasPdftotext, pdftotextWords } from '../pdftotext.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { getDocument, processed, upload, waitForDocument } from './support/documents.ts';

describe('links on a scanned brief before its text layer is complete', () => {
  let session: CaseSession | undefined;
  beforeAll(async () => {
    session = await openCaseSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('links from the quick reading, relinks without waiting for the background reading, then completes the text layer', async () => {
    const { t, cookie, caseId } = session!;
    // image-only, 12 pages: the index, ten TAB dividers (read in full) and their pages of prose (read in part)
    const f = await loadFixture('scanned-brief');
    const created: DocumentRecord = (await upload(t.app, cookie, caseId, f.brief, 'scanned brief.pdf')).json();
    const doc = await waitForDocument(t.app, cookie, created.id, processed, 600_000);
    expect(doc).toMatchObject({ status: 'completed', index_status: 'ok', index_count: f.truth.items.length });
    // the dense pages were read only in part: the text layer is not complete yet
    expect(doc.textLayer.total).toBe(doc.pageCount);
    expect(doc.textLayer.done).toBeLessThan(doc.textLayer.total);

    const linkAll = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/documents/start-hyperlinking', headers: { cookie }, payload: { documentIds: [doc.id] } });
      expect(res.statusCode).toBe(200);
      const body: StartHyperlinkingResponse = res.json();
      expect(body).toMatchObject({ successCount: 1, totalLinks: f.truth.items.length });
      const links: LinkRecord[] = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/links`, headers: { cookie } })).json();
      return new Map(links.map((l) => [l.itemOrdinal, l.targetPage]));
    };
    const links = await linkAll();
    for (const item of f.truth.items) expect(links.get(item.ordinal), `item ${item.label}`).toBe(item.targetPage);
    const linked = await getDocument(t.app, cookie, doc.id);
    expect(linked.has_links).toBe(true);
    expect(linked.textLayer.done).toBeLessThan(linked.textLayer.total); // links ready, text layer still being read

    const download = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download?version=engine`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return new Uint8Array(res.rawPayload);
    };
    const early = hasPdftotext() ? pdftotextWords(await download()) : null;

    // a relink while the background reading goes on is done before it
    const again = await linkAll();
    expect(again).toEqual(links);
    const relinked = await getDocument(t.app, cookie, doc.id);
    expect(relinked).toMatchObject({ aiProcessingStatus: 'completed', has_links: true });
    expect(relinked.textLayer.done).toBeLessThan(relinked.textLayer.total);

    const complete = await waitForDocument(t.app, cookie, doc.id, (d) => d.textLayer.done === d.textLayer.total, 600_000);
    expect(complete).toMatchObject({ has_links: true, aiProcessingStatus: 'completed', linkCount: f.truth.items.length });
    const after: LinkRecord[] = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/links`, headers: { cookie } })).json();
    expect(new Map(after.map((l) => [l.itemOrdinal, l.targetPage]))).toEqual(links); // the same links

    if (!early) return void console.warn('pdftotext not on PATH: text layer not read back');
    // the linked PDF now carries the words of every page: the prose of the pages read in part too
    const words = pdftotextWords(await download());
    const count = (pages: typeof words) => pages.reduce((n, p) => n + p.length, 0);
    expect(count(words)).toBeGreaterThan(2 * count(early));
    const dense = words.filter((p) => p.length > 150).length;
    expect(dense).toBeGreaterThan(early.filter((p) => p.length > 150).length);
    console.log(`[scan-links] ${doc.pageCount} pages: ${count(early)} words in the linked PDF from the quick reading, ${count(words)} with the full text layer`);

    // What a process killed during the background reading leaves: the reading part done, its
    // heartbeat stale. The reaper queues it again; it goes on from the pages saved and completes.
    // (The app's own reaper sweeps every few seconds too and may be the one that queues it: either
    // way it is queued exactly once, and a second sweep finds nothing stale.)
    const db = t.database.db;
    const runOf = async () => (await db.select({ run: documents.textLayerRun }).from(documents).where(eq(documents.id, doc.id)))[0]!.run;
    const runBefore = await runOf();
    await db.update(documents).set({ textLayerDone: 3, textLayerHeartbeatAt: new Date(Date.now() - 120_000) }).where(eq(documents.id, doc.id));
    const send = (kind: 'document-process' | 'document-link' | 'document-text-layer', data: object) => t.queue.send(kind, data);
    const swept = await requeueStaleJobs(db, send, 60_000);
    expect(swept.filter((s) => s !== `text-layer:${doc.id}`)).toEqual([]);
    expect(await runOf()).toBe(runBefore + 1);
    expect(await requeueStaleJobs(db, send, 60_000)).toEqual([]);
    const resumed = await waitForDocument(t.app, cookie, doc.id, (d) => d.textLayer.done === d.textLayer.total, 300_000);
    expect(resumed).toMatchObject({ has_links: true, linkCount: f.truth.items.length });
    expect(pdftotextWords(await download()).reduce((n, p) => n + p.length, 0)).toBe(count(words));
  }, 1_800_000);
});
