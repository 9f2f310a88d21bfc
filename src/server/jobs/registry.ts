// The one registry of job kinds. Every kind listed here must have a handler in `handlers` below, or the
// process refuses to start (checkRegistry). Queues are created once, at start-up, from this list.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Storage } from '../storage/files.ts';
import { startDocumentReaper } from '../documents/reaper.ts';
import { documentLink } from './document-link.ts';
import { documentProcess } from './document-process.ts';
import { documentTextLayer } from './document-text-layer.ts';
import { retentionPurge } from './retention-purge.ts';

export interface JobContext {
  db: Db;
  storage: Storage;
  config: Config;
  log: Logger;
  /** Queues a job; set by the queue once it has started. */
  send?: (kind: JobKindName, data: object, options?: { startAfterSeconds?: number }) => Promise<string | null>;
}

export type JobHandler = (ctx: JobContext, data: unknown) => Promise<unknown>;

export interface JobKind {
  /** Queue options (retries, expiry) for pg-boss. */
  queue: Omit<PgBoss.Queue, 'name'>;
  /** Cron (UTC) when the job also runs on a schedule. */
  schedule?: string;
  /** Jobs of this kind one worker process runs at once. */
  concurrency?: number;
  /** How often an idle worker looks for a job of this kind (default 2 s; pg-boss allows 0.5). */
  pollingIntervalSeconds?: number;
}

export const jobKinds = {
  'retention-purge': {
    queue: { policy: 'singleton', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
    schedule: '17 3 * * *',
  },
  // Text, OCR and index detection of one document. A killed process's job is re-queued by the
  // document reaper (heartbeats), long before pg-boss would expire it.
  // Two of each at once, so that one large document never holds every slot (each task also has its
  // memory and time limits: documents/pdf-task.ts).
  'document-process': {
    queue: { policy: 'standard', retryLimit: 2, retryDelay: 10, expireInSeconds: 4 * 3600 },
    pollingIntervalSeconds: 0.5,
    concurrency: 2,
  },
  'document-link': {
    queue: { policy: 'standard', retryLimit: 2, retryDelay: 10, expireInSeconds: 3600 },
    pollingIntervalSeconds: 0.5,
    concurrency: 2,
  },
  // The full reading of scanned pages after links were built from their first, quick reading
  // (document-text-layer.ts). One at a time: it is background work, and new documents come first.
  'document-text-layer': {
    queue: { policy: 'standard', retryLimit: 2, retryDelay: 10, expireInSeconds: 4 * 3600 },
    pollingIntervalSeconds: 0.5,
    concurrency: 1,
  },
} satisfies Record<string, JobKind>;

export type JobKindName = keyof typeof jobKinds;

export const handlers: Partial<Record<string, JobHandler>> = {
  'retention-purge': retentionPurge,
  'document-process': documentProcess,
  'document-link': documentLink,
  'document-text-layer': documentTextLayer,
};

/** Background services of processes that run jobs; each returns its stop function. */
export const workerServices: Array<(ctx: JobContext) => () => void> = [startDocumentReaper];

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** Throws when a registered kind has no handler (or a handler names no registered kind). */
export function checkRegistry(
  kinds: Record<string, JobKind> = jobKinds,
  registered: Partial<Record<string, JobHandler>> = handlers,
): void {
  const missing = Object.keys(kinds).filter((k) => typeof registered[k] !== 'function');
  if (missing.length) throw new RegistryError(`Job kinds without a handler: ${missing.join(', ')}`);
  const unknown = Object.keys(registered).filter((k) => !(k in kinds));
  if (unknown.length) throw new RegistryError(`Handlers for unregistered job kinds: ${unknown.join(', ')}`);
}
