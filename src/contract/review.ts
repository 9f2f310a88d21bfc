// The review part of the API contract (spec §4, §5, §7; DESIGN §7): the reviewed PDF, approval,
// court submission, the audit trail and index pages set by hand. Every call needs a session.
//
// POST /api/documents/{id}/regenerate             no body → RegenerateResponse
//   Writes the reviewed PDF from the reviewed link set (removed links gone, target pages set by the
//   reviewer applied, bookmarks to match) from the uploaded original, reads it back and validates it.
//   The engine's own output stays beside it. From then on GET /api/documents/{id}/download serves the
//   reviewed PDF (`?version=engine` the engine's, `?version=source` the upload; see downloadQuery).
//   Links still without a destination are listed in `unresolved`; they get no link in the PDF and
//   block approval. 409 while links are being built or when the document has no links.
// POST /api/documents/{id}/review                 ReviewBody → DocumentRecord
//   approved=true: needs a current reviewed PDF (regenerated after the last link change) that validated,
//   holds no active content, and no link without a destination; otherwise 409 with the reason, e.g.
//   'Regenerate the PDF before approving: the links changed since it was written' or
//   'Tab 4 – Affidavit of … has no destination: set its page or remove the link before approving'.
//   Approval records reviewedBy, reviewedAt and approvedSha256 (the SHA-256 of the reviewed PDF).
//   Approval means reviewed: with links still 'auto' (none of confirm, remove or a page set) it answers
//   409 { field: 'unreviewedAccepted', message: '3 links have not been individually reviewed: confirm
//   them, or approve with 3 links not individually reviewed' } unless the body carries
//   unreviewedAccepted: 3 (that very number); the audit entry records unreviewedLinks, and the filed
//   report says how many were approved without individual review. The document record's
//   unreviewedCount gives the number.
// Confirming a link (or a note) changes nothing in the PDF and keeps an approval; removing a link,
//   restoring one or setting its page withdraws it.
//   approved=false (reject) records reviewedBy, reviewedAt and reviewReason.
// Any later change (link edit, relink, reupload, new index pages, reanalyze, regenerate) withdraws an
//   approval: reviewStatus becomes null, approvalWithdrawnAt/approvalWithdrawnReason say why, and the
//   audit trail has an 'approval-withdrawn' entry. A document already filed goes back to
//   courtSubmitted false (its filed package stays in GET …/submissions) and can be filed again.
// POST /api/documents/{id}/relink, …/retry, …/reupload, …/reanalyze, …/reindex, POST
//   /api/documents/process-hyperlinks and …/start-hyperlinking, the Hyperlinks overview's builds
//   (build-document-dynamic, index-first-detection, rebuild-deterministic), and PATCH
//   /api/documents/{id} changing indexPages: each replaces the links. Of a reviewed document (approved
//   or rejected, regenerated, or a link confirmed, removed or changed) they answer 409 { error:
//   'conflict', field: 'confirm', message: 'This document has been reviewed …' } unless the request
//   carries confirm: true (JSON body `{ "confirm": true }`, beside documentIds or indexPages; for
//   reupload the multipart text field `confirm` = 'true' or the query `?confirm=true`). Ask the user,
//   then send again with confirm. Confirmed, the approval is withdrawn at once (before the answer),
//   and the reviewed PDF goes with the links it was written from. A rebuild keeps each reviewer
//   decision (confirmed, removed, page set) whose link comes back the same: same index item (ordinal,
//   label, text), same page found by the engine; its 'build-links' audit entry says
//   reviewerDecisions { kept, dropped }.
// A trial record given a new file, read again, deleted or no longer marked as a record withdraws the
//   approval of every brief pointing into it (approvalWithdrawnReason says so); regenerate the brief.
// POST /api/documents/submit-to-court             SubmitToCourtBody → SubmitToCourtResponse (201)
//   All or nothing: one document that is not approved, changed since approval (hash differs), failed
//   validation or is over a cap of courtInfo gives 409 (400 for bad input) naming the document, e.g.
//   '"Motion Record" is not approved', and nothing is filed.
// GET /api/cases/{caseId}/submissions             → SubmissionRecord[] (newest first)
// GET /api/submissions/{id}/package.zip → the filed PDF and its report (PDF, CSV) in one ZIP, with
//   manifest.txt listing the SHA-256 of each (as `sha256sum -c manifest.txt` checks them).
// GET /api/submissions/{id}/pdf | /report.pdf | /report.csv → the filed files (attachment, or
//   ?disposition=inline to open one in the browser).
// GET /api/documents/{id}/audit                   → AuditEntry[] (oldest first): the document's own
//   entries and those of its links.
// PATCH /api/documents/{id} { indexPages: '2-5' } stores index pages set by hand (documentRecord's
//   index_pages / indexPages); POST /api/documents/{id}/reanalyze ReanalyzeBody re-runs detection with
//   them and then builds the links again → DocumentRecord; POST /api/cases/{caseId}/reanalyze does so
//   for each listed document (or every document of the case with index pages set) → 202
//   ReanalyzeCaseResponse (none is queued when one of them cannot be).
// Each link record (GET …/links) carries engineTargetPage: the page the engine found, kept for comparison.
import { z } from 'zod';
import { courtProfileId, preflightOverride } from './court-rules.ts';

