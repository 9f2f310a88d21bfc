// A hostile PDF through the whole product: uploaded, processed, linked and downloaded; the linked PDF
// read back with pdf-lib holds no active content anywhere in its object graph, keeps its web links and
// its one link per index item, and what was removed is in the audit of the link building.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeContentLeft, buildHostilePdf, KEPT_WEB_LINKS } from '../fixtures/hostile.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from '../api/support/case-session.ts';
import { processed, upload, waitForDocument } from '../api/support/documents.ts';
import { figures } from './support/server.ts';

describe('a hostile PDF', () => {
  let s: CaseSession;
  beforeAll(async () => {
    s = await openCaseSession();
  });
  afterAll(async () => s?.close());

  it('comes out with nothing active in it', async () => {
    const { t, cookie, caseId } = s;
    const f = await loadFixture('lettered-tabs');
    const hostile = await buildHostilePdf(f.brief);
    const planted = (await activeContentLeft(hostile)).left.length;
    const started = Date.now();
    const doc = (await upload(t.app, cookie, caseId, hostile, 'hostile.pdf')).json();
    const done = await waitForDocument(t.app, cookie, doc.id, processed);
    expect(done).toMatchObject({ status: 'completed', index_count: f.truth.items.length });
    const linked = await t.app.inject({
      method: 'POST', url: '/api/documents/start-hyperlinking', headers: { cookie }, payload: { documentIds: [doc.id] },
    });
    expect(linked.json()).toMatchObject({ successCount: 1, totalLinks: f.truth.items.length });
    const dl = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download`, headers: { cookie } });
    expect(dl.statusCode).toBe(200);
    const out = await activeContentLeft(new Uint8Array(dl.rawPayload));
    expect(out.left).toEqual([]);
    expect(out.webLinks.sort()).toEqual([...KEPT_WEB_LINKS].sort());

    const audit = await t.database.pool.query("select after from audit_events where entity_id = $1 and action = 'build-links'", [doc.id]);
    const removed = audit.rows[0].after.removedActiveContent as Array<{ kind: string }>;
    expect(new Set(removed.map((r) => r.kind)).size).toBeGreaterThanOrEqual(10);
    figures('hostile PDF', {
      plantedFindings: planted,
      removed: removed.length,
      kinds: [...new Set(removed.map((r) => r.kind))].length,
      leftInOutput: out.left.length,
      webLinksKept: out.webLinks.length,
      indexLinks: f.truth.items.length,
      ms: Date.now() - started,
    });
  });
});
