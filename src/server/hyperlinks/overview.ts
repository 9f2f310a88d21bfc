// The Hyperlinks overview (spec §2, §7; DESIGN §4): the sample case's three masters and the same calls
// on any document. Everything goes through the ordinary machinery: link building is the 'document-link'
// job, a destination changed is the link change of the review screen (routes/links.ts applyChange), and
// the PDF written again is Regenerate PDF (review/regenerate.ts). Documents are named by id or sample
// key, never by a path.
import { readFile } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import {
  SAMPLE_CASE_NUMBER,
  SAMPLE_OUTPUT_DIRS,
  sampleKeys,
  type DeterministicStatus,
  type EngineValidation,
  type EnhancedLink,
  type MasterState,
  type RebuildResponse,
  type RebuildResult,
  type ReviewLinkEntry,
  type SampleKey,
} from '../../contract/hyperlinks.ts';
import type { Actor } from '../audit.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { documents, links } from '../db/schema.ts';
import type { DocumentDeps } from '../documents/intake.ts';
import type { TaskLimits } from '../documents/pdf-task.ts';
import type { DocumentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import { WITHDRAW_REASONS } from '../review/approval-state.ts';
import { rebuildLinks, requireConfirmForAll } from '../review/rebuild-links.ts';
import { linksInIndexOrder } from '../review/reviewed-set.ts';
import type { SampleSize } from '../sample/generate.ts';
import { createSampleCase, findSampleCase, isBusy, isComplete, waitUntilSettled, type SampleCase } from '../sample/sample-case.ts';

export type OverviewDeps = DocumentDeps & { limits: TaskLimits };

const WAIT_LIMIT_MS = 25 * 60_000;
const isSampleKey = (v: string): v is SampleKey => (sampleKeys as readonly string[]).includes(v);
/** The overview's own names of the sample's masters. */
const DOCUMENT_TYPES: Record<string, SampleKey> = { '13': 'supp13', '63': 'doc63', subrules: 'tr5' };

/** A document named by id, sample key or the overview's document type ('13', '63', 'subrules'). */
export async function resolveDocument(db: Db, ref: string): Promise<{ doc: DocumentRow; key: SampleKey | null }> {
  const key = DOCUMENT_TYPES[ref] ?? (isSampleKey(ref) ? ref : null);
  if (key) {
    const sample = await findSampleCase(db);
    const doc = sample?.docs[key];
    if (!doc) throw new AppError('not_found', 'The sample case has not been created yet; create it on the Hyperlinks page or with npm run sample');
    return { doc, key };
  }
  const [doc] = await db.select().from(documents).where(and(eq(documents.id, ref), caseNotTrashed)).limit(1);
  if (!doc) throw new AppError('not_found', 'Document not found');
  const sample = await findSampleCase(db);
  const asSample = sampleKeys.find((k) => sample?.docs[k]?.id === doc.id) ?? null;
  return { doc, key: asSample };
}

/** Resolves an output folder of ours (out/<id>, out/review_63 …) to its document. */
export async function resolveOutputDir(db: Db, dir: string): Promise<DocumentRow> {
  const name = dir.replace(/^out\//, '');
  const key = sampleKeys.find((k) => SAMPLE_OUTPUT_DIRS[k] === name);
  return (await resolveDocument(db, key ?? name)).doc;
}

export function outputDirOf(doc: DocumentRow, key: SampleKey | null): string {
  return key ? `out/${SAMPLE_OUTPUT_DIRS[key]}` : `out/${doc.id}`;
}

export function pdfUrlOf(doc: DocumentRow, key: SampleKey | null): string {
  return key ? `/${outputDirOf(doc, key)}/Master.TabsRange.linked.pdf` : `/${outputDirOf(doc, key)}/Master.linked.pdf`;
}

/** The engine's validation of the written Master.linked.pdf, from its review.json. */
export async function engineValidation(deps: DocumentDeps, doc: DocumentRow): Promise<EngineValidation | null> {
  if (!doc.outputKey) return null;
  try {
    const review = JSON.parse(await readFile(deps.storage.documentFile(doc.caseId, doc.id, 'review.json'), 'utf8')) as {
      validation?: EngineValidation;
    };
    return review.validation ?? null;
  } catch {
    return null;
  }
}

async function liveLinks(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ srcDocId: links.srcDocId, targetPage: links.targetPage, status: links.status })
    .from(links)
    .where(inArray(links.srcDocId, ids));
}

function failureOf(d: DocumentRow): string | null {
  if (d.aiProcessingStatus === 'failed') return d.linkFailureReason ?? d.failureReason ?? 'Link building failed';
  if (d.indexStatus === 'error' || d.status === 'failed') return d.failureReason ?? 'Processing failed';
  return null;
}

export async function deterministicStatus(db: Db): Promise<DeterministicStatus> {
  const sample = await findSampleCase(db);
  const docs = sampleKeys.map((k) => sample?.docs[k]).filter((d): d is DocumentRow => !!d);
  const rows = await liveLinks(db, docs.map((d) => d.id));
  const master = (k: SampleKey): MasterState => {
    const d = sample?.docs[k];
    if (!d) return { documentId: null, title: null, built: 0, total: 0, state: 'missing', pageCount: null, pdfUrl: null, error: null };
    const mine = rows.filter((r) => r.srcDocId === d.id && r.status !== 'removed');
    const done = d.aiProcessingStatus === 'completed';
    return {
      documentId: d.id,
      title: d.title,
      built: done ? mine.filter((r) => r.targetPage !== null).length : 0,
      total: d.indexCount,
      state: isBusy(d) ? (d.aiProcessingStatus === 'none' ? 'queued' : d.aiProcessingStatus) : d.aiProcessingStatus,
      pageCount: d.pageCount,
      pdfUrl: d.outputKey ? pdfUrlOf(d, k) : null,
      error: failureOf(d),
    };
  };
  const [supp13, doc63, tr5] = sampleKeys.map(master) as [MasterState, MasterState, MasterState];
  const all = [supp13, doc63, tr5];
  const status: DeterministicStatus['status'] = !isComplete(sample)
    ? 'missing'
    : docs.some(isBusy)
      ? 'building'
      : all.every((m) => m.state === 'completed' && m.total > 0 && m.built === m.total)
        ? 'ready'
        : 'failed';
  return {
    status,
    caseId: sample?.caseId ?? null,
    caseNumber: SAMPLE_CASE_NUMBER,
    supp13,
    doc63,
    tr5,
    totalLinks: all.reduce((n, m) => n + m.built, 0),
  };
}

