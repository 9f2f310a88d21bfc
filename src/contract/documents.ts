// The documents part of the API contract (spec §3, §4, §7): documents, index items, links, OCR progress,
// index status, document memory, duplicates, hyperlinking and the live progress stream.
// Field names follow the spec, including its snake_case index fields.
import { z } from 'zod';
import { validationTotals, workflowStage } from './review.ts';

export const ocrStatus = z.enum(['pending', 'queued', 'processing', 'completed', 'failed']);
export type OcrStatus = z.infer<typeof ocrStatus>;

export const aiProcessingStatus = z.enum(['none', 'queued', 'processing', 'completed', 'failed']);
export type AiProcessingStatus = z.infer<typeof aiProcessingStatus>;

/** 'none' before the first detection ran; 'pending' while it is queued or running. */
export const indexStatusValue = z.enum(['none', 'pending', 'ok', 'error']);
export type IndexStatusValue = z.infer<typeof indexStatusValue>;

export const linkStatus = z.enum(['auto', 'confirmed', 'removed']);
export type LinkStatus = z.infer<typeof linkStatus>;

/** [x0, y0, x1, y1] in PDF points, origin top left. */
export const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type BBoxJson = z.infer<typeof bbox>;

/** GET /api/documents/{id}/ocr-progress and the stream's phase 'ocr' message. */
export const ocrProgress = z.object({
  status: ocrStatus,
  /**
   * While processing, what is being done: 'text' the text layer read, 'ocr' pages without one read by
   * OCR, 'index' the pages the index needs read in full after that (its percent is parseProgress).
   */
  stage: z.enum(['text', 'ocr', 'index']).nullable(),
  /** Pages whose text is known (text layer or OCR done). */
  done: z.number().int(),
  total: z.number().int(),
  /** 0..100, rounded. */
  percent: z.number(),
  /** null until at least one page has been OCR'd. */
  etaMs: z.number().nullable(),
  avgMsPerPage: z.number().nullable(),
});
export type OcrProgress = z.infer<typeof ocrProgress>;

/** 'brief' (default) or 'record': a trial record briefs of its case may point into (DESIGN §4). */
export const documentKind = z.enum(['brief', 'record']);
export type DocumentKind = z.infer<typeof documentKind>;

/** A document id given where a document is named (never a file path). */
const recordId = z.uuid({ error: 'recordDocumentId must be the id of a trial record of this case (not a file path)' });

/** A record's short name as briefs cite it (`AB`, `ER`, `J.A.`, `Tr.`, `Smith Affidavit`): trimmed, at most 80 characters; empty = none. */
export const MAX_CITE_AS = 80;
export const citeAsInput = z
  .string({ error: 'citeAs must be text such as AB, ER or Smith Affidavit, or null' })
  .trim()
  .max(MAX_CITE_AS, `citeAs must be at most ${MAX_CITE_AS} characters`)
  .transform((v) => v || null)
  .nullable();
/** A record's volume: a whole number 1..999, or null. */
export const volumeInput = z
  .number({ error: 'volume must be a whole number from 1 to 999, or null' })
  .int('volume must be a whole number from 1 to 999, or null')
  .min(1, 'volume must be a whole number from 1 to 999, or null')
  .max(999, 'volume must be a whole number from 1 to 999, or null')
  .nullable();
/** The most record documents one brief may point into. */
export const MAX_BRIEF_RECORDS = 50;

