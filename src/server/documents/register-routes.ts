// Every documents route of the app (upload, documents, processing, stream, links, review, memory) in one call.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { taskLimits } from './pdf-task.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { documentMemoryRoutes } from '../routes/document-memory.ts';
import { documentProcessingRoutes } from '../routes/document-processing.ts';
import { documentStreamRoutes } from '../routes/document-stream.ts';
import { hyperlinkRoutes } from '../routes/hyperlinks.ts';
import { documentRoutes } from '../routes/documents.ts';
import { linkRoutes } from '../routes/links.ts';
import { reviewRoutes } from '../routes/review.ts';
import { uploadRoutes } from '../routes/upload.ts';
import type { Storage } from '../storage/files.ts';
import { DocumentEvents } from './document-events.ts';
import type { JobSender } from './processing-state.ts';

export interface JobSink {
  send(kind: 'document-process' | 'document-link' | 'document-text-layer', data: object): Promise<string | null>;
}

export async function registerDocumentRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; config: Config; jobs?: JobSink },
): Promise<void> {
  const send: JobSender = async (kind, data) => {
    if (!deps.jobs) throw new AppError('unavailable', 'The job queue is not running');
    return deps.jobs.send(kind, data);
  };
  const docDeps = { db: deps.db, storage: deps.storage, send };
  const pool = (deps.db as unknown as { $client: pg.Pool }).$client;
  const events = new DocumentEvents(pool, app.log);
  app.addHook('onClose', () => events.close());

  await uploadRoutes(app, docDeps, deps.config.maxUploadMb);
  documentRoutes(app, docDeps);
  documentProcessingRoutes(app, docDeps);
  documentStreamRoutes(app, deps.db, events);
  linkRoutes(app, deps.db);
  reviewRoutes(app, { ...docDeps, limits: taskLimits(deps.config) });
  documentMemoryRoutes(app, deps.db);
  hyperlinkRoutes(app, { ...docDeps, limits: taskLimits(deps.config) });
}
