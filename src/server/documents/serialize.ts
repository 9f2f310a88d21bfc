// Database rows → the documents API contract.
import {
  percentOf,
  type DocumentRecord,
  type IndexItemRecord,
  type LinkRecord,
  type OcrProgress,
} from '../../contract/documents.ts';
import type { WorkflowStage } from '../../contract/review.ts';
import type { documents, indexItems, links } from '../db/schema.ts';
import { parseIndexPages } from './index-pages.ts';

type DocumentRow = typeof documents.$inferSelect;

/**
 * A reading's parseProgress: text 0-50, OCR 50-95, then from INDEX_STAGE_FROM (96-99) the pages the index needs
 * read in full (read-for-links.ts), after the first reading's 100%.
 */
export const INDEX_STAGE_FROM = 96;
export const INDEX_STAGE_SPAN = 4;

export function ocrProgressOf(d: DocumentRow): OcrProgress {
  const status = d.ocrStatus as OcrProgress['status'];
  const total = d.ocrTotal || d.pageCount || 0;
  const done = status === 'completed' ? total : Math.min(d.ocrDone, total);
  const stage = status !== 'processing' ? null : d.parseProgress >= INDEX_STAGE_FROM ? 'index' : d.parseProgress >= 50 ? 'ocr' : 'text';
  return {
    status,
    stage,
    done,
    total,
    percent: status === 'completed' ? 100 : percentOf(done, total),
    etaMs: status === 'completed' ? 0 : d.ocrEtaMs,
    avgMsPerPage: d.ocrAvgMsPerPage,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function validationOf(v: DocumentRow['reviewedValidation']): DocumentRecord['reviewedValidation'] {
  if (!v) return null;
  const { expected_tabs, found_tabs, links_created, broken_links, success } = v;
  return { expected_tabs, found_tabs, links_created, broken_links, success };
}

/** Spec §4: 1 uploaded; 2 selected for AI; 3 AI queued/processing/complete; 4 approved; 5 court submitted. */
export function workflowStageOf(d: DocumentRow): WorkflowStage {
  if (d.courtSubmitted) return 5;
  if (d.lawyerReviewed && d.reviewStatus === 'approved') return 4;
  if (d.aiProcessingStatus !== 'none' && d.aiProcessingStatus !== 'failed') return 3;
  if (d.selectedForHyperlinking || d.aiProcessingStatus === 'failed') return 2;
  return 1;
}

/** What documentJson takes from other tables: the brief's record documents and its references. */
export interface DocumentExtras {
  recordDocumentIds?: string[];
  referenceCount?: number;
  unresolvedReferenceCount?: number;
  /** Links no reviewer confirmed, removed or gave a page (review/approval.ts). */
  unreviewedCount?: number;
}

export function documentJson(d: DocumentRow, linkCount = 0, unresolvedCount = 0, extras: DocumentExtras = {}): DocumentRecord {
  return {
    id: d.id,
    caseId: d.caseId,
    title: d.title,
    alias: d.alias,
    kind: d.kind === 'record' ? 'record' : 'brief',
    recordDocumentId: d.recordDocumentId,
    recordDocumentIds: extras.recordDocumentIds ?? (d.recordDocumentId ? [d.recordDocumentId] : []),
    citeAs: d.citeAs,
    volume: d.volume,
    referenceCount: extras.referenceCount ?? 0,
    unresolvedReferenceCount: extras.unresolvedReferenceCount ?? 0,
    originalName: d.originalName,
    fileSize: d.fileSize,
    pageCount: d.pageCount,
    uploadedAt: d.uploadedAt.toISOString(),
    status: d.status,
    failureReason: d.failureReason ?? d.linkFailureReason,
    ocrStatus: d.ocrStatus as DocumentRecord['ocrStatus'],
    ocrProgress: ocrProgressOf(d),
    parseProgress: d.parseProgress,
    aiProcessingStatus: d.aiProcessingStatus as DocumentRecord['aiProcessingStatus'],
    selectedForHyperlinking: d.selectedForHyperlinking,
    lawyerReviewed: d.lawyerReviewed,
    reviewStatus: d.reviewStatus === 'approved' || d.reviewStatus === 'rejected' ? d.reviewStatus : null,
    reviewedBy: d.reviewedBy,
    reviewedAt: iso(d.reviewedAt),
    reviewReason: d.reviewReason,
    approvedSha256: d.approvedSha256,
    approvalWithdrawnAt: iso(d.approvalWithdrawnAt),
    approvalWithdrawnReason: d.approvalWithdrawnReason,
    courtSubmitted: d.courtSubmitted,
    courtSubmittedAt: iso(d.courtSubmittedAt),
    regeneratedAt: iso(d.regeneratedAt),
    reviewedOutputCurrent: d.reviewedKey !== null && d.reviewedCurrent,
    reviewedValidation: validationOf(d.reviewedValidation),
    unresolvedCount,
    unreviewedCount: extras.unreviewedCount ?? 0,
    workflowStage: workflowStageOf(d),
    index_status: d.indexStatus as DocumentRecord['index_status'],
    index_count: d.indexCount,
    index_pages: d.indexPages,
    indexPages: parseIndexPages(d.indexPages) ?? null,
    has_links: d.hasLinks,
    textLayer: { done: Math.min(d.textLayerDone, d.textLayerTotal), total: d.textLayerTotal },
    index_detected_at: d.indexDetectedAt?.toISOString() ?? null,
    linkCount,
    hasOutput: d.outputKey !== null || d.reviewedKey !== null,
    hasReviewedOutput: d.reviewedKey !== null,
  };
}

export function indexItemJson(i: typeof indexItems.$inferSelect): IndexItemRecord {
  return {
    id: i.id,
    documentId: i.documentId,
    ordinal: i.ordinal,
    label: i.label,
    type: i.type,
    text: i.text,
    page: i.page,
    bbox: i.bbox ?? null,
    pageRef: i.pageRef,
  };
}

/** The reason written on a link whose page a reviewer set (routes/links.ts). */
export const REVIEWER_SET_WHY = 'page set by the reviewer';

/** A destination a reviewer chose: another page than the engine's, or one set through the review (even the engine's page again). */
function setByReviewer(l: typeof links.$inferSelect): boolean {
  return l.targetPage !== null && (l.targetPage !== l.engineTargetPage || (l.why ?? '').startsWith(REVIEWER_SET_WHY));
}

export function linkJson(
  l: typeof links.$inferSelect,
  item?: Pick<typeof indexItems.$inferSelect, 'ordinal' | 'label' | 'type' | 'text'> | null,
): LinkRecord {
  return {
    id: l.id,
    srcDocId: l.srcDocId,
    indexItemId: l.indexItemId,
    itemOrdinal: item?.ordinal ?? null,
    itemLabel: item?.label ?? null,
    itemType: item?.type ?? null,
    itemText: item?.text ?? null,
    srcPage: l.srcPage,
    target: l.target === 'record' ? 'record' : 'source',
    targetDocId: l.targetDocId,
    targetPage: l.targetPage,
    masterPage: l.masterPage,
    engineTargetPage: l.engineTargetPage,
    bbox: l.bbox ?? null,
    status: l.status as LinkRecord['status'],
    why: l.why,
    confidence: l.confidence,
    setByReviewer: setByReviewer(l),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}