export const documentRecord = z.object({
  id: z.string(),
  caseId: z.string(),
  title: z.string(),
  alias: z.string().nullable(),
  kind: documentKind,
  /** The trial record (same case) this brief's index items point into; null: its own pages. */
  recordDocumentId: z.string().nullable(),
  /** Every record document this brief points into, in the order they follow it in the merged master (the first is recordDocumentId). */
  recordDocumentIds: z.array(z.string()),
  /** A record's short name as briefs cite it (`AB`, `ER`, `Smith Affidavit`); null: read from its cover when linking. */
  citeAs: z.string().nullable(),
  /** A record's volume, or null. */
  volume: z.number().nullable(),
  /** References of a brief's body to its records (removed ones excluded), and of them those without a destination. */
  referenceCount: z.number(),
  unresolvedReferenceCount: z.number(),
  originalName: z.string(),
  fileSize: z.number(),
  pageCount: z.number().nullable(),
  uploadedAt: z.string(),
  /** 'awaiting-file' (created without a file), 'uploaded', 'processing', 'completed', 'failed'. */
  status: z.string(),
  /** Why processing failed, in words the user can read (e.g. password-protected). null otherwise. */
  failureReason: z.string().nullable(),
  ocrStatus: ocrStatus,
  ocrProgress: ocrProgress,
  parseProgress: z.number(),
  aiProcessingStatus: aiProcessingStatus,
  selectedForHyperlinking: z.boolean(),
  /** True while the document is approved (reviewStatus 'approved'). */
  lawyerReviewed: z.boolean(),
  /** null: not reviewed (or approval withdrawn); see src/contract/review.ts. */
  reviewStatus: z.enum(['approved', 'rejected']).nullable(),
  /** Reviewer name typed with the last approval or rejection. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Why the document was rejected; null otherwise. */
  reviewReason: z.string().nullable(),
  /** SHA-256 of the reviewed PDF that was approved; null when not approved. */
  approvedSha256: z.string().nullable(),
  /** When and why an approval was withdrawn by a later change; null once approved again. */
  approvalWithdrawnAt: z.string().nullable(),
  approvalWithdrawnReason: z.string().nullable(),
  courtSubmitted: z.boolean(),
  courtSubmittedAt: z.string().nullable(),
  /** When the reviewed PDF was last written (Regenerate PDF); null before. */
  regeneratedAt: z.string().nullable(),
  /** True when the reviewed PDF was written after the last change of the links (approval needs it). */
  reviewedOutputCurrent: z.boolean(),
  /** Read-back check of the reviewed PDF; null before the first regeneration. */
  reviewedValidation: validationTotals.nullable(),
  /** Links neither removed nor given a destination (they block approval). */
  unresolvedCount: z.number(),
  /** Links in the PDF that no reviewer confirmed, removed or changed (approval asks about them). */
  unreviewedCount: z.number(),
  /** 1 uploaded, 2 selected for AI, 3 AI queued/processing/complete, 4 approved, 5 court submitted. */
  workflowStage: workflowStage,
  index_status: indexStatusValue,
  index_count: z.number(),
  /** Index pages set by hand (free text `2,3,4` or `2-5`); null when detected. */
  index_pages: z.string().nullable(),
  /** The same as page numbers (`2-4` → [2, 3, 4]); null when detected. */
  indexPages: z.array(z.number()).nullable(),
  has_links: z.boolean(),
  /**
   * The searchable text layer: pages read in full, of the page count. Links are built from a first
   * reading of scanned pages; while the full reading goes on in the background, done < total.
   */
  textLayer: z.object({ done: z.number(), total: z.number() }),
  index_detected_at: z.string().nullable(),
  /** Links of this document (removed ones excluded). */
  linkCount: z.number(),
  /** True when a linked output PDF exists (download serves the reviewed one, else the engine's). */
  hasOutput: z.boolean(),
  /** True when the reviewed PDF exists. */
  hasReviewedOutput: z.boolean(),
});
export type DocumentRecord = z.infer<typeof documentRecord>;

/**
 * POST /api/upload/document answers 201 with the new document (status 'queued', pageCount null until its
 * processing opens it a moment later). A PDF that cannot be opened (password, damage) then ends
 * status 'failed' with failureReason; a non-PDF is refused at once with 400 'Please select a PDF file.'
 */
