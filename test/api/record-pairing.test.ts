// Brief and trial record through the real app, its job workers and a real PostgreSQL: a brief whose
// index points into a separate record is uploaded with it, the record is marked, the brief attached;
// its links land in the record part of the merged master, at the pages the fixture put them on, as a
// PDF reader other than the one that wrote it sees them. Then the pairing's rules, waiting for a
// record still being read, the reviewed PDF of a paired brief, detaching and deleting the record.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, LinkRecord } from '../../src/contract/documents.ts';
import type { PageText } from '../../src/engine/types.ts';
import { documents } from '../../src/server/db/schema.ts';
import { loadFixture, type Fixture } from '../fixtures/index.ts';
import { pagesOf } from '../fixtures/pages-of.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { createCase, getDocument, processed, upload, waitForDocument } from './support/documents.ts';
import { readPdfLinks } from './support/read-pdf-links.ts';

const linked = (d: DocumentRecord) => d.aiProcessingStatus === 'completed' || d.aiProcessingStatus === 'failed';
const words = (page: PageText) => page.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ').trim();

describe('brief and trial record', () => {
  let session: CaseSession | undefined;
  let f: Fixture;
  let brief: DocumentRecord;
  let record: DocumentRecord;
  let briefPages: number;
  let recordPages: number;

  beforeAll(async () => {
    session = await openCaseSession();
    f = await loadFixture('brief-record');
    const { t, cookie, caseId } = session;
    const b = await upload(t.app, cookie, caseId, f.brief, 'Factum.pdf', { title: 'Factum' });
    const r = await upload(t.app, cookie, caseId, f.record!, 'Trial record.pdf', { title: 'Trial Record', kind: 'record' });
    expect(b.statusCode).toBe(201);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ kind: 'record', recordDocumentId: null });
    brief = await waitForDocument(t.app, cookie, b.json().id, processed);
    record = await waitForDocument(t.app, cookie, r.json().id, processed);
    expect(brief).toMatchObject({ status: 'completed', index_status: 'ok', index_count: f.truth.items.length, kind: 'brief' });
    expect(record.status).toBe('completed');
    briefPages = brief.pageCount!;
    recordPages = record.pageCount!;
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  const api = (method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    session!.t.app.inject({ method, url, headers: { cookie: session!.cookie }, ...(payload ? { payload } : {}) });
  const patch = (id: string, body: object) => api('PATCH', `/api/documents/${id}`, body);
  const linksOf = async (id: string): Promise<LinkRecord[]> => (await api('GET', `/api/documents/${id}/links`)).json();
  const waitLinked = (id: string) => waitForDocument(session!.t.app, session!.cookie, id, linked, 90_000);

  /** Every link goes into the record at the fixture's page, and the master's page there is that record page. */
  async function expectLinksIntoRecord(pdfBytes: Uint8Array, links: LinkRecord[]) {
    const truth = new Map(f.truth.items.map((i) => [i.ordinal, i]));
    expect(links).toHaveLength(f.truth.items.length);
    for (const l of links) {
      const item = truth.get(l.itemOrdinal!)!;
      expect(item.target).toBe('record');
      expect(l, `item ${l.itemOrdinal}`).toMatchObject({ target: 'record', targetDocId: record.id, targetPage: item.targetPage, masterPage: briefPages + item.targetPage });
    }
    const back = await readPdfLinks(pdfBytes);
    expect(back.pageCount).toBe(briefPages + recordPages);
    const masterText = pagesOf(pdfBytes);
    const recordText = pagesOf(f.record!);
    for (const l of links) {
      const onRow = back.links.filter((k) => k.page === l.srcPage && Math.abs(k.box[1] - l.bbox![1]) < 2);
      expect(onRow.map((k) => k.target), `link of item ${l.itemOrdinal}`).toEqual([l.masterPage]);
      // the page the link opens is the record's page (read from the record as uploaded)
      expect(words(masterText[l.masterPage! - 1]!)).toBe(words(recordText[l.targetPage! - 1]!));
    }
  }

  it('marks a record, attaches the brief, and builds its links into the record part of the merged master', async () => {
    // before pairing, the brief's index items are not found in the brief itself
    const alone = await api('POST', '/api/documents/start-hyperlinking', { documentIds: [brief.id] });
    expect(alone.json().results[0]).toMatchObject({ success: true, linkCount: f.truth.items.length });
    expect((await getDocument(session!.t.app, session!.cookie, brief.id)).unresolvedCount).toBe(f.truth.items.length);

    const paired = await patch(brief.id, { recordDocumentId: record.id });
    expect(paired.statusCode).toBe(200);
    expect(paired.json()).toMatchObject({ recordDocumentId: record.id, aiProcessingStatus: 'queued' });
    const done = await waitLinked(brief.id);
    expect(done).toMatchObject({ aiProcessingStatus: 'completed', unresolvedCount: 0, linkCount: f.truth.items.length });
    const dl = await api('GET', `/api/documents/${brief.id}/download?version=engine`);
    expect(dl.statusCode).toBe(200);
    await expectLinksIntoRecord(new Uint8Array(dl.rawPayload), await linksOf(brief.id));
  }, 120_000);

  it('refuses a pairing that is not a record of the same case, the brief itself, or a file path', async () => {
    const { t, cookie, caseId } = session!;
    const otherCase = await createCase(t.app, cookie);
    const foreign = (await api('POST', '/api/documents', { caseId: otherCase, title: 'Other record' })).json() as DocumentRecord;
    expect((await patch(foreign.id, { kind: 'record' })).statusCode).toBe(200);
    const sibling = (await api('POST', '/api/documents', { caseId, title: 'Another brief' })).json() as DocumentRecord;

    const cases: Array<[object, number, RegExp]> = [
      [{ recordDocumentId: foreign.id }, 400, /same case/],
      [{ recordDocumentId: sibling.id }, 400, /its own trial record/],
      [{ recordDocumentId: brief.id }, 409, /"Factum" is not marked as a trial record/],
      [{ recordDocumentId: '00000000-0000-4000-8000-000000000000' }, 404, /Trial record not found/],
      [{ recordDocumentId: '../../etc/passwd' }, 400, /not a file path/],
      [{ recordDocumentId: '/srv/data/record.pdf' }, 400, /not a file path/],
      [{ kind: 'judgment' }, 400, /kind/],
    ];
    for (const [body, status, message] of cases) {
      const res = await patch(sibling.id, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    // a record cannot point into a record, and stays one while a brief points into it
    const second = (await api('POST', '/api/documents', { caseId, title: 'Second record' })).json() as DocumentRecord;
    await patch(second.id, { kind: 'record' });
    const nested = await patch(second.id, { recordDocumentId: record.id });
    expect(nested.statusCode).toBe(409);
    expect(nested.json().message).toMatch(/cannot point into another record/);
    const unmark = await patch(record.id, { kind: 'brief' });
    expect(unmark.statusCode).toBe(409);
    expect(unmark.json().message).toMatch(/A brief points into this record \("Factum"\); detach it first/);
    // the upload form's fields are held to the same rules
    const bad = await upload(t.app, cookie, caseId, f.brief, 'x.pdf', { recordDocumentId: foreign.id });
    expect(bad.statusCode).toBe(400);
    // nothing changed
    expect(await getDocument(t.app, cookie, brief.id)).toMatchObject({ recordDocumentId: record.id });
    expect(await getDocument(t.app, cookie, record.id)).toMatchObject({ kind: 'record' });
  });

  it('writes the reviewed PDF of a paired brief as the merged master, and asks before changing the record of a reviewed brief', async () => {
    const links = await linksOf(brief.id);
    const first = links[0]!;
    // a reviewer moves one link to another record page
    const moved = await api('PUT', `/api/links/${first.id}`, { targetPage: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ target: 'record', targetPage: 1, masterPage: briefPages + 1, status: 'auto' });
    const over = await api('PUT', `/api/links/${first.id}`, { targetPage: recordPages + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/pages of the trial record/);
    await api('PUT', `/api/links/${first.id}`, { targetPage: first.targetPage, status: 'confirmed' });

    const regen = await api('POST', `/api/documents/${brief.id}/regenerate`);
    expect(regen.statusCode).toBe(200);
    expect(regen.json()).toMatchObject({ ok: true, linkCount: f.truth.items.length });
    const reviewed = await api('GET', `/api/documents/${brief.id}/download?version=reviewed`);
    await expectLinksIntoRecord(new Uint8Array(reviewed.rawPayload), await linksOf(brief.id));

    // the court's page limit counts the pages filed: the brief and the record after it
    expect((await api('POST', `/api/documents/${brief.id}/review`, { approved: true, reviewerName: 'Jane Counsel, SBN 123456', unreviewedAccepted: (await api('GET', `/api/documents/${brief.id}`)).json().unreviewedCount })).statusCode).toBe(200);
    const capped = await api('POST', '/api/documents/submit-to-court', { documentIds: [brief.id], courtInfo: { maxPages: briefPages + recordPages - 1 } });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().message).toContain(`has ${briefPages + recordPages} pages, over the court's limit of ${briefPages + recordPages - 1}`);

    // reviewed: a new pairing replaces the links, so it asks first
    const detach = await patch(brief.id, { recordDocumentId: null });
    expect(detach.statusCode).toBe(409);
    expect(detach.json()).toMatchObject({ field: 'confirm' });
  }, 120_000);

  it('detaches the record with null: the links are built again on the brief\'s own pages', async () => {
    const res = await patch(brief.id, { recordDocumentId: null, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recordDocumentId: null });
    const done = await waitLinked(brief.id);
    expect(done).toMatchObject({ aiProcessingStatus: 'completed', hasReviewedOutput: false });
    const links = await linksOf(brief.id);
    expect(links.every((l) => l.target === 'source' && l.targetDocId === null)).toBe(true);
    const dl = await api('GET', `/api/documents/${brief.id}/download?version=engine`);
    expect((await readPdfLinks(new Uint8Array(dl.rawPayload))).pageCount).toBe(briefPages);
  }, 120_000);

  it('waits for a record still being read, and builds the links once its text is ready', async () => {
    const { t } = session!;
    // the record read again (as after a reupload): until its processing ends, the brief's build waits
    await t.database.db.update(documents).set({ status: 'processing' }).where(eq(documents.id, record.id));
    expect((await patch(brief.id, { recordDocumentId: record.id })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await getDocument(t.app, session!.cookie, brief.id)).toMatchObject({ aiProcessingStatus: 'queued', recordDocumentId: record.id });
    expect((await api('POST', `/api/documents/${record.id}/reindex`, {})).statusCode).toBe(200);
    const done = await waitLinked(brief.id);
    expect(done).toMatchObject({ aiProcessingStatus: 'completed', unresolvedCount: 0 });
    const dl = await api('GET', `/api/documents/${brief.id}/download?version=engine`);
    await expectLinksIntoRecord(new Uint8Array(dl.rawPayload), await linksOf(brief.id));
  }, 120_000);

  it('deleting the record detaches its briefs and builds their links again on their own pages', async () => {
    expect((await api('DELETE', `/api/documents/${record.id}`)).statusCode).toBe(204);
    const after = await getDocument(session!.t.app, session!.cookie, brief.id);
    expect(after.recordDocumentId).toBeNull();
    const done = await waitLinked(brief.id);
    expect(done.aiProcessingStatus).toBe('completed');
    const links = await linksOf(brief.id);
    expect(links.every((l) => l.target === 'source')).toBe(true);
  }, 120_000);
});
