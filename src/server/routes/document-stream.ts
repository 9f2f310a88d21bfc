// GET /api/documents/{id}/stream: server-sent events of a document's progress (contract
// streamMessage). Fed by NOTIFY from whichever process runs the job, with a slow poll as a safety
// net; sends the current state at once and closes after phase 'done'.
import type { FastifyInstance } from 'fastify';
import type { StreamMessage } from '../../contract/documents.ts';
import type { Db } from '../db/client.ts';
import type { DocumentEvents } from '../documents/document-events.ts';
import { documentById, documentRow } from '../documents/queries.ts';
import { AppError } from '../errors.ts';
import { ocrProgressOf } from '../documents/serialize.ts';
import type { DocumentRow } from '../documents/queries.ts';

const POLL_MS = 5_000;
const KEEPALIVE_MS = 15_000;

function isDone(d: DocumentRow): boolean {
  const settled = d.status === 'completed' || d.status === 'failed' || d.status === 'awaiting-file';
  return settled && d.aiProcessingStatus !== 'queued' && d.aiProcessingStatus !== 'processing';
}

async function messagesFor(db: Db, d: DocumentRow): Promise<StreamMessage[]> {
  const out: StreamMessage[] = [
    { phase: 'ocr', ...ocrProgressOf(d) },
    { phase: 'index', index_status: d.indexStatus as 'ok', index_count: d.indexCount },
  ];
  if (d.aiProcessingStatus !== 'none') {
    const { linkCount } = await documentById(db, d.id);
    out.push({ phase: 'links', aiProcessingStatus: d.aiProcessingStatus as 'none', linkCount });
  }
  if (isDone(d)) out.push({ phase: 'done', status: d.status, failureReason: d.failureReason ?? d.linkFailureReason });
  return out;
}

export function documentStreamRoutes(app: FastifyInstance, db: Db, events: DocumentEvents): void {
  // Open streams are hijacked replies the server waits for on close: end them when it shuts down.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/api/documents/:id/stream', async (req, reply) => {
    const first = await documentRow(db, req.params);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const lastByPhase = new Map<string, string>();
    let ended = false;
    let running: Promise<void> | null = null;
    let again = false;
    let unsubscribe: () => void = () => undefined;

    const end = () => {
      if (ended) return;
      ended = true;
      open.delete(end);
      clearInterval(poll);
      clearInterval(keepalive);
      unsubscribe();
      res.end();
    };
    const push = async (row?: DocumentRow) => {
      // Gone only when the database says so; a database out of reach keeps the stream open (the next poll retries).
      const d = row ?? (await documentRow(db, { id: first.id }).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null;
        throw err;
      }));
      if (!d) return end(); // deleted
      for (const m of await messagesFor(db, d)) {
        const json = JSON.stringify(m);
        if (lastByPhase.get(m.phase) === json) continue;
        lastByPhase.set(m.phase, json);
        res.write(`event: ${m.phase}\ndata: ${json}\n\n`);
      }
      if (isDone(d)) end();
    };
    // One refresh at a time; a change during a refresh triggers one more.
    const refresh = () => {
      if (ended) return;
      if (running) {
        again = true;
        return;
      }
      running = push()
        .catch((err: unknown) => req.log.warn({ err }, 'stream refresh failed'))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            refresh();
          }
        });
    };
    const poll = setInterval(refresh, POLL_MS);
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    res.on('close', end);
    open.add(end);
    unsubscribe = await events.subscribe(first.id, refresh);
    if (ended) unsubscribe();
    else await push(first);
  });
}