/** The read-back check of a written PDF: expected items = found = links, 0 broken. */
export const validationTotals = z.object({
  expected_tabs: z.number(),
  found_tabs: z.number(),
  links_created: z.number(),
  broken_links: z.number(),
  success: z.boolean(),
});
export type ValidationTotals = z.infer<typeof validationTotals>;

export const unresolvedItem = z.object({ ordinal: z.number(), label: z.string(), text: z.string() });
export type UnresolvedItem = z.infer<typeof unresolvedItem>;

export const regenerateResponse = z.object({
  ok: z.boolean(),
  validation: validationTotals,
  /** SHA-256 (hex) of the reviewed PDF just written. */
  sha256: z.string(),
  regeneratedAt: z.string(),
  /** Links written into the PDF (not removed, with a destination). */
  linkCount: z.number(),
  removedCount: z.number(),
  /** Links neither removed nor given a destination: not in the PDF; they block approval. */
  unresolved: z.array(unresolvedItem),
  /** Kinds of active content found in the written PDF (e.g. javascript, open-action, encryption): it cannot be approved. */
  activeContent: z.array(z.string()),
});
export type RegenerateResponse = z.infer<typeof regenerateResponse>;

export const REVIEWER_NAME_REQUIRED = 'Reviewer name is required';
export const REJECT_REASON_REQUIRED = 'A reason is required to reject a document';

export const reviewBody = z
  .object({
    approved: z.boolean({ error: 'approved must be true or false' }),
    reviewerName: z
      .string({ error: REVIEWER_NAME_REQUIRED })
      .trim()
      .min(1, REVIEWER_NAME_REQUIRED)
      .max(200, 'Reviewer name must be at most 200 characters'),
    reason: z.string().trim().max(2000, 'reason must be at most 2000 characters').optional(),
    /**
     * Approving with links still 'auto' (never confirmed, removed or changed) needs their number here:
     * the reviewer's explicit "approve with N links not individually reviewed".
     */
    unreviewedAccepted: z
      .number({ error: 'unreviewedAccepted must be a number of links' })
      .int('unreviewedAccepted must be a whole number')
      .min(0, 'unreviewedAccepted must be at least 0')
      .max(1_000_000, 'unreviewedAccepted must be at most 1000000')
      .optional(),
  })
  .refine((b) => b.approved || (b.reason !== undefined && b.reason.length > 0), {
    message: REJECT_REASON_REQUIRED,
    path: ['reason'],
  });
export type ReviewBody = z.infer<typeof reviewBody>;

/** Body of relink / reanalyze (and the `confirm` text field of reupload): see the top of this file. */
export const confirmBody = z.object({ confirm: z.boolean().optional() });
export type ConfirmBody = z.infer<typeof confirmBody>;

export const courtInfo = z
  .object({
    court: z.string().trim().max(200).optional(),
    /** Refuse a PDF with more pages than this. None by default. */
    maxPages: z.number().int().min(1, 'maxPages must be at least 1').optional(),
    /** Refuse a PDF larger than this many MB (1 MB = 1,048,576 bytes). None by default. */
    maxMb: z.number().positive('maxMb must be above 0').optional(),
    /** The court profile to preflight against; the case's own when absent. */
    courtProfile: courtProfileId.optional(),
    /** File even though preflight fails, for this reason (recorded in the audit trail). */
    preflightOverride: preflightOverride.optional(),
  })
  .default({});
