// A brief whose file opens at a view (a GoTo to page 1, as word processors write it) is linked,
// regenerated, approved and filed with that view kept; one whose file opens a web address when opened
// is filed too, without it, and the removal is listed where the lawyer sees what was taken out.
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/contract/documents.ts';
import type { AuditEntry, RegenerateResponse, SubmitToCourtResponse } from '../../src/contract/review.ts';
import { findActiveContent } from '../../src/engine/pdf/active-content.ts';
import { loadFixture } from '../fixtures/index.ts';
import { OPEN_ACTION_CASES, withOpenAction } from '../fixtures/open-actions.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { processed, upload, waitForDocument } from './support/documents.ts';

const openAction = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).catalog.get(PDFName.of('OpenAction'));

describe('a brief with an open action through regenerate, approval and submission', () => {
  let s: CaseSession;
  let brief: Uint8Array;
  const call = (method: string, url: string, payload?: unknown) =>
    s.t.app.inject({ method: method as 'GET', url, headers: { cookie: s.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const download = async (id: string, version: string) => {
    const res = await call('GET', `/api/documents/${id}/download?version=${version}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return new Uint8Array(res.rawPayload);
  };

  /** Uploads, links, regenerates, approves and files `name`'s variant of the brief; returns what was filed. */
  const file = async (name: string) => {
    const c = OPEN_ACTION_CASES.find((x) => x.name === name)!;
    const bytes = await withOpenAction(brief, c);
    let d: DocumentRecord = (await upload(s.t.app, s.cookie, s.caseId, bytes, 'opens.pdf')).json();
    d = await waitForDocument(s.t.app, s.cookie, d.id, processed);
    expect(d.status).toBe('completed');
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [d.id] })).json().successCount).toBe(1);
    const linked = await download(d.id, 'engine');
    const regenerated = await call('POST', `/api/documents/${d.id}/regenerate`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const r: RegenerateResponse = regenerated.json();
    const approved = await call('POST', `/api/documents/${d.id}/review`, { approved: true, reviewerName: 'Jane Counsel', unreviewedAccepted: (await call('GET', `/api/documents/${d.id}`)).json().unreviewedCount });
    const submitted = await call('POST', '/api/documents/submit-to-court', { documentIds: [d.id], courtInfo: { court: 'Court of Appeal' } });
    const audit: AuditEntry[] = (await call('GET', `/api/documents/${d.id}/audit`)).json();
    const built = audit.find((e) => e.action === 'build-links');
    const sub = submitted.statusCode === 201 ? (submitted.json() as SubmitToCourtResponse).submissions[0]! : null;
    const filed = sub ? new Uint8Array((await call('GET', sub.pdfUrl)).rawPayload) : null;
    return { r, approved, submitted, linked, filed, removed: (built?.after as { removedActiveContent?: unknown } | null)?.removedActiveContent };
  };

  beforeAll(async () => {
    s = await openCaseSession();
    brief = (await loadFixture('lettered-tabs')).brief;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a view setting (GoTo page 1, zoom) is kept and the brief is approved and filed', async () => {
    const out = await file('GoTo action to page 1, zoom (as Word writes it)');
    expect(out.r).toMatchObject({ ok: true, activeContent: [] });
    expect(out.approved.statusCode, out.approved.body).toBe(200);
    expect(out.submitted.statusCode, out.submitted.body).toBe(201);
    expect(out.removed).toBeUndefined();
    expect(await openAction(out.linked)).toBeDefined();
    expect(await openAction(out.filed!)).toBeDefined();
    expect(findActiveContent(out.filed!)).toEqual([]);
  }, 180_000);

  it('a web address opened on opening is removed from every output, listed, and the brief is approved and filed', async () => {
    const out = await file('web address');
    expect(out.r).toMatchObject({ ok: true, activeContent: [] });
    expect(out.approved.statusCode, out.approved.body).toBe(200);
    expect(out.submitted.statusCode, out.submitted.body).toBe(201);
    expect(out.removed).toEqual([{ kind: 'open-action', detail: 'URI action (https://tracker.example/opened) run when the document opens' }]);
    expect(await openAction(out.linked)).toBeUndefined();
    expect(await openAction(out.filed!)).toBeUndefined();
    expect(findActiveContent(out.linked)).toEqual([]);
    expect(findActiveContent(out.filed!)).toEqual([]);
  }, 180_000);
});
