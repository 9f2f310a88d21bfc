// Court submission (DESIGN §7): only approved documents whose reviewed PDF validated and still has
// the approved hash, within the court's caps. All or nothing: one refused document files none.
// Each filed document gets a submission row and its package: the approved PDF as it was approved,
// and the hyperlink report as PDF and CSV.
import { randomUUID } from 'node:crypto';
import { stat, rm } from 'node:fs/promises';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CourtInfo, SubmissionRecord, SubmittedFiles, ValidationTotals } from '../../contract/review.ts';
import { recordAudit, type Actor } from '../audit.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { auditEvents, cases, documents, submissions } from '../db/schema.ts';
import { runPdfTask, failureText, type TaskLimits } from '../documents/pdf-task.ts';
import { notifyDocument } from '../documents/processing-state.ts';
import { AppError } from '../errors.ts';
import type { Storage } from '../storage/files.ts';
import { reportCsv, reportPdfPages, type ReportEntry } from './report.ts';
import { loadReviewedSet, type LoadedSet } from './reviewed-set.ts';
import { zipEntryName, type ZipFile } from './zip-package.ts';
import { recordsOf } from '../documents/record-pairing.ts';
import { referenceTotals } from './references.ts';
import { authorityTarget, authorityTotals } from './authorities.ts';
import type { ReportAuthorities, ReportCourtRules, ReportInput, ReportReferences } from './report.ts';
import type { PreflightView } from '../../contract/court-rules.ts';
import { preflightText, type PreflightReport } from '../../engine/court-rules/preflight.ts';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';
import { documentPreflight, failedRules, linkedEntries } from './preflight.ts';

const failing = (r: PreflightView) => r.results.filter((x) => x.status === 'fail').map((x) => x.rule);

type DocumentRow = typeof documents.$inferSelect;
const MB = 1024 * 1024;

export type SubmissionFile = 'pdf' | 'report.pdf' | 'report.csv' | 'preflight.txt';
export const submissionFileName = (id: string, file: SubmissionFile) =>
  file === 'pdf' ? `submission-${id}.pdf` : file === 'report.pdf' ? `submission-${id}-report.pdf` : file === 'report.csv' ? `submission-${id}-report.csv` : `submission-${id}-preflight.txt`;

const urls = (id: string, documentId: string): SubmittedFiles => ({
  documentId,
  submissionId: id,
  pdfUrl: `/api/submissions/${id}/pdf`,
  reportPdfUrl: `/api/submissions/${id}/report.pdf`,
  reportCsvUrl: `/api/submissions/${id}/report.csv`,
  packageUrl: `/api/submissions/${id}/package.zip`,
});

/** Why this document cannot be filed (with its title), or null. */
async function refusal(storage: Storage, doc: DocumentRow, info: CourtInfo, pages: number): Promise<string | null> {
  const name = `"${doc.title}"`;
  if (doc.reviewStatus !== 'approved' || !doc.lawyerReviewed || !doc.approvedSha256) {
    return doc.approvalWithdrawnReason && doc.reviewStatus === null
      ? `${name} is not approved: its approval was withdrawn (${doc.approvalWithdrawnReason})`
      : `${name} is not approved`;
  }
  if (!doc.reviewedKey || doc.reviewedSha256 !== doc.approvedSha256 || !doc.reviewedCurrent) {
    return `${name} changed since it was approved; review and approve it again`;
  }
  if (!doc.reviewedValidation?.success) return `${name} did not pass validation; regenerate and approve it again`;
  if (info.maxPages !== undefined && pages > info.maxPages) {
    return `${name} has ${pages} pages, over the court's limit of ${info.maxPages}`;
  }
  if (info.maxMb !== undefined) {
    const size = (await stat(storage.documentFile(doc.caseId, doc.id, doc.reviewedKey)).catch(() => null))?.size;
    if (size === undefined) return `${name}: its approved PDF is missing`;
    if (size > info.maxMb * MB) return `${name} is ${(size / MB).toFixed(2)} MB, over the court's limit of ${info.maxMb} MB`;
  }
  return null;
}