export const uploadResponse = documentRecord;
export type UploadResponse = DocumentRecord;
/** Multipart text fields sent with `file` (caseId required; title and alias optional). */
export const uploadFields = z.object({
  caseId: z.uuid({ error: 'caseId must be a case id' }),
  title: z.string().trim().min(1).max(300).optional(),
  alias: z.string().trim().max(200).optional(),
  /** 'record' marks the upload as a trial record. */
  kind: documentKind.optional(),
  /** A brief's trial record (an id of a record of the same case); empty = none. */
  recordDocumentId: z.union([z.literal(''), recordId]).optional(),
  /** A record's short name as briefs cite it; empty = none. */
  citeAs: z.string().trim().max(MAX_CITE_AS, `citeAs must be at most ${MAX_CITE_AS} characters`).optional(),
  /** A record's volume (1..999); empty = none. */
  volume: z
    .union([z.literal(''), z.string().trim().regex(/^\d{1,3}$/, 'volume must be a whole number from 1 to 999').refine((v) => Number(v) >= 1, 'volume must be a whole number from 1 to 999')])
    .optional(),
});
export type UploadFields = z.infer<typeof uploadFields>;

/** POST /api/documents: a document without its file yet (status 'awaiting-file'); send the file with reupload. */
export const createDocumentBody = z.object({
  caseId: z.uuid({ error: 'caseId must be a case id' }),
  title: z.string().trim().min(1, 'title is required').max(300),
  alias: z.string().trim().max(200).nullable().optional(),
  originalName: z.string().trim().min(1).max(255).optional(),
});
export type CreateDocumentBody = z.infer<typeof createDocumentBody>;

/** PATCH /api/documents/{id}. */
export const updateDocumentBody = z
  .object({
    title: z.string().trim().min(1, 'title is required').max(300),
    alias: z.string().trim().max(200).nullable(),
    /** Only null or 'pending' (withdraws a review); approve and reject through POST /api/documents/{id}/review. */
    reviewStatus: z
      .enum(['pending'], { error: 'Approve or reject through POST /api/documents/{id}/review with a reviewer name' })
      .nullable(),
    /** Index pages set by hand (`2,3,4` or `2-5`), or null to detect them again. */
    indexPages: z
      .string()
      .trim()
      .regex(/^\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*$/, 'indexPages must look like 2,3,4 or 2-5')
      .nullable(),
    selectedForHyperlinking: z.boolean(),
    /** 'record' marks a trial record; 'brief' (a record no brief points into) makes it a brief again. */
    kind: documentKind,
    /** The trial record of the same case this brief points into, or null to detach it. Rebuilds the links. */
    recordDocumentId: recordId.nullable(),
    /** A record's short name as briefs cite it, or null (read from its cover). Rebuilds the links of its briefs. */
    citeAs: citeAsInput,
    /** A record's volume (1..999), or null. Rebuilds the links of its briefs. */
    volume: volumeInput,
    /** Needed (true) to change indexPages or recordDocumentId of a reviewed document: its links are replaced. */
    confirm: z.boolean(),
  })
  .partial();
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;

/** PUT /api/documents/{id}/records: the record documents of the brief's case it points into, in order (an empty list detaches them). */
export const briefRecordsBody = z.object({
  recordIds: z
    .array(z.uuid({ error: 'recordIds must be ids of trial records of this case (not file paths)' }), { error: 'recordIds must be a list of record ids' })
    .max(MAX_BRIEF_RECORDS, `A brief may point into at most ${MAX_BRIEF_RECORDS} record documents`)
    .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, 'recordIds names a record twice'),
  /** Needed (true) when the brief has been reviewed: its links are built again. */
  confirm: z.boolean().optional(),
});
export type BriefRecordsBody = z.infer<typeof briefRecordsBody>;

export const referenceStatus = z.enum(['auto', 'confirmed', 'removed']);

