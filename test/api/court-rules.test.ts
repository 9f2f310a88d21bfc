// Court rules through the API: the preflight of a reviewed PDF against a court profile (the one asked
// for, else the case's), and court submission refusing a failing preflight unless the reviewer gives
// a reason, which the audit trail and the package's preflight.txt keep.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreflightView } from '../../src/contract/court-rules.ts';
import type { DocumentRecord } from '../../src/contract/documents.ts';
import type { AuditEntry, SubmitToCourtResponse } from '../../src/contract/review.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { getDocument, processed, upload, waitForDocument } from './support/documents.ts';

describe('court rules: preflight and the submission override', () => {
  let s: CaseSession;
  let doc: DocumentRecord;
  const call = (method: string, url: string, payload?: unknown) =>
    s.t.app.inject({ method: method as 'GET', url, headers: { cookie: s.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    s = await openCaseSession();
    doc = (await upload(s.t.app, s.cookie, s.caseId, (await loadFixture('lettered-tabs')).brief, 'lettered.pdf')).json();
    doc = await waitForDocument(s.t.app, s.cookie, doc.id, processed);
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] })).json().successCount).toBe(1);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('needs a reviewed PDF, refuses an unknown profile and a signed-out caller', async () => {
    const none = await call('GET', `/api/documents/${doc.id}/preflight`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no reviewed PDF yet/);
    expect((await call('POST', `/api/documents/${doc.id}/regenerate`)).statusCode).toBe(200);
    const bad = await call('GET', `/api/documents/${doc.id}/preflight?profile=moon-court`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/profile must be one of/);
    const out = await s.t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/preflight` });
    expect(out.statusCode).toBe(401);
    expect((await call('GET', '/api/documents/00000000-0000-4000-8000-000000000000/preflight')).statusCode).toBe(404);
  });

  it('checks the reviewed PDF against the profile asked for, else the case’s', async () => {
    const custom = (await call('GET', `/api/documents/${doc.id}/preflight`)).json() as PreflightView;
    expect(custom.profile).toBe('custom');
    expect(custom.ok).toBe(true);
    const ew = await call('GET', `/api/documents/${doc.id}/preflight?profile=ew-civil`);
    expect(ew.statusCode).toBe(200);
    const report = ew.json() as PreflightView;
    expect(report.profile).toBe('ew-civil');
    expect(report.ok).toBe(false);
    const view = report.results.find((r) => r.rule === 'defaultView')!;
    expect(view).toMatchObject({ status: 'fail', source: expect.stringContaining('General guidance on electronic court bundles') });
    expect(report.results.find((r) => r.rule === 'indexLinks')!.status).toBe('pass');

    expect((await call('PATCH', `/api/cases/${s.caseId}`, { courtProfile: 'ew-civil' })).json().courtProfile).toBe('ew-civil');
    expect(((await call('GET', `/api/documents/${doc.id}/preflight`)).json() as PreflightView).profile).toBe('ew-civil');
    expect((await call('PATCH', `/api/cases/${s.caseId}`, { courtProfile: 'nowhere' })).statusCode).toBe(400);
  });

  it('submission refuses a failing preflight; an override with a reason files it and is audited', async () => {
    const approved = await call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName: 'Jane Counsel', unreviewedAccepted: (await getDocument(s.t.app, s.cookie, doc.id)).unreviewedCount });
    expect(approved.statusCode, approved.body).toBe(200);
    const refused = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/fails preflight against England & Wales: civil e-bundle: .*defaultView/);
    expect(refused.json().message).toMatch(/Nothing was submitted/);
    const short = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: { preflightOverride: { reason: 'ok' } } });
    expect(short.statusCode).toBe(400);

    const reason = 'The registry accepted this bundle format by email of 3 May';
    const filed = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: { preflightOverride: { reason } } });
    expect(filed.statusCode, filed.body).toBe(201);
    const sub = (filed.json() as SubmitToCourtResponse).submissions[0]!;
    const trail = (await call('GET', `/api/documents/${doc.id}/audit`)).json() as AuditEntry[];
    const override = trail.find((e) => e.action === 'preflight-override')!;
    expect(override.after).toMatchObject({ reason, profile: 'ew-civil', submissionId: sub.submissionId });
    expect((override.after as { failed: Array<{ rule: string }> }).failed.map((f) => f.rule)).toContain('defaultView');

    const zip = await call('GET', sub.packageUrl);
    const dir = mkdtempSync(join(tmpdir(), 'brieflink-preflight-'));
    try {
      writeFileSync(join(dir, 'p.zip'), zip.rawPayload);
      execFileSync('unzip', ['-q', join(dir, 'p.zip'), '-d', join(dir, 'out')]);
      const text = readFileSync(join(dir, 'out', `${doc.title} - preflight.txt`), 'utf8');
      expect(text).toMatch(/against England & Wales: civil e-bundle/);
      expect(text).toMatch(/FAIL\s+defaultView/);
      expect(text).toContain(`for this reason: ${reason}`);
      expect(readFileSync(join(dir, 'out', 'manifest.txt'), 'utf8')).toContain('preflight.txt');
      // the hyperlink report says it too: the court, the rule that fails, and the reason it was filed anyway
      const csv = (await call('GET', sub.reportCsvUrl)).body;
      expect(csv).toContain('"# court rules","England & Wales: civil e-bundle"');
      expect(csv).toMatch(/"# defaultView","fail"/);
      expect(csv).toContain(`"# preflight_override","${reason}"`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with the case under a court, regenerate writes the profile’s fixes into the reviewed PDF, and it files without an override', async () => {
    expect((await call('POST', `/api/documents/${doc.id}/regenerate`)).json().ok).toBe(true);
    const report = (await call('GET', `/api/documents/${doc.id}/preflight`)).json() as PreflightView;
    expect(report.profile).toBe('ew-civil');
    expect(report.results.filter((r) => r.status === 'fail'), JSON.stringify(report.results)).toEqual([]);
    const status = Object.fromEntries(report.results.map((r) => [r.rule, r.status]));
    expect(status).toMatchObject({ defaultView: 'fixed', bookmarks: 'fixed', indexLinks: 'pass' });
    expect(report.results.find((r) => r.rule === 'defaultView')!.fixes![0]).toMatch(/100%/);
    const trail = (await call('GET', `/api/documents/${doc.id}/audit`)).json() as AuditEntry[];
    expect(trail.filter((e) => e.action === 'regenerate').pop()!.after).toMatchObject({ courtFixes: { profile: 'ew-civil' } });
    const approved = await call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName: 'Jane Counsel', unreviewedAccepted: (await getDocument(s.t.app, s.cookie, doc.id)).unreviewedCount });
    expect(approved.statusCode, approved.body).toBe(200);
    const filed = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: {} });
    expect(filed.statusCode, filed.body).toBe(201);
    // the report lists each fix the court's rules made to the filed PDF, and no override
    const sub = (filed.json() as SubmitToCourtResponse).submissions[0]!;
    const csv = (await call('GET', sub.reportCsvUrl)).body;
    expect(csv).toMatch(/"# defaultView","fixed","[^"]*","[^"]*100%/);
    expect(csv).toMatch(/"# bookmarks","fixed"/);
    expect(csv).not.toContain('preflight_override');
  });
});

describe('court rules: a filing over the court’s pages per volume', () => {
  let s: CaseSession;
  let doc: DocumentRecord;
  const call = (method: string, url: string, payload?: unknown) =>
    s.t.app.inject({ method: method as 'GET', url, headers: { cookie: s.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    s = await openCaseSession();
    doc = (await upload(s.t.app, s.cookie, s.caseId, (await loadFixture('brief-400')).brief, 'excerpts.pdf')).json();
    doc = await waitForDocument(s.t.app, s.cookie, doc.id, processed);
    expect((await call('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] })).json().successCount).toBe(1);
    expect((await call('PATCH', `/api/cases/${s.caseId}`, { courtProfile: 'us-ca9' })).statusCode).toBe(200);
    expect((await call('POST', `/api/documents/${doc.id}/regenerate`)).json().ok).toBe(true);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
  });

  it('is filed as the court’s volumes, each ending at a document’s end and checked again, in the package', async () => {
    const report = (await call('GET', `/api/documents/${doc.id}/preflight`)).json() as PreflightView;
    expect(report.results.find((r) => r.rule === 'pagesPerVolume')!.findings[0]).toMatch(/^The file is \d+ pages; the limit is 300$/);
    const approved = await call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName: 'Jane Counsel', unreviewedAccepted: (await getDocument(s.t.app, s.cookie, doc.id)).unreviewedCount });
    expect(approved.statusCode, approved.body).toBe(200);
    const filed = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: {} });
    expect(filed.statusCode, filed.body).toBe(201);
    const sub = (filed.json() as SubmitToCourtResponse).submissions[0]!;
    const zip = await call('GET', sub.packageUrl);
    const dir = mkdtempSync(join(tmpdir(), 'brieflink-volumes-'));
    try {
      writeFileSync(join(dir, 'p.zip'), zip.rawPayload);
      execFileSync('unzip', ['-q', join(dir, 'p.zip'), '-d', join(dir, 'out')]);
      const text = readFileSync(join(dir, 'out', `${doc.title} - preflight.txt`), 'utf8');
      expect(text).toMatch(/\(volume 1 of 2\)/);
      expect(text).toMatch(/FIXED\s+pagesPerVolume/);
      const manifest = readFileSync(join(dir, 'out', 'manifest.txt'), 'utf8');
      expect(manifest).toContain(`${doc.title} - Volume 1.pdf`);
      expect(manifest).toContain(`${doc.title} - Volume 2.pdf`);
      expect(execFileSync('sha256sum', ['-c', 'manifest.txt'], { cwd: join(dir, 'out') }).toString()).not.toMatch(/FAILED/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