/** Who last confirmed, removed or changed each link, and when, from the audit trail. */
async function lastChanges(db: Db, linkIds: string[]): Promise<Map<string, { by: string | null; at: Date }>> {
  const out = new Map<string, { by: string | null; at: Date }>();
  if (!linkIds.length) return out;
  const rows = await db
    .select({ entityId: auditEvents.entityId, actor: auditEvents.actor, at: auditEvents.at })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'link'), inArray(auditEvents.entityId, linkIds), inArray(auditEvents.action, ['update', 'create'])))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
  for (const r of rows) if (r.entityId && !out.has(r.entityId)) out.set(r.entityId, { by: r.actor, at: r.at });
  return out;
}

/** The report's references section: totals by record document and each reference to the record. */
async function reportReferences(db: Db, doc: typeof documents.$inferSelect): Promise<ReportReferences> {
  const { byRecord, rows } = await referenceTotals(db, doc);
  return {
    byRecord,
    rows: rows.map((r) => ({
      page: r.page,
      text: r.text,
      record: r.recordTitle ? `${r.recordCiteAs ? `${r.recordCiteAs} - ` : ''}${r.recordTitle}` : null,
      destination: r.status === 'removed' ? null : r.masterPage,
      status: r.status,
      confidence: r.confidence,
      why: r.targetPage === null ? (r.unresolvedReason ?? r.why) : r.why,
    })),
  };
}

/** The report's authorities section: linked and listed-not-linked, and each authority with where it goes. */
async function reportAuthorities(db: Db, doc: typeof documents.$inferSelect): Promise<ReportAuthorities | null> {
  const { totals, rows } = await authorityTotals(db, doc);
  if (!rows.length) return null;
  return {
    totals,
    rows: rows.map((r) => ({
      page: r.page,
      text: r.text,
      toaRow: r.toaRow,
      target: r.status === 'removed' ? null : authorityTarget(r),
      status: r.status,
      why: r.linked ? r.why : (r.unresolvedReason ?? r.why),
    })),
  };
}

function reportEntries(loaded: LoadedSet, changes: Map<string, { by: string | null; at: Date }>): ReportEntry[] {
  const inFiled = (target: 'source' | 'record' | undefined, page: number | null) =>
    page === null ? null : target === 'record' ? page + loaded.set.briefPages : page;
  return loaded.set.entries.map((e, i) => {
    const change = changes.get(loaded.linkIds[i]!);
    return {
      ordinal: e.ordinal,
      label: e.label,
      text: e.text,
      // pages of the filed PDF: a record's page follows the brief's pages in the merged master
      destination: e.removed ? null : inFiled(e.target, e.targetPage),
      engineDestination: inFiled(e.target, loaded.engineTargetPages[i] ?? null),
      confidence: e.confidence,
      status: loaded.statuses[i] ?? 'auto',
      changedBy: change?.by ?? null,
      changedAt: change?.at.toISOString() ?? null,
    };
  });
}

interface Prepared {
  id: string;
  doc: DocumentRow;
  preflight: PreflightView;
  validation: ValidationTotals;
  pageCount: number;
  fileSize: number;
}

