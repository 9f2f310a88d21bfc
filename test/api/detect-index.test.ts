// The index detection result (spec §3, §7) through the real app and its workers: the per-document
// detect-index call and POST /api/detect-index, whose documentPath names a document by its id and
// never a file; each answers ok, total_items, index_pages, item_types and items, as the fixture has them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, IndexDetectionResult } from '../../src/contract/documents.ts';
import { loadFixture, type Fixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { processed, upload, waitForDocument } from './support/documents.ts';

describe('index detection result', () => {
  let session: CaseSession | undefined;
  let f: Fixture;
  let doc: DocumentRecord;

  beforeAll(async () => {
    session = await openCaseSession();
    f = await loadFixture('ontario-brief');
    const { t, cookie, caseId } = session;
    const res = await upload(t.app, cookie, caseId, f.brief, 'Ontario brief.pdf');
    doc = await waitForDocument(t.app, cookie, res.json().id, processed);
    expect(doc.index_status).toBe('ok');
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  const post = (url: string, payload?: object, cookie: string | null = session!.cookie) =>
    session!.t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  function expectTruth(r: IndexDetectionResult) {
    const truth = f.truth.items;
    expect(r).toMatchObject({ ok: true, index_status: 'ok', index_count: truth.length, total_items: truth.length, index_pages: f.truth.indexPages });
    const types: Record<string, number> = {};
    for (const i of truth) types[i.type] = (types[i.type] ?? 0) + 1;
    expect(r.item_types).toEqual(types);
    expect(r.items.map((i) => i.type)).toEqual(truth.map((i) => i.type));
    expect(r.items.map((i) => i.label)).toEqual(truth.map((i) => i.label));
    for (const [k, item] of r.items.entries()) {
      expect(f.truth.indexPages).toContain(item.page);
      // the description as printed on the index row (the detector may join a wrapped row)
      expect(item.text.toLowerCase()).toContain(truth[k]!.text.toLowerCase().split(' ').slice(0, 3).join(' '));
    }
  }

  it('POST /api/documents/{id}/detect-index answers the detection result with the status fields it had', async () => {
    const res = await post(`/api/documents/${doc.id}/detect-index`);
    expect(res.statusCode).toBe(200);
    expectTruth(res.json());
  });

  it('POST /api/detect-index takes the document by its id, and detects again on index pages given', async () => {
    const res = await post('/api/detect-index', { documentPath: doc.id });
    expect(res.statusCode).toBe(200);
    expectTruth(res.json());
    // index pages set by hand: detection runs again on them, and the call answers once it is done
    const again = await post('/api/detect-index', { documentPath: doc.id, indexPages: f.truth.indexPages.join(',') });
    expect(again.statusCode).toBe(200);
    expectTruth(again.json());
  }, 90_000);

  it('refuses a missing document path, a file path, an unknown document and a signed-out call', async () => {
    for (const body of [{}, { documentPath: '' }, { documentPath: '   ' }, { indexPages: '2-3' }]) {
      const res = await post('/api/detect-index', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please provide a document path', field: 'documentPath' });
    }
    for (const documentPath of ['/etc/passwd', '../../data/files/brief.pdf', 'C:\\briefs\\factum.pdf', 'brief.pdf']) {
      const res = await post('/api/detect-index', { documentPath });
      expect(res.statusCode, documentPath).toBe(400);
      expect(res.json().message).toMatch(/never a file path/);
    }
    const unknown = await post('/api/detect-index', { documentPath: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const badPages = await post('/api/detect-index', { documentPath: doc.id, indexPages: 'two' });
    expect(badPages.statusCode).toBe(400);
    const signedOut = await post('/api/detect-index', { documentPath: doc.id }, null);
    expect(signedOut.statusCode).toBe(401);
  });
});