/** GET /api/documents/{id}/references: one reference of the brief's body (DESIGN §8). */
export const referenceRecord = z.object({
  id: z.string(),
  documentId: z.string(),
  /** The engine's number, in reading order. */
  ordinal: z.number(),
  /** 'record' (into a record document), 'brief' (the brief's own parts or another brief), 'authority'. */
  kind: z.string(),
  /** 1-based page of the brief where the reference starts. */
  page: z.number(),
  text: z.string(),
  /** The document as the brief writes it, and what it cites as printed (`23`, `12-15`, `Tab 5`). */
  doc: z.string(),
  target: z.string(),
  parts: z.record(z.string(), z.string()),
  /** One box per line: where the link is drawn. */
  spans: z.array(z.object({ page: z.number(), bbox })),
  /** The record document it goes into, its title and citeAs; null: unresolved (or within the brief). */
  recordDocId: z.string().nullable(),
  recordTitle: z.string().nullable(),
  recordCiteAs: z.string().nullable(),
  /** The page within that record document; null: no destination. */
  targetPage: z.number().nullable(),
  /** The page of the merged master (brief, then its records) the link opens; null: none. */
  masterPage: z.number().nullable(),
  engineRecordDocId: z.string().nullable(),
  engineTargetPage: z.number().nullable(),
  status: referenceStatus,
  confidence: z.number(),
  why: z.string().nullable(),
  /** Why it has no destination (the engine's reason), or null. */
  unresolvedReason: z.string().nullable(),
  shortForm: z.string().nullable(),
  footnote: z.boolean(),
});
export type ReferenceRecord = z.infer<typeof referenceRecord>;

/** PATCH /api/documents/{id}/references/{refId}: confirm, remove (or back to auto), or set the record and page. */
export const updateReferenceBody = z
  .object({
    status: referenceStatus,
    /** The page within the record document (recordDocId, else the reference's own). Sets status 'confirmed'. */
    targetPage: z.number({ error: 'targetPage must be a page number' }).int('targetPage must be a whole page number').min(1, 'targetPage must be at least 1'),
    /** One of the brief's record documents (with targetPage). */
    recordDocId: z.uuid({ error: 'recordDocId must be the id of one of this brief\'s record documents' }),
  })
  .partial()
  .refine((b) => b.status !== undefined || b.targetPage !== undefined, 'Send status, or targetPage (with recordDocId)')
  .refine((b) => b.recordDocId === undefined || b.targetPage !== undefined, { message: 'recordDocId needs targetPage', path: ['targetPage'] });
export type UpdateReferenceBody = z.infer<typeof updateReferenceBody>;

/** GET /api/documents/{id}/authorities: a case, statute or rule the brief cites, or a row of its Table of Authorities (DESIGN §8). */
export const authorityRecord = z.object({
  id: z.string(),
  documentId: z.string(),
  /** The engine's number, in reading order (Table of Authorities rows after the citations of the body). */
  ordinal: z.number(),
  /** 1-based page of the brief where it is printed. */
  page: z.number(),
  /** As printed. */
  text: z.string(),
  kind: z.enum(['case', 'statute', 'rule']),
  /** The family of citation (`us-case`, `ca-neutral`, `us-code` …): the template its address is built by. */
  family: z.string(),
  parts: z.record(z.string(), z.string()),
  spans: z.array(z.object({ page: z.number(), bbox })),
  /** The web address it links to when it has no page to open; null: none. */
  url: z.string().nullable(),
  /** The Book of Authorities (a record document of the brief) and the page within it; null: not linked there. */
  recordDocId: z.string().nullable(),
  recordTitle: z.string().nullable(),
  recordCiteAs: z.string().nullable(),
  targetPage: z.number().nullable(),
  /** A page of the brief (a Table of Authorities row to the first page citing the authority). */
  briefPage: z.number().nullable(),
  /** The page of the merged master the link opens (Book of Authorities, or the brief's own); null: a web link or none. */
  masterPage: z.number().nullable(),
  /** The Book of Authorities tab the engine found it at. */
  tab: z.string().nullable(),
  engineUrl: z.string().nullable(),
  engineRecordDocId: z.string().nullable(),
  engineTargetPage: z.number().nullable(),
  engineBriefPage: z.number().nullable(),
  status: referenceStatus,
  /** Whether the reviewed PDF links it (not removed, and a page or an address to go to). */
  linked: z.boolean(),
  why: z.string().nullable(),
  /** Why it has no link (listed, not linked), or null. */
  unresolvedReason: z.string().nullable(),
  shortForm: z.string().nullable(),
  /** The ordinal of the full citation a short form continues. */
  antecedent: z.number().nullable(),
  footnote: z.boolean(),
  /** A row of the brief's Table of Authorities. */
  toaRow: z.boolean(),
});
export type AuthorityRecord = z.infer<typeof authorityRecord>;

