// The Hyperlinks overview part of the API contract (spec §2 "Hyperlinks overview", §3, §7; DESIGN §4).
// Every call needs a session. Wherever the spec passes a path (briefPath, trialRecordPath, trialPath,
// documentPath, outputDir) the value names one of our documents: its id, one of the sample case's keys
// (supp13, doc63, tr5) or an output folder of ours (`out/<document id>`, `out/review_13`,
// `out/review_63`, `out/review_tr5`). Anything else (a '/', '..', '\', an absolute path, an unknown id)
// is a 400; an id no document has is a 404.
//
// GET  /api/deterministic-status                 → DeterministicStatus
// POST /api/rebuild-deterministic  RebuildBody     → RebuildResponse (creates the sample case first when
//        it is missing, else builds the three masters' links again; answers when they are done)
// POST /api/sample-case            RebuildBody     → DeterministicStatus (202: the sample case is created
//        and its documents queued; 200 when it exists already)
// GET  /api/review-links/{docKey}                 → ReviewLinksResponse (docKey: supp13 | doc63 | tr5 | id)
// POST /api/review-links/{docKey}/override  OverrideBody → OverrideResponse: that tab's destination
//        becomes tr_dest_page and the reviewed PDF is written again (pdfUrl serves it)
// POST /api/index-first-detection  IndexFirstBody  → IndexFirstResponse
// POST /api/build-document-dynamic BuildDynamicBody → BuildDynamicResponse
// GET  /api/review-13 | /api/review-63 | /api/review-subrules → EnhancedReview (supp13, doc63, tr5)
// POST /api/update-hyperlink       UpdateHyperlinkBody → { ok, link: EnhancedLink }
// POST /api/regenerate-pdf         RegeneratePdfBody   → { ok, pdfUrl, validation, highlighted }
// Output files (signed in; the document must exist): GET /out/{id | review_13 | review_63 | review_tr5}/
//   review.json | Master.linked.pdf | Master.Dynamic.linked.pdf | Master.TabsRange.linked.pdf. The PDFs
//   are the document's linked PDF as it stands (the reviewed one once regenerated, else the engine's),
//   inline; '#page={n}' opens it at a page.
import { z } from 'zod';