export async function submitToCourt(
  deps: { db: Db; storage: Storage; limits: TaskLimits },
  user: Actor,
  documentIds: string[],
  info: CourtInfo,
): Promise<SubmittedFiles[]> {
  const { db, storage } = deps;
  const ids = [...new Set(documentIds)];
  const rows = await db.select().from(documents).where(and(inArray(documents.id, ids), caseNotTrashed));
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw new AppError('not_found', `Document ${missing} not found`, 'documentIds');
  const docs = ids.map((id) => rows.find((r) => r.id === id)!);
  // the pages filed: a paired brief's approved PDF carries its trial record after it
  const filedPages = new Map<string, number>();
  for (const doc of docs) {
    const recs = await recordsOf(db, doc);
    filedPages.set(doc.id, (doc.pageCount ?? 0) + recs.reduce((n, r) => n + (r.pageCount ?? 0), 0));
  }
  for (const doc of docs) {
    const why = await refusal(storage, doc, info, filedPages.get(doc.id)!);
    if (why) throw new AppError('conflict', `${why}. Nothing was submitted.`, 'documentIds');
  }
  // the court's rules, checked on the approved file: a failure files nothing unless the reviewer gives a reason
  const preflights = new Map<string, PreflightView>();
  for (const doc of docs) {
    const report = await documentPreflight(deps, doc, info.courtProfile);
    // over the court's pages per volume: the package carries the file split into volumes, checked again
    if (failing(report).includes('pagesPerVolume')) {
      preflights.set(doc.id, report);
      continue;
    }
    if (!report.ok && !info.preflightOverride) {
      throw new AppError('conflict', `"${doc.title}" fails preflight against ${report.profileName}: ${failedRules(report)}. Fix it and approve it again, or file it with a reason for the override. Nothing was submitted.`, 'documentIds');
    }
    preflights.set(doc.id, report);
  }

  const written: string[] = [];
  const prepared: Prepared[] = [];
  const submittedAt = new Date();
  try {
    for (const doc of docs) {
      const [kase] = await db.select().from(cases).where(eq(cases.id, doc.caseId));
      const loaded = await loadReviewedSet(db, doc);
      const id = randomUUID();
      const file = (name: string) => storage.documentFile(doc.caseId, doc.id, name);
      const report: ReportInput = {
        caseNumber: kase?.caseNumber ?? '',
        caseTitle: kase?.title ?? '',
        documentTitle: doc.title,
        sha256: doc.approvedSha256!,
        pageCount: filedPages.get(doc.id)!,
        approvedBy: doc.reviewedBy ?? '',
        approvedAt: doc.reviewedAt?.toISOString() ?? '',
        submittedBy: user.email,
        submittedAt: submittedAt.toISOString(),
        court: info.court ?? null,
        validation: doc.reviewedValidation!,
        entries: reportEntries(loaded, await lastChanges(db, loaded.linkIds)),
        ...(loaded.records.length ? { references: await reportReferences(db, doc) } : {}),
      };
      const auths = await reportAuthorities(db, doc);
      if (auths) report.authorities = auths;
      report.courtRules = reportCourtRules(preflights.get(doc.id)!, info.preflightOverride?.reason ?? null);
      const outs = (['pdf', 'report.pdf', 'report.csv'] as const).map((f) => file(submissionFileName(id, f)));
      const preflightOut = file(submissionFileName(id, 'preflight.txt'));
      written.push(...outs, preflightOut);
      let preflight = preflights.get(doc.id)!;
      let out;
      try {
        out = await runPdfTask({
          op: 'package',
          approvedPath: file(doc.reviewedKey!),
          sha256: doc.approvedSha256!,
          set: loaded.set,
          pdfOut: outs[0]!,
          reportPdfOut: outs[1]!,
          reportPdfPages: reportPdfPages(report),
          reportCsvOut: outs[2]!,
          reportCsv: reportCsv(report),
        }, deps.limits);
      } catch (err) {
        throw new AppError('conflict', `"${doc.title}" could not be packaged: ${failureText(err)}. Nothing was submitted.`, 'documentIds');
      }
      const name = `"${doc.title}"`;
      if (out.sha256 !== doc.approvedSha256) throw new AppError('conflict', `${name} changed since it was approved (its file no longer has the approved SHA-256). Nothing was submitted.`, 'documentIds');
      if (out.activeContent.length) throw new AppError('conflict', `${name} holds active content (${out.activeContent.join(', ')}), which a court filing must not. Nothing was submitted.`, 'documentIds');
      if (!out.validation.success) throw new AppError('conflict', `${name} did not pass validation when read back. Nothing was submitted.`, 'documentIds');
      let volumes: PreflightView[] | undefined;
      if (failing(preflight).includes('pagesPerVolume')) {
        const split = await runPdfTask({
          op: 'volumes',
          path: outs[0]!,
          name: `${doc.title}.pdf`,
          profile: preflight.profile,
          indexEntries: await linkedEntries(db, doc),
          outPrefix: file(`submission-${id}-volume`),
        }, deps.limits).catch((err: unknown) => {
          throw new AppError('conflict', `"${doc.title}" could not be split into the court's volumes: ${failureText(err)}. Nothing was submitted.`, 'documentIds');
        });
        written.push(...split.volumes.map((v) => v.path));
        volumes = split.reports as PreflightView[];
        // what is filed is the volumes: the preflight that decides is theirs
        preflight = { ...preflight, ok: volumes.every((v) => v.ok), volumes } as PreflightView & { volumes: PreflightView[] };
        if (!preflight.ok && !info.preflightOverride) {
          const bad = volumes.filter((v) => !v.ok).map((v) => `volume ${v.file.volume}: ${failedRules(v)}`).join('; ');
          throw new AppError('conflict', `"${doc.title}" fails preflight against ${preflight.profileName} once split into volumes: ${bad}. Fix it and approve it again, or file it with a reason for the override. Nothing was submitted.`, 'documentIds');
        }
      }
      const override = !preflight.ok && info.preflightOverride ? `\nFiled although preflight fails, by ${user.email}, for this reason: ${info.preflightOverride.reason}\n` : '';
      await writeFileAtomic(preflightOut, `${preflightText([(volumes ? volumes : [preflight]) as PreflightReport[]].flat())}${override}`);
      prepared.push({ id, doc, preflight, validation: out.validation, pageCount: out.pageCount, fileSize: out.fileSize });
    }
    await db.transaction(async (tx) => {
      for (const p of prepared) {
        const [now] = await tx.select().from(documents).where(eq(documents.id, p.doc.id)).for('update');
        if (!now || now.approvedSha256 !== p.doc.approvedSha256 || now.reviewStatus !== 'approved') {
          throw new AppError('conflict', `"${p.doc.title}" changed while it was being submitted. Nothing was submitted.`, 'documentIds');
        }
        const [row] = await tx
          .insert(submissions)
          .values({
            id: p.id,
            caseId: p.doc.caseId,
            documentId: p.doc.id,
            submittedBy: user.id,
            submittedByEmail: user.email,
            approvedBy: p.doc.reviewedBy,
            court: info.court ?? null,
            courtInfo: info,
            sha256: p.doc.approvedSha256!,
            pageCount: p.pageCount,
            fileSize: p.fileSize,
            validation: p.validation,
            preflight: p.preflight,
            preflightOverride: p.preflight.ok ? null : (info.preflightOverride?.reason ?? null),
            submittedAt,
          })
          .returning();
        if (!p.preflight.ok) {
          const reports = (p.preflight as PreflightView & { volumes?: PreflightView[] }).volumes ?? [p.preflight];
          await recordAudit(tx, user, 'preflight-override', 'document', p.doc.id, null, {
            submissionId: p.id,
            profile: p.preflight.profile,
            reason: info.preflightOverride!.reason,
            failed: reports.flatMap((x) => x.results.filter((r) => r.status === 'fail').map((r) => ({ ...(x.file.volume ? { volume: x.file.volume } : {}), rule: r.rule, findings: r.findings }))),
          });
        }
        await tx.update(documents).set({ courtSubmitted: true, courtSubmittedAt: submittedAt, updatedAt: submittedAt }).where(eq(documents.id, p.doc.id));
        await recordAudit(tx, user, 'submit-to-court', 'document', p.doc.id, { courtSubmitted: p.doc.courtSubmitted }, { courtSubmitted: true, submissionId: p.id, sha256: row!.sha256, court: row!.court, validation: p.validation, preflight: { profile: p.preflight.profile, ok: p.preflight.ok } });
      }
    });
  } catch (err) {
    await Promise.all(written.map((f) => rm(f, { force: true })));
    throw err;
  }
  for (const p of prepared) await notifyDocument(db, p.doc.id);
  return prepared.map((p) => urls(p.id, p.doc.id));
}

