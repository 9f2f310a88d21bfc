// The System Status part of the API contract (spec §2 status page, §3 status summary, §7 status calls,
// §9 constants) and 'Report an Issue' (an issue report stored as a conversation for the people who run
// the deployment).
import { z } from 'zod';
import { indexStatusValue } from './documents.ts';

/** Spec §9: the status page refreshes every 10 s, lists 12 recent documents and errors of the last 24 h. */
export const STATUS_REFRESH_MS = 10_000;
export const RECENT_DOCS_LIMIT = 12;
export const RECENT_ERRORS_HOURS = 24;
/** Spec §1: support answers non-critical issues within 24 hours. */
export const SUPPORT_RESPONSE_HOURS = 24;
/** The title of the conversation an issue report is stored as. */
export const ISSUE_REPORT_TITLE = 'Issue report';
export const ISSUE_TEXT_MAX = 4000;
/** Largest screenshot a report may carry (the image file, before base64). */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;

export const recentDocsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1, { error: 'limit must be a whole number from 1 to 100' })
    .max(100, { error: 'limit must be a whole number from 1 to 100' })
    .default(RECENT_DOCS_LIMIT),
});

/** pg-boss's jobs: waiting (queued or to be retried), running, failed in the last 24 h, the oldest waiting. */
export const jobQueueStats = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  failed24h: z.number().int(),
  /** When the job waiting longest was queued; null when none waits. */
  oldestWaitingAt: z.string().nullable(),
});
export type JobQueueStats = z.infer<typeof jobQueueStats>;

/** A worker process (`host:pid`) that runs document jobs or ran some in the last 24 hours. */
export const jobWorker = z.object({
  worker: z.string(),
  /** Documents whose processing or link building it runs now. */
  running: z.number().int(),
  /** Documents it processed (text, OCR, index) in the last 24 hours. */
  processed24h: z.number().int(),
  /** When it last finished processing a document; null when not in the last 24 hours. */
  lastProcessedAt: z.string().nullable(),
});
export type JobWorker = z.infer<typeof jobWorker>;

export const statusSummary = z.object({
  health: z.object({ status: z.string(), timestamp: z.string() }),
  ready: z.object({
    status: z.string(),
    services: z.object({ database: z.enum(['connected', 'disconnected']), queue: z.string() }),
  }),
  /** Documents per index status. */
  counters: z.array(z.object({ status: indexStatusValue, c: z.number().int() })),
  /** Index detection failures of the last 24 hours, newest first. */
  recentErrors: z.array(z.object({ id: z.string(), title: z.string().nullable(), index_detected_at: z.string().nullable() })),
  /** null when the queue's tables cannot be read. */
  jobs: jobQueueStats.nullable(),
  /** The worker processes seen on documents, by name. */
  workers: z.array(jobWorker),
  /** The OCR engine pages without text are read with. */
  ocrEngine: z.enum(['tesseract-cli', 'tesseract-js']),
});
export type StatusSummary = z.infer<typeof statusSummary>;

export const recentDoc = z.object({
  id: z.string(),
  caseId: z.string(),
  title: z.string(),
  created: z.string(),
  index_status: indexStatusValue,
  index_count: z.number().int().nullable(),
  has_links: z.boolean(),
});
export type RecentDoc = z.infer<typeof recentDoc>;
export type RecentDocs = { items: RecentDoc[] };

export const issueReportBody = z.object({
  text: z
    .string({ error: 'Say what happened' })
    .trim()
    .min(1, { error: 'Say what happened' })
    .max(ISSUE_TEXT_MAX, { error: `Keep it under ${ISSUE_TEXT_MAX} characters` }),
  documentId: z.uuid({ error: 'documentId must be a document id' }).nullish(),
  /** The app path the person was on (no host, no query). */
  page: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/[^\s?#]*$/, { error: 'page must be a path of this app' })
    .nullish(),
  /** Optional screenshot: a PNG or JPEG image as a data URL (its content is checked on the server). */
  screenshot: z
    .string()
    .max(Math.ceil((SCREENSHOT_MAX_BYTES * 4) / 3) + 32, { error: `A screenshot must be under ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB` })
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'A screenshot must be a PNG or JPEG image' })
    .nullish(),
});
export type IssueReportBody = z.infer<typeof issueReportBody>;

export const issueReport = z.object({
  id: z.string(),
  createdAt: z.string(),
  reportedBy: z.string().nullable(),
  documentId: z.string().nullable(),
  documentTitle: z.string().nullable(),
  /** The case number of that document's case. */
  caseNumber: z.string().nullable(),
  page: z.string().nullable(),
  text: z.string(),
  /** The screenshot sent with the report, as a data URL, or null. */
  screenshot: z.string().nullable(),
});
export type IssueReport = z.infer<typeof issueReport>;