export type CourtInfo = z.infer<typeof courtInfo>;

export const submitToCourtBody = z.object({
  documentIds: z
    .array(z.uuid({ error: 'documentIds must be document ids' }))
    .min(1, 'Please select at least one document to submit.')
    .max(500),
  courtInfo,
});
export type SubmitToCourtBody = z.infer<typeof submitToCourtBody>;

export const submittedFiles = z.object({
  documentId: z.string(),
  submissionId: z.string(),
  /** GET URLs of the filed package. */
  pdfUrl: z.string(),
  reportPdfUrl: z.string(),
  reportCsvUrl: z.string(),
  /** The three in one ZIP with manifest.txt, the SHA-256 of each (sha256sum -c reads it). */
  packageUrl: z.string(),
});
export type SubmittedFiles = z.infer<typeof submittedFiles>;
export const submitToCourtResponse = z.object({ submissions: z.array(submittedFiles) });
export type SubmitToCourtResponse = z.infer<typeof submitToCourtResponse>;

export const submissionRecord = submittedFiles.extend({
  caseId: z.string(),
  documentTitle: z.string(),
  submittedAt: z.string(),
  /** Email of the signed-in user who submitted. */
  submittedBy: z.string().nullable(),
  /** Reviewer name of the approval that was filed. */
  approvedBy: z.string().nullable(),
  court: z.string().nullable(),
  sha256: z.string(),
  pageCount: z.number(),
  fileSize: z.number(),
  validation: validationTotals,
});
export type SubmissionRecord = z.infer<typeof submissionRecord>;
export const submissionList = z.array(submissionRecord);

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** Email of the signed-in user; null for the system (jobs). */
  actor: z.string().nullable(),
  /** e.g. create, update, relink, build-links, regenerate, approve, reject, approval-withdrawn, submit-to-court. */
  action: z.string(),
  /** 'document', 'link' or 'submission'. */
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.array(auditEntry);

/**
 * GET /api/documents/{id}/download?version=…&disposition=…: version reviewed (default once regenerated),
 * engine or source; disposition 'inline' lets 'Open' show it in the browser's PDF viewer (default
 * 'attachment', a download). The files of a submission take `?disposition=inline` too.
 */
export const downloadQuery = z.object({
  version: z.enum(['reviewed', 'engine', 'source']).optional(),
  disposition: z.enum(['attachment', 'inline']).optional(),
});
export type DownloadQuery = z.infer<typeof downloadQuery>;

export const indexPagesText = z
  .string()
  .trim()
  .regex(/^\d+(\s*[-–]\s*\d+)?(\s*,\s*\d+(\s*[-–]\s*\d+)?)*$/, 'indexPages must look like 2,3,4 or 2-5');

/** POST /api/documents/{id}/reanalyze: optional new index pages (null = detect them), then detection and links again. */
export const reanalyzeBody = z.object({
  indexPages: indexPagesText.nullable().optional(),
  confirm: z.boolean().optional(),
});
export type ReanalyzeBody = z.infer<typeof reanalyzeBody>;

/** POST /api/cases/{caseId}/reanalyze: the listed documents, or every document of the case with index pages set. */
export const reanalyzeCaseBody = z.object({
  documentIds: z.array(z.uuid({ error: 'documentIds must be document ids' })).min(1).max(500).optional(),
  confirm: z.boolean().optional(),
});
export type ReanalyzeCaseBody = z.infer<typeof reanalyzeCaseBody>;
export const reanalyzeCaseResponse = z.object({ queued: z.array(z.string()) });
export type ReanalyzeCaseResponse = z.infer<typeof reanalyzeCaseResponse>;

/**
 * Document workflow stage (spec §4): 1 uploaded; 2 selected for AI; 3 AI queued/processing/complete;
 * 4 lawyer approved; 5 court submitted.
 */
export const workflowStage = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type WorkflowStage = z.infer<typeof workflowStage>;
