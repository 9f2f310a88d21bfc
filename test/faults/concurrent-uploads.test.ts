// Twenty uploads at once, of four different briefs: every one is stored once, processed, and its index
// found with the right number of items (no upload takes another's file, none is lost or left queued).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from '../api/support/case-session.ts';
import { processed, upload, waitForDocument } from '../api/support/documents.ts';
import { figures } from './support/server.ts';

const NAMES = ['lettered-tabs', 'ontario-brief', 'roman-tabs', 'schedules'];

describe('twenty concurrent uploads', () => {
  let s: CaseSession;
  beforeAll(async () => {
    s = await openCaseSession();
  });
  afterAll(async () => s?.close());

  it('are all stored and indexed correctly', async () => {
    const { t, cookie, caseId } = s;
    const fixtures = await Promise.all(NAMES.map((n) => loadFixture(n)));
    const started = Date.now();
    const sent = Array.from({ length: 20 }, (_, i) => fixtures[i % fixtures.length]!);
    const responses = await Promise.all(sent.map((f, i) => upload(t.app, cookie, caseId, f.brief, `${f.name}-${i}.pdf`)));
    const uploadedMs = Date.now() - started;
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const docs = await Promise.all(responses.map((r) => waitForDocument(t.app, cookie, r.json().id, processed, 150_000)));
    const doneMs = Date.now() - started;
    docs.forEach((d, i) => {
      const f = sent[i]!;
      expect(d, f.name).toMatchObject({ status: 'completed', index_status: 'ok', index_count: f.truth.items.length });
    });
    // Each stored file is the one sent under its name.
    for (const [i, r] of responses.entries()) {
      const dl = await t.app.inject({ method: 'GET', url: `/api/documents/${r.json().id}/download`, headers: { cookie } });
      const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
      expect(sha(dl.rawPayload)).toBe(sha(sent[i]!.brief));
    }
    figures('twenty concurrent uploads', {
      uploads: 20,
      allStoredMs: uploadedMs,
      allIndexedMs: doneMs,
      indexedCorrectly: docs.filter((d, i) => d.index_count === sent[i]!.truth.items.length).length,
      lost: 0,
    });
  });
});