/** A web address a reviewer gives an authority: https only, a real host, no credentials, at most 2,000 characters. */
const authorityUrl = z
  .string({ error: 'url must be an https address' })
  .trim()
  .max(2000, 'url must be at most 2000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'url must be an https address (https://…)');

/**
 * PATCH /api/documents/{id}/authorities/{authorityId}: confirm, remove (or back to auto), or change where it
 * goes: a web address (url), or a page of a Book of Authorities of the brief (targetPage, with recordDocId when
 * the brief has more than one record document). A change of target confirms it.
 */
export const updateAuthorityBody = z
  .object({
    status: referenceStatus,
    url: authorityUrl,
    targetPage: z.number({ error: 'targetPage must be a page number' }).int('targetPage must be a whole page number').min(1, 'targetPage must be at least 1'),
    recordDocId: z.uuid({ error: "recordDocId must be the id of this brief's Book of Authorities" }),
  })
  .partial()
  .strict()
  .refine((b) => b.status !== undefined || b.url !== undefined || b.targetPage !== undefined, 'Send status, url, or targetPage (a page of the Book of Authorities)')
  .refine((b) => !(b.url !== undefined && b.targetPage !== undefined), { message: 'Send url or targetPage, not both', path: ['url'] })
  .refine((b) => b.recordDocId === undefined || b.targetPage !== undefined, { message: 'recordDocId needs targetPage', path: ['targetPage'] });
export type UpdateAuthorityBody = z.infer<typeof updateAuthorityBody>;

export const indexItemRecord = z.object({
  id: z.string(),
  documentId: z.string(),
  ordinal: z.number(),
  label: z.string(),
  type: z.string(),
  text: z.string(),
  page: z.number(),
  bbox: bbox.nullable(),
  pageRef: z.string().nullable(),
});
export type IndexItemRecord = z.infer<typeof indexItemRecord>;

/** GET /api/documents/{id}/index-status; also the answer of detect-index and reindex. */
export const indexStatus = z.object({
  index_status: indexStatusValue,
  index_count: z.number(),
  index_detected_at: z.string().nullable().optional(),
  index_pages: z.array(z.number()).optional(),
  /** Why detection failed or why no index was found, when known. */
  message: z.string().nullable().optional(),
});
export type IndexStatus = z.infer<typeof indexStatus>;

/** A detected index item as the index detection result lists it (spec §3). */
export const detectedItem = z.object({ text: z.string(), type: z.string(), page: z.number(), label: z.string() });

/**
 * POST /api/documents/{id}/detect-index and POST /api/detect-index: the index status with the index
 * detection result of spec §3. `ok` is true once the index is known (index_status 'ok'); while
 * detection runs it is false with no items; after a failure false with `message`.
 */
export const indexDetectionResult = indexStatus.extend({
  ok: z.boolean(),
  total_items: z.number(),
  index_pages: z.array(z.number()),
  /** Item type (tab, exhibit, schedule, …) → how many. */
  item_types: z.record(z.string(), z.number()),
  items: z.array(detectedItem),
});
export type IndexDetectionResult = z.infer<typeof indexDetectionResult>;

/** The spec's texts for a detect-index call without a document. */
export const MISSING_DOCUMENT_TITLE = 'Missing Document';
export const MISSING_DOCUMENT_TEXT = 'Please provide a document path';

/**
 * POST /api/detect-index: `documentPath` names one of our documents by its id (DESIGN §4: never a
 * file-system path); `indexPages` (`2,3,4` or `2-5`) detects on those pages instead.
 */
export const detectIndexBody = z.object({
  documentPath: z
    .string({ error: MISSING_DOCUMENT_TEXT })
    .trim()
    .min(1, MISSING_DOCUMENT_TEXT)
    .pipe(z.uuid({ error: 'documentPath must be the id of a document (never a file path)' })),
  indexPages: z
    .string()
    .trim()
    .regex(/^\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*$/, 'indexPages must look like 2,3,4 or 2-5')
    .optional(),
  /** Needed (true) when new index pages replace the links of a reviewed document. */
  confirm: z.boolean().optional(),
});
export type DetectIndexBody = z.infer<typeof detectIndexBody>;

/** GET /api/documents/{id}/index-items. */
export const indexItemList = z.array(indexItemRecord);

export const linkRecord = z.object({
  id: z.string(),
  srcDocId: z.string(),
  indexItemId: z.string().nullable(),
  /** Ordinal, label and description of the index item the link belongs to. */
  itemOrdinal: z.number().nullable(),
  itemLabel: z.string().nullable(),
  /** What the index calls the item ('tab', 'exhibit', 'schedule', 'appendix', 'document', 'section'). */
  itemType: z.string().nullable(),
  itemText: z.string().nullable(),
  srcPage: z.number(),
  target: z.enum(['source', 'record']),
  /** The trial record a 'record' link goes into; null for a link into the brief itself. */
  targetDocId: z.string().nullable(),
  /** null when no destination was found: the link needs review and is not written into the PDF. */
  targetPage: z.number().nullable(),
  /** The page in the merged master PDF (brief, then record) the link goes to; null without a destination. */
  masterPage: z.number().nullable(),
  /** The page the engine found for this item (null: none); kept so a reviewer sees what changed. */
  engineTargetPage: z.number().nullable(),
  bbox: bbox.nullable(),
  status: linkStatus,
  why: z.string().nullable(),
  /** Numeric string 0..1. */
  confidence: z.string(),
  /** The destination is the page a reviewer set (not the engine's finding): its confidence says nothing. */
  setByReviewer: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LinkRecord = z.infer<typeof linkRecord>;

/** POST /api/links: the link of an index item that has none (409 when it already has one). */
export const createLinkBody = z.object({
  indexItemId: z.uuid({ error: 'indexItemId must be an index item id' }),
  targetPage: z.number().int().min(1, 'targetPage must be at least 1'),
  status: linkStatus.optional(),
  why: z.string().max(500).optional(),
});
export type CreateLinkBody = z.infer<typeof createLinkBody>;

/** PUT /api/links/{id}. */
export const updateLinkBody = z
  .object({
    status: linkStatus,
    targetPage: z.number().int().min(1, 'targetPage must be at least 1'),
    why: z.string().max(500),
  })
  .partial();
export type UpdateLinkBody = z.infer<typeof updateLinkBody>;

/** The most links one bulk update may name (a repeated id counts each time); more answer 400. */
export const MAX_BULK_LINKS = 1000;
const tooManyLinks = `A bulk update may name at most ${MAX_BULK_LINKS} links; send the rest in another`;

/** A link's changes in a list, an id named twice taken once: its changes applied in order, merged. */
function mergeById<T extends { id: string }>(entries: T[]): T[] {
  const byId = new Map<string, T>();
  for (const e of entries) {
    const id = e.id.toLowerCase();
    byId.set(id, { ...byId.get(id), ...e, id });
  }
  return [...byId.values()];
}

/**
 * PUT /api/links/bulk-update: either one status for many ids, or a list of per-link changes. Each
 * link is changed (and audited) once however often the body names it.
 */
export const bulkUpdateLinksBody = z.union(
  [
    z.object({
      ids: z
        .array(z.uuid())
        .min(1)
        .max(MAX_BULK_LINKS, tooManyLinks)
        .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
      status: linkStatus,
    }),
    z.array(updateLinkBody.extend({ id: z.uuid() })).min(1).max(MAX_BULK_LINKS, tooManyLinks).transform(mergeById),
  ],
  {
    // the issue of the form the body has (an object or a list), not 'Invalid input'
    error: (iss) => {
      const forms = (iss as { errors?: { code: string; path: PropertyKey[]; message: string }[][] }).errors ?? [];
      const issue = forms.map((f) => f[0]).find((i) => i && !(i.code === 'invalid_type' && i.path.length === 0));
      if (!issue) return 'Send {ids, status} or a list of link changes';
      return issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
    },
  },
);
export type BulkUpdateLinksBody = z.infer<typeof bulkUpdateLinksBody>;
export const bulkUpdateLinksResponse = z.object({ updated: z.number(), links: z.array(linkRecord) });
export type BulkUpdateLinksResponse = z.infer<typeof bulkUpdateLinksResponse>;

/**
 * POST /api/documents/process-hyperlinks and start-hyperlinking. The links of a reviewed document are
 * built again only with confirm: true (409 naming `confirm` otherwise, and none is queued).
 */
export const documentIdsBody = z.object({
  documentIds: z.array(z.uuid()).min(1, 'Please select at least one document to process.').max(500),
  confirm: z.boolean().optional(),
});
export type DocumentIdsBody = z.infer<typeof documentIdsBody>;

/** POST /api/documents/process-hyperlinks answers 202 at once: link building is queued. */
export const processHyperlinksResponse = z.object({ queued: z.array(z.string()) });
export type ProcessHyperlinksResponse = z.infer<typeof processHyperlinksResponse>;

/** POST /api/documents/start-hyperlinking: waits for the links of every listed document. */
export const startHyperlinkingResult = z.object({
  documentId: z.string(),
  title: z.string(),
  success: z.boolean(),
  aiProcessingStatus: aiProcessingStatus,
  /** Links built (one per index item). */
  linkCount: z.number(),
  /** Links whose destination was not found (targetPage null). */
  unresolved: z.number(),
  error: z.string().nullable(),
});
export const startHyperlinkingResponse = z.object({
  totalLinks: z.number(),
  successCount: z.number(),
  failedCount: z.number(),
  results: z.array(startHyperlinkingResult),
});
export type StartHyperlinkingResult = z.infer<typeof startHyperlinkingResult>;
export type StartHyperlinkingResponse = z.infer<typeof startHyperlinkingResponse>;

/** POST /api/documents/{id}/retry, reindex, relink, detect-index (when queued) and reupload answer the document. */
export const documentActionResponse = documentRecord;

export const documentMemoryEntry = z.object({
  id: z.string(),
  documentName: z.string(),
  fileNumber: z.string(),
  alias: z.string(),
  usageCount: z.number(),
});
export type DocumentMemoryEntry = z.infer<typeof documentMemoryEntry>;
export const documentMemoryBody = z.object({
  documentName: z.string().trim().min(1, 'documentName is required').max(300),
  fileNumber: z.string().trim().max(100).optional(),
  alias: z.string().trim().max(200).optional(),
});
export type DocumentMemoryBody = z.infer<typeof documentMemoryBody>;
/** GET /api/document-memory/suggestions?q= (q of 2+ characters; fewer gives []). */
export const documentMemorySuggestions = z.array(documentMemoryEntry);

/** GET /api/cases/{caseId}/check-duplicates/{fileName}. */
export const duplicatesResponse = z.object({
  duplicates: z.array(z.object({ id: z.string(), title: z.string(), originalName: z.string() })),
});
export type DuplicatesResponse = z.infer<typeof duplicatesResponse>;

/**
 * GET /api/documents/{id}/stream: server-sent events, each `data:` a JSON StreamMessage.
 * The stream sends the current state at once, then every change, and closes after phase 'done'.
 */
export const streamMessage = z.discriminatedUnion('phase', [
  ocrProgress.extend({ phase: z.literal('ocr') }),
  z.object({ phase: z.literal('index'), index_status: indexStatusValue, index_count: z.number() }),
  z.object({ phase: z.literal('links'), aiProcessingStatus: aiProcessingStatus, linkCount: z.number() }),
  z.object({ phase: z.literal('done'), status: z.string(), failureReason: z.string().nullable() }),
]);
export type StreamMessage = z.infer<typeof streamMessage>;

/** Percent of a progress, 0..100 rounded; 0 when total is 0. */
export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.round((done / total) * 100) : 0;
}
