// Preflight of a document's reviewed PDF against a court profile (docs/adr/0009): the file that would
// be filed, read back on the PDF worker, each rule of the profile pass, fail or unchecked with the
// pages at fault. The profile is the one asked for, else the case's, else the custom one.
import { eq } from 'drizzle-orm';
import type { CourtProfileId, PreflightView } from '../../contract/court-rules.ts';
import type { IndexEntry } from '../../engine/court-rules/preflight.ts';
import type { Db } from '../db/client.ts';
import { cases, documents } from '../db/schema.ts';
import { failureText, runPdfTask, type TaskLimits } from '../documents/pdf-task.ts';
import { AppError } from '../errors.ts';
import type { Storage } from '../storage/files.ts';
import { loadReviewedSet } from './reviewed-set.ts';

type DocumentRow = typeof documents.$inferSelect;

/** The profile a document is checked against: the one asked for, the case's, or custom. */
export async function profileFor(db: Db, doc: DocumentRow, asked?: CourtProfileId): Promise<CourtProfileId> {
  if (asked) return asked;
  const [kase] = await db.select({ courtProfile: cases.courtProfile }).from(cases).where(eq(cases.id, doc.caseId));
  return (kase?.courtProfile as CourtProfileId | null | undefined) ?? 'custom';
}

/** The index entries of the reviewed set that carry a link (not removed, with a destination). */
export async function linkedEntries(db: Db, doc: DocumentRow): Promise<IndexEntry[]> {
  const loaded = await loadReviewedSet(db, doc);
  const briefPages = loaded.set.briefPages;
  return loaded.set.entries
    .filter((e) => !e.removed && e.targetPage !== null)
    // the page of the filed file: a page of the record counts after the brief
    .map((e) => ({ label: e.label, page: e.srcPage, bbox: e.bbox, targetPage: e.target === 'record' ? briefPages + e.targetPage! : e.targetPage! }));
}

/** Preflight of the document's reviewed PDF; 409 when there is none yet. */
export async function documentPreflight(
  deps: { db: Db; storage: Storage; limits: TaskLimits },
  doc: DocumentRow,
  asked?: CourtProfileId,
): Promise<PreflightView> {
  if (!doc.reviewedKey) throw new AppError('conflict', `"${doc.title}" has no reviewed PDF yet: regenerate the PDF, then run preflight on it`);
  const profile = await profileFor(deps.db, doc, asked);
  let report: PreflightView;
  try {
    report = (await runPdfTask(
      {
        op: 'preflight',
        path: deps.storage.documentFile(doc.caseId, doc.id, doc.reviewedKey),
        name: `${doc.title}.pdf`,
        profile,
        indexEntries: await linkedEntries(deps.db, doc),
      },
      deps.limits,
    )) as PreflightView;
  } catch (err) {
    throw new AppError('conflict', `"${doc.title}": preflight could not read the reviewed PDF: ${failureText(err)}`);
  }
  // a rule the reviewed PDF passes because the profile's fix made it so reads as fixed, with what was done
  const made = doc.courtFixes?.profile === profile ? doc.courtFixes.fixes : null;
  if (!made) return report;
  return {
    ...report,
    results: report.results.map((r) => (r.status === 'pass' && made[r.rule]?.length ? { ...r, status: 'fixed' as const, fixes: made[r.rule]! } : r)),
  };
}

/** The names of the rules a report fails, with their first finding, in a sentence. */
export function failedRules(report: PreflightView): string {
  return report.results
    .filter((r) => r.status === 'fail')
    .map((r) => `${r.rule} (${r.findings[0] ?? 'fails'})`)
    .join('; ');
}