export async function caseSubmissions(db: Db, caseId: string): Promise<SubmissionRecord[]> {
  const rows = await db
    .select({ s: submissions, title: documents.title })
    .from(submissions)
    .innerJoin(documents, eq(documents.id, submissions.documentId))
    .where(eq(submissions.caseId, caseId))
    .orderBy(desc(submissions.submittedAt));
  return rows.map(({ s, title }) => ({
    ...urls(s.id, s.documentId),
    caseId: s.caseId,
    documentTitle: title,
    submittedAt: s.submittedAt.toISOString(),
    submittedBy: s.submittedByEmail,
    approvedBy: s.approvedBy,
    court: s.court,
    sha256: s.sha256,
    pageCount: s.pageCount,
    fileSize: s.fileSize,
    validation: s.validation as ValidationTotals,
  }));
}

/** The files of a submission as they go in its ZIP, with the package's name and what the manifest says first. */
export async function submissionPackage(db: Db, storage: Storage, id: string): Promise<{ name: string; files: ZipFile[]; head: string; submittedAt: Date }> {
  const files: ZipFile[] = [];
  for (const f of ['pdf', 'report.pdf', 'report.csv', 'preflight.txt'] as const) {
    const one = await submissionFile(db, storage, id, f);
    // submissions filed before preflight existed have no preflight.txt
    if (f === 'preflight.txt' && !(await stat(one.path).catch(() => null))) continue;
    files.push({ name: zipEntryName(one.name), path: one.path });
  }
  // the court's volumes, when the filed PDF was split into them
  const [vols] = await db.select({ preflight: submissions.preflight, caseId: submissions.caseId, documentId: submissions.documentId, title: documents.title }).from(submissions).innerJoin(documents, eq(documents.id, submissions.documentId)).where(eq(submissions.id, id));
  const count = (vols?.preflight as { volumes?: unknown[] } | null)?.volumes?.length ?? 0;
  for (let n = 1; n <= count; n++) {
    files.push({ name: zipEntryName(`${vols!.title} - Volume ${n}.pdf`), path: storage.documentFile(vols!.caseId, vols!.documentId, `submission-${id}-volume-${n}.pdf`) });
  }
  const [row] = await db
    .select({ s: submissions, title: documents.title, caseNumber: cases.caseNumber })
    .from(submissions)
    .innerJoin(documents, eq(documents.id, submissions.documentId))
    .innerJoin(cases, eq(cases.id, submissions.caseId))
    .where(eq(submissions.id, id));
  const s = row!.s;
  const head =
    `# Court package of "${row!.title}", case ${row!.caseNumber}\n` +
    `# Submitted ${s.submittedAt.toISOString()} by ${s.submittedByEmail}${s.court ? ` to ${s.court}` : ''}; approved by ${s.approvedBy ?? 'unknown'}\n` +
    `# SHA-256 of each file; check with: sha256sum -c manifest.txt\n`;
  return { name: zipEntryName(`${row!.title} - court package.zip`), files, head, submittedAt: s.submittedAt };
}

