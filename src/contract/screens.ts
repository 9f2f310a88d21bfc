// The calls behind the screens of spec §2 that read across documents: the review queue (/review), the
// index viewer (/index-viewer/{filename}), the case workspace (/cases/{caseId}/workspace) and the case's
// detection diagnostics (/cases/{caseId}/gpt5-test).
import { z } from 'zod';
import { documentRecord, linkRecord } from './documents.ts';

/** GET /api/review-queue: one row per document whose links are built and not yet approved or rejected. */
export const reviewQueueRow = z.object({
  documentId: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  caseTitle: z.string(),
  title: z.string(),
  originalName: z.string(),
  /** Links not removed. */
  linkCount: z.number().int(),
  /** Links neither confirmed nor removed. */
  pendingCount: z.number().int(),
  /** Links without a destination (they block approval). */
  unresolvedCount: z.number().int(),
  uploadedAt: z.string(),
  /** When the current links were built. */
  builtAt: z.string(),
  /** Set when an approval was withdrawn by a later change: the document is back in the queue. */
  approvalWithdrawnReason: z.string().nullable(),
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRow>;
export const reviewQueue = z.array(reviewQueueRow);

/**
 * `{filename}` of /index-viewer: a document's id, or its file name as uploaded when exactly one document
 * of the firm has that name. Never a path: separators, `..`, control characters are refused.
 */
export const viewerFilename = z
  .string()
  .trim()
  .min(1, 'filename must name a document')
  .max(255, 'filename must be at most 255 characters')
  .refine((s) => !/[/\\\u0000-\u001f]/.test(s) && !/^\.\.?$/.test(s) && !s.startsWith('..'), {
    error: 'filename must name a document (its id or its file name), not a path',
  });
export const viewerParams = z.object({ filename: viewerFilename });

/** The brief (or any document) with its links and the trial record they point into, if paired. */
export const linkedDocument = z.object({
  document: documentRecord,
  /** The trial record this brief's links point into; null when they point into the brief itself. */
  record: documentRecord.nullable(),
  /** Pages of the index, in order (where the links stand). */
  indexPages: z.array(z.number().int()),
  links: z.array(linkRecord),
});
export type LinkedDocument = z.infer<typeof linkedDocument>;

/** GET /api/cases/{caseId}/workspace: the briefs of the case (documents that are not trial records). */
export const workspaceBriefs = z.object({
  briefs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      originalName: z.string(),
      linkCount: z.number().int(),
      recordTitle: z.string().nullable(),
    }),
  ),
});
export type WorkspaceBriefs = z.infer<typeof workspaceBriefs>;

/** What was kept of one page when the document was read. */
export const diagnosticPage = z.object({
  page: z.number().int(),
  /** Part of the index (detected or set by hand). */
  index: z.boolean(),
  /** 'text-layer', 'ocr' or 'none'; null when the page text is not stored. */
  source: z.enum(['text-layer', 'ocr', 'none']).nullable(),
  /** Mean word confidence 0..100 (100 for a text layer); null when not stored. */
  confidence: z.number().nullable(),
  /** Lines of text read on the page; null when not stored. */
  lines: z.number().int().nullable(),
  /** The page number printed on the page as the engine read it; null when none or not stored. */
  printed: z.string().nullable(),
  /** The first line of the page (a divider's `TAB 3`, an exhibit cover, a heading). */
  firstLine: z.string().nullable(),
  /** Ordinals of the index items whose link goes to this page (of this document). */
  destinationOf: z.array(z.number().int()),
});
export type DiagnosticPage = z.infer<typeof diagnosticPage>;

export const diagnosticItem = z.object({
  ordinal: z.number().int(),
  label: z.string(),
  type: z.string(),
  text: z.string(),
  /** The index page the row stands on. */
  page: z.number().int(),
  /** The page the index prints for the item, when it gives one. */
  pageRef: z.string().nullable(),
  link: z
    .object({
      id: z.string(),
      status: z.enum(['auto', 'confirmed', 'removed']),
      target: z.enum(['source', 'record']),
      /** The page the link goes to now (after review). */
      targetPage: z.number().int().nullable(),
      /** The page the engine chose. */
      engineTargetPage: z.number().int().nullable(),
      confidence: z.string(),
      why: z.string().nullable(),
      /** The number printed on the target page, as read. */
      printedAtTarget: z.string().nullable(),
    })
    .nullable(),
});
export type DiagnosticItem = z.infer<typeof diagnosticItem>;

export const documentDiagnostics = z.object({
  id: z.string(),
  title: z.string(),
  originalName: z.string(),
  kind: z.enum(['brief', 'record']),
  pageCount: z.number().nullable(),
  status: z.string(),
  failureReason: z.string().nullable(),
  indexStatus: z.string(),
  indexCount: z.number().int(),
  /** Index pages set by hand (free text), null when detected. */
  indexPagesSetByHand: z.string().nullable(),
  indexPages: z.array(z.number().int()),
  indexDetectedAt: z.string().nullable(),
  /** Why no index was found, when detection said so. */
  detectionReason: z.string().nullable(),
  /** The trial record this brief points into. */
  record: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The read-back check of the engine's linked PDF (review.json), when links were built. */
  validation: z
    .object({ expected_tabs: z.number(), found_tabs: z.number(), links_created: z.number(), broken_links: z.number(), success: z.boolean() })
    .nullable(),
  /** Whether the page text and review.json are on disk (they are written by processing and link building). */
  stored: z.object({ pageText: z.boolean(), review: z.boolean() }),
  pages: z.array(diagnosticPage),
  items: z.array(diagnosticItem),
});
export type DocumentDiagnostics = z.infer<typeof documentDiagnostics>;

/** GET /api/cases/{caseId}/diagnostics. */
export const caseDiagnostics = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  documents: z.array(documentDiagnostics),
});
export type CaseDiagnostics = z.infer<typeof caseDiagnostics>;

/**
 * GET /api/documents/{id}/page-labels: the number printed on each page as the engine read it (`ii`, `12`),
 * null where none; `record` for a brief paired with a trial record (the record's own pages). null when
 * the document's links have not been built.
 */
export const pageLabels = z.object({
  source: z.array(z.string().nullable()).nullable(),
  record: z.array(z.string().nullable()).nullable(),
});
export type PageLabels = z.infer<typeof pageLabels>;