export const SAMPLE_CASE_NUMBER = 'SAMPLE-001';
export const sampleKeys = ['supp13', 'doc63', 'tr5'] as const;
export type SampleKey = (typeof sampleKeys)[number];
export const OUTPUT_FILES = ['review.json', 'Master.linked.pdf', 'Master.Dynamic.linked.pdf', 'Master.TabsRange.linked.pdf'] as const;
/** The fixed output folders of the sample's masters (spec §7 "/out/review_63 …"). */
export const SAMPLE_OUTPUT_DIRS: Record<SampleKey, string> = { supp13: 'review_13', doc63: 'review_63', tr5: 'review_tr5' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document named by its id or a sample key; never a path. */
export const documentRef = z
  .string()
  .trim()
  .max(100)
  .refine((v) => UUID.test(v) || (sampleKeys as readonly string[]).includes(v), {
    error: 'must name a document (its id, or supp13, doc63, tr5), not a file path',
  });

/** One of our output folders: out/<document id> or out/review_13|review_63|review_tr5. */
export const outputDirRef = z
  .string()
  .trim()
  .max(100)
  .refine((v) => /^out\/(review_13|review_63|review_tr5)$/.test(v) || (v.startsWith('out/') && UUID.test(v.slice(4))), {
    error: 'must name one of our outputs (out/<document id>, out/review_13, out/review_63, out/review_tr5), not a file path',
  });

export const docKeyParams = z.object({ docKey: documentRef });

export const outputParams = z.object({
  dir: z.string().refine((v) => UUID.test(v) || /^review_(13|63|tr5)$/.test(v), { error: 'unknown output' }),
  file: z.enum(OUTPUT_FILES, { error: 'unknown output file' }),
});

const sizeField = z.enum(['full', 'small'], { error: "size must be 'full' or 'small'" }).optional();
/** Links of a reviewed document are built again only with confirm: true (409 naming `confirm` otherwise). */
const confirmField = z.boolean({ error: 'confirm must be true or false' }).optional();
export const rebuildBody = z.object({ size: sizeField, confirm: confirmField }).strict().nullish().transform((v) => v ?? {});

export const overrideBody = z
  .object({
    tab_number: z.union([z.string().trim().min(1).max(40), z.number().int().min(0)]).transform(String),
    tr_dest_page: z.coerce.number({ error: 'tr_dest_page must be a number' }).int().min(1, 'tr_dest_page must be at least 1'),
  })
  .strict();

const indexPagesField = z
  .string()
  .trim()
  .max(200)
  .regex(/^\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*$/, 'indexPages must look like 2,3,4 or 2-5');

export const indexFirstBody = z
  .object({
    briefPath: documentRef,
    trialRecordPath: documentRef.nullish(),
    outputDir: outputDirRef.nullish(),
    confirm: confirmField,
  })
  .strict();

export const buildDynamicBody = z
  .object({
    briefPath: documentRef,
    trialPath: documentRef.nullish(),
    indexPages: z.union([indexPagesField, z.literal('')]).nullish(),
    indexOnly: z.boolean().optional(),
    reviewJson: z.boolean().optional(),
    confirm: confirmField,
  })
  .strict();

/** '13', '63', 'subrules' (the overview's names), a sample key or a document id. */
export const documentTypeField = z
  .string()
  .trim()
  .max(100)
  .refine((v) => ['13', '63', 'subrules'].includes(v) || documentRef.safeParse(v).success, {
    error: "documentType must be '13', '63', 'subrules', supp13, doc63, tr5 or a document id",
  });

export const updateHyperlinkBody = z
  .object({
    documentType: documentTypeField,
    linkId: z.uuid({ error: 'linkId must be a link id' }),
    changes: z
      .object({
        targetPage: z.number().int().min(1, 'targetPage must be at least 1').optional(),
        targetParagraph: z.number().int().min(1, 'targetParagraph must be at least 1').nullable().optional(),
        highlighted: z.boolean().optional(),
        notes: z.string().max(2000, 'notes must be at most 2000 characters').nullable().optional(),
      })
      .strict(),
  })
  .strict();

export const regeneratePdfBody = z
  .object({
    documentType: documentTypeField,
    highlightedLinks: z.array(z.uuid({ error: 'highlightedLinks must be link ids' })).max(5000).default([]),
  })
  .strict();

export interface MasterState {
  documentId: string | null;
  title: string | null;
  built: number;
  total: number;
  /** queued | processing | completed | failed | none | missing */
  state: string;
  pageCount: number | null;
  pdfUrl: string | null;
  error: string | null;
}

export interface DeterministicStatus {
  /** missing: no sample case; building: a master is being processed; ready: all three built; failed. */
  status: 'missing' | 'building' | 'ready' | 'failed';
  caseId: string | null;
  caseNumber: string;
  supp13: MasterState;
  doc63: MasterState;
  tr5: MasterState;
  totalLinks: number;
}

export interface EngineValidation {
  expected_tabs: number;
  found_tabs: number;
  links_created: number;
  broken_links: number;
  markers_used: number;
  success: boolean;
}

export interface RebuildResult {
  documentId: string;
  total: number;
  validation: EngineValidation | null;
  review: { pdfUrl: string; total: number };
  error: string | null;
}

export interface RebuildResponse {
  ok: boolean;
  error: string | null;
  stderr: string | null;
  totalLinks: number;
  created: boolean;
  results: Partial<Record<SampleKey, RebuildResult>>;
}

export interface ReviewLinkEntry {
  id: string;
  tab_number: string;
  text: string;
  brief_page: number;
  /** The destination page in the document the link goes into (the brief, or its trial record). */
  tr_dest_page: number | null;
  /** 'source' (the brief's own pages) or 'record' (its trial record). */
  target: string;
  /** The destination's page in the linked PDF (a merged master: the record's pages follow the brief's). */
  master_page: number | null;
  is_marker: boolean;
  status: string;
}

export interface SubruleEntry {
  doc_number: string;
  tr_page: number | null;
}

export interface ReviewLinksResponse {
  ok: boolean;
  error: string | null;
  documentId: string;
  title: string;
  pageCount: number | null;
  pdfUrl: string;
  total: number;
  links: ReviewLinkEntry[];
  subrules: SubruleEntry[];
}

export interface IndexFirstResponse {
  ok: boolean;
  error: string | null;
  stderr: string | null;
  outputDir: string | null;
  validation: EngineValidation | null;
  review: { pdfUrl: string; total: number } | null;
}

export interface BuildDynamicResponse {
  ok: boolean;
  error: string | null;
  stderr: string | null;
  message: string;
  outputDir: string | null;
  results: { total: number; items?: Array<{ label: string; text: string; type: string; page: number }> };
}

export interface EnhancedLink {
  id: string;
  type: string;
  text: string;
  sourcePage: number;
  targetPage: number | null;
  targetParagraph: number | null;
  highlighted: boolean;
  notes: string | null;
}

export interface EnhancedReview {
  ok: boolean;
  error: string | null;
  documentId: string | null;
  total: number;
  links: EnhancedLink[];
  outputDir: string | null;
}