/** Creates the sample case when it is missing (returns at once; its documents are queued). */
export async function ensureSample(deps: OverviewDeps, actor: Actor | null, size: SampleSize): Promise<{ sample: SampleCase; created: boolean }> {
  const before = await findSampleCase(deps.db);
  if (isComplete(before)) return { sample: before, created: false };
  return { sample: await createSampleCase(deps, actor, size), created: true };
}

/**
 * Queues link building of documents again (the rebuild and the dynamic processor), as Retry Links does,
 * under the rule of every rebuild (review/rebuild-links.ts): a reviewed one only with `confirm`.
 */
export async function relink(deps: OverviewDeps, actor: Actor, docs: DocumentRow[], action: string, confirm: boolean | undefined): Promise<void> {
  const idle = docs.filter((d) => !isBusy(d)); // a busy one is already on its way
  await requireConfirmForAll(deps.db, idle.map((d) => d.id), confirm);
  for (const d of idle) await rebuildLinks(deps, actor, d.id, { from: 'links', confirm, reason: WITHDRAW_REASONS.relink, action });
}

/** One document's outcome after its links were built: total, the engine's validation, where its PDF is. */
export async function resultOf(deps: DocumentDeps, doc: DocumentRow, key: SampleKey | null): Promise<RebuildResult> {
  const validation = await engineValidation(deps, doc);
  return {
    documentId: doc.id,
    total: doc.indexCount,
    validation,
    review: { pdfUrl: pdfUrlOf(doc, key), total: doc.indexCount },
    error: failureOf(doc) ?? (doc.aiProcessingStatus === 'completed' ? null : 'Link building did not finish'),
  };
}

export async function rebuildDeterministic(
  deps: OverviewDeps,
  actor: Actor,
  size: SampleSize,
  stop: () => boolean,
  confirm?: boolean,
): Promise<RebuildResponse> {
  const { sample, created } = await ensureSample(deps, actor, size);
  const docs = sampleKeys.map((k) => sample.docs[k]).filter((d): d is DocumentRow => !!d);
  if (!created) await relink(deps, actor, docs, 'rebuild-deterministic', confirm);
  const settled = await waitUntilSettled(deps.db, docs.map((d) => d.id), WAIT_LIMIT_MS, stop);
  const results: RebuildResponse['results'] = {};
  for (const k of sampleKeys) {
    const d = settled.find((r) => r.id === sample.docs[k]?.id);
    if (d) results[k] = await resultOf(deps, d, k);
  }
  const failures = sampleKeys.flatMap((k) => (results[k]?.error ? [`${k}: ${results[k]!.error}`] : []));
  const ok = failures.length === 0 && sampleKeys.every((k) => results[k]?.validation?.success);
  const status = await deterministicStatus(deps.db);
  return {
    ok,
    error: ok ? null : failures.length ? 'Building the links of the sample masters failed' : 'A master did not validate',
    stderr: failures.length ? failures.join('\n') : null,
    totalLinks: status.totalLinks,
    created,
    results,
  };
}

/** The review-links view of a document: one entry per index item, and the record's items (subrules). */
export async function reviewLinks(db: Db, doc: DocumentRow, key: SampleKey | null) {
  const rows = await linksInIndexOrder(db, doc.id);
  const entries: ReviewLinkEntry[] = rows.map(({ link, item }) => ({
    id: link.id,
    tab_number: item.label,
    text: item.text,
    brief_page: link.srcPage,
    tr_dest_page: link.targetPage,
    target: link.target,
    master_page: link.masterPage,
    is_marker: /\bmarker '[^']+'/i.test(link.why ?? ''),
    status: link.status,
  }));
  // The trial record's documents: the record's own items, or those of the record a brief points into.
  const recordId = doc.kind === 'record' ? doc.id : doc.recordDocumentId;
  let subrules: Array<{ doc_number: string; tr_page: number | null }> = [];
  if (recordId) {
    const rec = await linksInIndexOrder(db, recordId);
    subrules = rec.filter(({ link }) => link.status !== 'removed').map(({ link, item }) => ({ doc_number: item.label, tr_page: link.targetPage }));
  }
  return {
    ok: true,
    error: null,
    documentId: doc.id,
    title: doc.title,
    pageCount: doc.pageCount,
    pdfUrl: pdfUrlOf(doc, key),
    total: entries.length,
    links: entries,
    subrules,
  };
}

export async function enhancedLinks(db: Db, doc: DocumentRow): Promise<EnhancedLink[]> {
  const rows = await linksInIndexOrder(db, doc.id);
  return rows
    .filter(({ link }) => link.status !== 'removed')
    .map(({ link, item }) => ({
      id: link.id,
      type: item.type,
      text: `${item.label} – ${item.text}`,
      sourcePage: link.srcPage,
      targetPage: link.targetPage,
      targetParagraph: link.targetParagraph,
      highlighted: link.highlighted,
      notes: link.notes,
    }));
}