/** The path and download name of one file of a submission; 404 for an unknown id. */
export async function submissionFile(db: Db, storage: Storage, id: string, file: SubmissionFile): Promise<{ path: string; name: string; type: string }> {
  const [row] = await db
    .select({ s: submissions, title: documents.title })
    .from(submissions)
    .innerJoin(documents, eq(documents.id, submissions.documentId))
    .where(eq(submissions.id, id));
  if (!row) throw new AppError('not_found', 'Submission not found');
  const path = storage.documentFile(row.s.caseId, row.s.documentId, submissionFileName(id, file));
  const name = file === 'pdf' ? `${row.title}.pdf` : file === 'report.pdf' ? `${row.title} - hyperlink report.pdf` : file === 'report.csv' ? `${row.title} - hyperlink report.csv` : `${row.title} - preflight.txt`;
  const type = file === 'report.csv' ? 'text/csv; charset=utf-8' : file === 'preflight.txt' ? 'text/plain; charset=utf-8' : 'application/pdf';
  return { path, name, type };
}

/**
 * The court rules as the report states them: each rule of the approved file's preflight with the fixes written
 * into it or what fails; a file over the court's pages per volume is filed as its volumes (checked again).
 */
function reportCourtRules(p: PreflightView, override: string | null): ReportCourtRules {
  const rules = p.results.map((x) => x.rule === 'pagesPerVolume' && x.status === 'fail'
    ? { rule: x.rule, status: 'fixed' as const, requirement: x.requirement, detail: [...x.findings, 'filed as volumes within the limit, each checked again'] }
    : { rule: x.rule, status: x.status, requirement: x.requirement, detail: x.status === 'fixed' ? x.fixes ?? x.findings : x.findings });
  return { profileName: p.profileName, rules, override: rules.some((x) => x.status === 'fail') ? override : null };
}
