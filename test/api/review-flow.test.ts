// The lawyer's review through the API on a real brief, a real database and real PDFs read back with
// pdf-lib: confirm, remove and override links, regenerate the PDF (exactly the reviewed links and
// bookmarks, from the original), approve it (of that exact file), a later edit withdraws the
// approval, and court submission refuses what is not approved or changed and files the rest with a
// report listing every index entry.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, LinkRecord } from '../../src/contract/documents.ts';
import type { AuditEntry, RegenerateResponse, SubmissionRecord, SubmitToCourtResponse } from '../../src/contract/review.ts';
import { findActiveContent } from '../../src/engine/pdf/active-content.ts';
import { openPdf } from '../../src/engine/pdf/index.ts';
import { links as linksTable } from '../../src/server/db/schema.ts';
import { loadFixture } from '../fixtures/index.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { getDocument, processed, upload, waitForDocument } from './support/documents.ts';
import { readPdfLinks, type ReadLink } from './support/read-pdf-links.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const overlaps = (a: number[], b: number[]) =>
  Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!) > 0 && Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!) > 0.5 * Math.min(a[3]! - a[1]!, b[3]! - b[1]!);

// Twice: with the outputs saved whole (small files, the default) and written as incremental updates of
// the upload (PDF_INCREMENTAL_FROM_MB=0, the way files from 100 MB on are written).
describe.each<{ how: string; env: Record<string, string>; update: boolean }>([
  { how: 'saved whole', env: {}, update: false },
  { how: 'written as updates of the upload', env: { PDF_INCREMENTAL_FROM_MB: '0' }, update: true },
])('review, regenerate, approve and submit, outputs $how', ({ env, update }) => {
  let uploaded: Uint8Array;
  let s: CaseSession;
  let doc: DocumentRecord;
  let links: LinkRecord[];
  let confirmed: LinkRecord;
  let removed: LinkRecord;
  let overridden: LinkRecord;
  let newPage: number;
  const call = (method: string, url: string, payload?: unknown) =>
    s.t.app.inject({ method: method as 'GET', url, headers: { cookie: s.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const getLinks = async (): Promise<LinkRecord[]> => (await call('GET', `/api/documents/${doc.id}/links`)).json();
  const audit = async (): Promise<AuditEntry[]> => (await call('GET', `/api/documents/${doc.id}/audit`)).json();
  const download = async (version?: string) => {
    const res = await call('GET', `/api/documents/${doc.id}/download${version ? `?version=${version}` : ''}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return new Uint8Array(res.rawPayload);
  };
  const regenerate = async (): Promise<RegenerateResponse> => {
    const res = await call('POST', `/api/documents/${doc.id}/regenerate`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Approves, saying yes to the links not individually reviewed (their number, as the app shows it). */
  const approve = async (reviewerName = 'Jane Counsel, LSO 12345A') =>
    call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName, unreviewedAccepted: (await getDocument(s.t.app, s.cookie, doc.id)).unreviewedCount });

  beforeAll(async () => {
    s = await openCaseSession({ env });
    uploaded = (await loadFixture('lettered-tabs')).brief;
    doc = (await upload(s.t.app, s.cookie, s.caseId, uploaded, 'lettered.pdf')).json();
    doc = await waitForDocument(s.t.app, s.cookie, doc.id, processed);
    const built = await call('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] });
    expect(built.json().successCount).toBe(1);
    doc = await getDocument(s.t.app, s.cookie, doc.id);
    links = await getLinks();
    expect(links.length).toBe(11);
    expect(links.every((l) => l.targetPage !== null && l.engineTargetPage === l.targetPage)).toBe(true);
    [confirmed, removed, overridden] = [links[0]!, links[3]!, links[6]!];
    newPage = overridden.targetPage! + 1;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses approval before the PDF is regenerated, and needs a reviewer name', async () => {
    const blank = await call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().field).toBe('reviewerName');
    expect(blank.json().message).toContain('Reviewer name is required');
    const early = await approve();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Regenerate the PDF before approving/);
    expect(doc).toMatchObject({ reviewStatus: null, workflowStage: 3, hasReviewedOutput: false, regeneratedAt: null });
  });

  it('writes the reviewed PDF with exactly the reviewed links and bookmarks, and keeps the engine output', async () => {
    expect((await call('PUT', `/api/links/${confirmed.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/links/${removed.id}`, { status: 'removed' })).statusCode).toBe(200);
    const o = await call('PUT', `/api/links/${overridden.id}`, { targetPage: newPage });
    expect(o.json()).toMatchObject({ targetPage: newPage, engineTargetPage: overridden.targetPage, status: 'auto', why: 'page set by the reviewer' });
    const engineBefore = await download('engine');

    const started = Date.now();
    const r = await regenerate();
    console.log(`regenerate (${doc.pageCount} pages, ${links.length} links): ${Date.now() - started} ms`);
    expect(r).toMatchObject({
      ok: true,
      linkCount: 10,
      removedCount: 1,
      unresolved: [],
      validation: { expected_tabs: 10, found_tabs: 10, links_created: 10, broken_links: 0, success: true },
    });

    const reviewed = await download();
    expect(sha256(reviewed)).toBe(r.sha256);
    const read = await readPdfLinks(reviewed);
    const want = (await getLinks()).filter((l) => l.status !== 'removed');
    const indexPages = new Set(links.map((l) => l.srcPage));
    const onIndex = read.links.filter((l) => indexPages.has(l.page));
    expect(onIndex).toHaveLength(10);
    for (const l of want) {
      const over = onIndex.filter((k: ReadLink) => k.page === l.srcPage && overlaps(k.box, l.bbox!));
      expect(over.map((k) => k.target), `${l.itemLabel}`).toEqual([l.targetPage]);
    }
    expect(onIndex.filter((k) => k.page === removed.srcPage && overlaps(k.box, removed.bbox!))).toEqual([]);
    expect(read.outline.map((o) => o.target)).toEqual(want.map((l) => l.targetPage));
    expect(read.outline.map((o) => o.title)).toEqual(want.map((l) => `Tab ${l.itemLabel} – ${l.itemText}`));
    expect(read.outline.some((o) => o.title.startsWith(`Tab ${removed.itemLabel} `))).toBe(false);
    expect(findActiveContent(reviewed)).toEqual([]);

    // the engine's own output is kept as it was: all 11 links, the override not in it
    const engine = await download('engine');
    // an update keeps the upload's bytes as they were, then adds to them
    const startsWithUpload = (b: Uint8Array) => b.length > uploaded.length && Buffer.compare(Buffer.from(b.subarray(0, uploaded.length)), Buffer.from(uploaded)) === 0;
    expect(startsWithUpload(engine)).toBe(update);
    expect(startsWithUpload(reviewed)).toBe(update);
    expect(sha256(engine)).toBe(sha256(engineBefore));
    const engineLinks = (await readPdfLinks(engine)).links.filter((l) => indexPages.has(l.page));
    expect(engineLinks).toHaveLength(11);
    expect(engineLinks.find((k) => overlaps(k.box, overridden.bbox!))?.target).toBe(overridden.targetPage);

    doc = await getDocument(s.t.app, s.cookie, doc.id);
    expect(doc).toMatchObject({ hasReviewedOutput: true, reviewedOutputCurrent: true, reviewedValidation: r.validation, linkCount: 10 });
  });

  it('approval means reviewed: links nobody looked at are approved only when the reviewer says so, by their number', async () => {
    // 11 links: one confirmed, one removed, one given a page by the reviewer; 8 never looked at
    expect((await getDocument(s.t.app, s.cookie, doc.id)).unreviewedCount).toBe(8);
    const asked = await call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName: 'Jane Counsel' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      field: 'unreviewedAccepted',
      message: '8 links have not been individually reviewed: confirm them, or approve with 8 links not individually reviewed',
    });
    // a stale number (the reviewer saw another count) is asked again
    const stale = await call('POST', `/api/documents/${doc.id}/review`, { approved: true, reviewerName: 'Jane Counsel', unreviewedAccepted: 7 });
    expect(stale.statusCode).toBe(409);
    expect((await getDocument(s.t.app, s.cookie, doc.id)).reviewStatus).toBeNull();
  });

  it('approves that exact file, and a later link edit withdraws the approval', async () => {
    const res = await approve('  Jane Counsel, LSO 12345A ');
    expect(res.statusCode, res.body).toBe(200);
    const reviewedBytes = await download();
    expect(res.json()).toMatchObject({
      reviewStatus: 'approved',
      lawyerReviewed: true,
      reviewedBy: 'Jane Counsel, LSO 12345A',
      approvedSha256: sha256(reviewedBytes),
      workflowStage: 4,
      approvalWithdrawnAt: null,
    });
    expect((await audit()).filter((e) => e.action === 'approve').at(-1)!.after).toMatchObject({ unreviewedLinks: 8 });

    // confirming a link changes nothing in the approved PDF: the approval stands
    const unlooked = links[1]!;
    expect((await call('PUT', `/api/links/${unlooked.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    doc = await getDocument(s.t.app, s.cookie, doc.id);
    expect(doc).toMatchObject({ reviewStatus: 'approved', reviewedOutputCurrent: true, unreviewedCount: 7 });

    const edit = await call('PUT', `/api/links/${confirmed.id}`, { targetPage: confirmed.targetPage! + 1 });
    expect(edit.statusCode).toBe(200);
    doc = await getDocument(s.t.app, s.cookie, doc.id);
    expect(doc).toMatchObject({ reviewStatus: null, lawyerReviewed: false, approvedSha256: null, reviewedOutputCurrent: false, workflowStage: 3 });
    expect(doc.approvalWithdrawnReason).toBe('A link was changed after approval');
    const withdrawn = (await audit()).filter((e) => e.action === 'approval-withdrawn');
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]!.after).toMatchObject({ reason: 'A link was changed after approval' });

    // the reviewed PDF no longer matches the links: approval needs a new one
    expect((await approve()).json().message).toMatch(/links changed since it was written/);
    expect((await call('PUT', `/api/links/${confirmed.id}`, { targetPage: confirmed.targetPage! })).statusCode).toBe(200);
  });

  it('a link without a destination blocks approval, naming it', async () => {
    const item = links[8]!;
    await s.t.database.db.update(linksTable).set({ targetPage: null, confidence: '0' }).where(eq(linksTable.id, item.id));
    const r = await regenerate();
    expect(r.ok).toBe(false);
    expect(r.unresolved).toEqual([{ ordinal: item.itemOrdinal, label: item.itemLabel, text: item.itemText }]);
    expect(r.validation).toMatchObject({ expected_tabs: 10, found_tabs: 9, links_created: 9, broken_links: 0, success: false });
    const blocked = await approve();
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain(`Tab ${item.itemLabel} – ${item.itemText!.slice(0, 20)}`);
    expect(blocked.json().message).toContain('has no destination');
    expect((await call('PUT', `/api/links/${item.id}`, { targetPage: item.targetPage! })).statusCode).toBe(200);
  });

  it('submission refuses an unapproved or changed document and files an approved one with its report', async () => {
    const refused = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`"${doc.title}" is not approved`);

    expect((await regenerate()).ok).toBe(true);
    expect((await approve()).statusCode).toBe(200);
    doc = await getDocument(s.t.app, s.cookie, doc.id);

    // the approved file changed on disk: refused, nothing filed
    const path = s.t.storage.documentFile(s.caseId, doc.id, 'Master.reviewed.pdf');
    const original = readFileSync(path);
    writeFileSync(path, Buffer.concat([original, Buffer.from('\n% changed\n')]));
    const changed = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: {} });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/changed since it was approved/);
    writeFileSync(path, original);

    const capped = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: { maxPages: 2 } });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().message).toContain(`has ${doc.pageCount} pages, over the court's limit of 2`);
    expect((await call('GET', `/api/cases/${s.caseId}/submissions`)).json()).toEqual([]);
    expect((await getDocument(s.t.app, s.cookie, doc.id)).courtSubmitted).toBe(false);

    const ok = await call('POST', '/api/documents/submit-to-court', { documentIds: [doc.id], courtInfo: { court: 'Court of Appeal for Ontario', maxMb: 50 } });
    expect(ok.statusCode, ok.body).toBe(201);
    const [sub] = (ok.json() as SubmitToCourtResponse).submissions;
    expect(sub!.documentId).toBe(doc.id);
    doc = await getDocument(s.t.app, s.cookie, doc.id);
    expect(doc).toMatchObject({ courtSubmitted: true, workflowStage: 5 });

    const filedRes = await call('GET', sub!.pdfUrl);
    expect(filedRes.headers['content-disposition']).toMatch(/^attachment; /);
    const filed = new Uint8Array(filedRes.rawPayload);
    const opened = await call('GET', `/api/documents/${doc.id}/download?disposition=inline`);
    expect(opened.headers['content-disposition']).toMatch(/^inline; filename=".*\(reviewed\)\.pdf"/);
    expect(sha256(new Uint8Array(opened.rawPayload))).toBe(doc.approvedSha256);
    expect((await call('GET', `${sub!.reportPdfUrl}?disposition=inline`)).headers['content-disposition']).toMatch(/^inline; /);
    expect((await call('GET', `/api/documents/${doc.id}/download?disposition=evil`)).statusCode).toBe(400);
    expect(sha256(filed)).toBe(doc.approvedSha256);
    expect(findActiveContent(filed)).toEqual([]);

    const list: SubmissionRecord[] = (await call('GET', `/api/cases/${s.caseId}/submissions`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ submissionId: sub!.submissionId, sha256: doc.approvedSha256, court: 'Court of Appeal for Ontario', approvedBy: 'Jane Counsel, LSO 12345A' });
    expect(list[0]!.validation).toMatchObject({ expected_tabs: 10, found_tabs: 10, links_created: 10, broken_links: 0, success: true });

    // the report lists every index entry, removed ones too, with who changed it
    const csvRes = await call('GET', sub!.reportCsvUrl);
    expect(csvRes.headers['content-type']).toMatch(/text\/csv/);
    const rows = csvRes.body.trim().split('\r\n');
    // the index entries: not the totals and sections (their lines start "# ", after a blank line)
    const entries = rows.slice(1).filter((r) => r !== '' && !r.startsWith('"# '));
    expect(rows).toContain('"# court rules","Custom (no court selected)"');
    const current = await getLinks();
    expect(entries).toHaveLength(11);
    for (const l of current) {
      const row = entries.find((r) => r.startsWith(`"${l.itemOrdinal}","${l.itemLabel}",`));
      expect(row, l.itemLabel!).toBeDefined();
      expect(row).toContain(`"${l.status}"`);
      if (l.status !== 'removed') expect(row).toContain(`"${l.targetPage}","${l.engineTargetPage}"`);
    }
    const email = (await call('GET', '/api/auth/user')).json().email as string;
    expect(entries.find((r) => r.startsWith(`"${removed.itemOrdinal}",`))).toContain(`"removed","${email}"`);
    expect(entries.find((r) => r.startsWith(`"${overridden.itemOrdinal}",`))).toContain(`"${newPage}","${overridden.targetPage}"`);
    expect(rows).toContain('"# expected_tabs","10"');
    expect(rows).toContain('"# broken_links","0"');

    const pdfRes = await call('GET', sub!.reportPdfUrl);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const report = openPdf(new Uint8Array(pdfRes.rawPayload));
    try {
      const text = Array.from({ length: report.pageCount }, (_, i) => report.pageText(i + 1).lines.map((l) => l.text).join('\n')).join('\n');
      expect(text).toContain('expected 10, found 10, links 10, broken 0: passed');
      for (const l of current) expect(text, l.itemLabel!).toMatch(new RegExp(`^${l.itemOrdinal}\\s`, 'm'));
    } finally {
      report.close();
    }

    // the three in one ZIP, each byte for byte, with a manifest of their SHA-256
    const zipRes = await call('GET', sub!.packageUrl);
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    expect(zipRes.headers['content-disposition']).toMatch(/court package\.zip"/);
    const dir = mkdtempSync(join(tmpdir(), 'brieflink-package-'));
    try {
      writeFileSync(join(dir, 'package.zip'), zipRes.rawPayload);
      execFileSync('unzip', ['-q', join(dir, 'package.zip'), '-d', join(dir, 'out')]);
      const names = readdirSync(join(dir, 'out')).sort();
      expect(names).toEqual([`${doc.title} - hyperlink report.csv`, `${doc.title} - hyperlink report.pdf`, `${doc.title} - preflight.txt`, `${doc.title}.pdf`, 'manifest.txt'].sort());
      expect(sha256(new Uint8Array(readFileSync(join(dir, 'out', `${doc.title}.pdf`))))).toBe(doc.approvedSha256);
      expect(readFileSync(join(dir, 'out', `${doc.title} - hyperlink report.csv`), 'utf8')).toBe(csvRes.body);
      const manifest = readFileSync(join(dir, 'out', 'manifest.txt'), 'utf8');
      expect(manifest).toContain(`${doc.approvedSha256}  ${doc.title}.pdf`);
      expect(execFileSync('sha256sum', ['-c', 'manifest.txt'], { cwd: join(dir, 'out') }).toString()).not.toMatch(/FAILED/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await call('GET', '/api/submissions/00000000-0000-4000-8000-000000000000/package.zip')).statusCode).toBe(404);
  });

  it('relink of a reviewed document asks first, and the audit trail tells the whole story', async () => {
    const asked = await call('POST', `/api/documents/${doc.id}/relink`, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ field: 'confirm' });
    expect((await getDocument(s.t.app, s.cookie, doc.id)).reviewStatus).toBe('approved');

    const actions = (await audit()).map((e) => e.action);
    for (const a of ['update', 'regenerate', 'approve', 'approval-withdrawn', 'submit-to-court']) expect(actions, a).toContain(a);
    expect((await audit()).find((e) => e.action === 'approve')!.after).toMatchObject({ reviewedBy: 'Jane Counsel, LSO 12345A' });

    const go = await call('POST', `/api/documents/${doc.id}/relink`, { confirm: true });
    expect(go.statusCode).toBe(200);
    doc = await waitForDocument(s.t.app, s.cookie, doc.id, (d) => d.aiProcessingStatus === 'completed', 60_000);
    // the reviewer's decisions on the links that came back the same are kept: the removed one stays removed
    expect(doc).toMatchObject({ reviewStatus: null, hasReviewedOutput: false, regeneratedAt: null, linkCount: 10, courtSubmitted: false, workflowStage: 3 });
    // what was filed stays filed
    expect((await call('GET', `/api/cases/${s.caseId}/submissions`)).json()).toHaveLength(1);
    expect(doc.approvalWithdrawnReason).toBe('The links were built again after approval');
    expect((await call('GET', `/api/documents/${doc.id}/download?version=reviewed`)).statusCode).toBe(404);
  });

  it('two regenerations at once leave a reviewed PDF whose hash is the one approved', async () => {
    const both = await Promise.all([call('POST', `/api/documents/${doc.id}/regenerate`), call('POST', `/api/documents/${doc.id}/regenerate`)]);
    expect(both.map((r) => r.statusCode).every((c) => c === 200 || c === 409)).toBe(true);
    const shas = both.filter((r) => r.statusCode === 200).map((r) => (r.json() as RegenerateResponse).sha256);
    expect(shas.length).toBeGreaterThan(0);
    const res = await approve();
    expect(res.statusCode, res.body).toBe(200);
    const onDisk = sha256(await download());
    expect(res.json().approvedSha256).toBe(onDisk);
    expect(shas).toContain(onDisk);
  });
});
