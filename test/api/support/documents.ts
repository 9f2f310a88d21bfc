// Helpers of the documents API tests: a worker process on the test database, cases, multipart
// uploads through the real app, and waiting for a document to reach a state.
import type { FastifyInstance } from 'fastify';
import { startQueue, type JobQueue } from '../../../src/server/jobs/queue.ts';
import { createLogger } from '../../../src/server/logger.ts';
import type { DocumentRecord } from '../../../src/contract/documents.ts';
import type { TestApp } from './app.ts';

/** A second queue on the same database that runs the jobs, as a worker process would. */
export async function startWorkers(t: TestApp): Promise<JobQueue> {
  const ctx = { db: t.database.db, storage: t.storage, config: t.config, log: createLogger('silent') };
  return startQueue(t.config.databaseUrl!, ctx, true);
}

export async function createCase(app: FastifyInstance, cookie: string, caseNumber = `CV-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/cases', headers: { cookie }, payload: { caseNumber, title: 'Smith v. Jones' } });
  if (res.statusCode !== 201) throw new Error(`case not created: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** A multipart/form-data body with text fields and one file. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type?: string }) {
  const boundary = `----brieflink${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(app: FastifyInstance, cookie: string, caseId: string, bytes: Uint8Array, name = 'brief.pdf', extra: Record<string, string> = {}) {
  const body = multipart({ caseId, ...extra }, { name, bytes });
  return app.inject({ method: 'POST', url: '/api/upload/document', headers: { cookie, ...body.headers }, payload: body.payload });
}

export async function getDocument(app: FastifyInstance, cookie: string, id: string): Promise<DocumentRecord> {
  const res = await app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`document ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Polls the document until `done(doc)`; fails with the last state seen after `timeoutMs`. */
export async function waitForDocument(
  app: FastifyInstance,
  cookie: string,
  id: string,
  done: (d: DocumentRecord) => boolean,
  timeoutMs = 60_000,
): Promise<DocumentRecord> {
  const until = Date.now() + timeoutMs;
  let last = await getDocument(app, cookie, id);
  while (!done(last)) {
    if (Date.now() > until) throw new Error(`document did not reach the state in ${timeoutMs} ms: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
    last = await getDocument(app, cookie, id);
  }
  return last;
}

export const processed = (d: DocumentRecord) => d.status === 'completed' || d.status === 'failed';
