// Every request body has two deadlines: it may not stall (send nothing) for longer than `idleMs`, and
// it must arrive whole within its total time (an upload gets longer than any other body). A body past
// either is cut: a JSON body being read is answered 408 and its connection closed; an upload, which
// the multipart reader takes straight from the connection, or the body of a request already answered
// (401, 404, 429 before it was read) has its connection closed (receive-upload.ts removes an upload's
// part file). Only while the body arrives: the answer may take as long as it takes. A request whose
// client goes away is counted and logged at debug level, never as an error.
import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { TrafficCounters } from './traffic.ts';

export interface BodyDeadlines {
  /** The longest a body may send nothing. */
  idleMs: number;
  /** The longest a body other than an upload may take to arrive. */
  totalMs: number;
  /** The longest an upload (multipart) may take to arrive. */
  uploadTotalMs: number;
}

const hasBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;

const isUpload = (raw: IncomingMessage) => (raw.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/** A body on its way: the stream Fastify parses it from, once its parse has begun. */
interface Watched {
  parsed: PassThrough | null;
}

export function installBodyDeadlines(app: FastifyInstance, deadlines: BodyDeadlines, counters: TrafficCounters): void {
  const watched = new WeakMap<IncomingMessage, Watched>();

  // Armed before any other hook may answer the request without reading its body.
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableEnded) return;
      counters.aborted += 1;
      req.log.debug({ url: req.url }, 'request aborted by the client');
    });
    // (A request injected in a test has no real connection to time.)
    if (!hasBody(req.raw) || req.raw.complete || typeof req.raw.socket?.setTimeout !== 'function') return;
    watched.set(req.raw, watchBody(req, reply, deadlines, counters));
  });

  // The body Fastify parses goes through a stream of ours, so that a cut body fails its parse with 408.
  // An upload is read from the request itself by the multipart reader: it is left as it is.
  app.addHook('preParsing', async (req, _reply, payload) => {
    const w = watched.get(req.raw);
    if (!w || isUpload(req.raw)) return payload;
    const parsed = new PassThrough();
    payload.pipe(parsed);
    payload.once('error', (err) => parsed.destroy(err));
    w.parsed = parsed;
    return parsed;
  });
}

function watchBody(req: FastifyRequest, reply: FastifyReply, deadlines: BodyDeadlines, counters: TrafficCounters): Watched {
  const w: Watched = { parsed: null };
  const raw = req.raw;
  const socket = raw.socket;
  const totalMs = isUpload(raw) ? deadlines.uploadTotalMs : deadlines.totalMs;
  const total = setTimeout(() => cut('total'), totalMs);
  // The connection's idle timer: on it Node's server asks the (unfinished) request before closing it.
  const onIdle = () => cut('idle');
  socket.setTimeout(deadlines.idleMs);
  raw.on('timeout', onIdle);
  const done = () => {
    clearTimeout(total);
    raw.off('timeout', onIdle);
    if (!socket.destroyed) socket.setTimeout(0);
  };
  raw.once('end', done);
  // An answer sent before the body was read (401, 429) does not end its deadlines: the body is still owed.
  reply.raw.once('close', () => {
    if (raw.complete || socket.destroyed) done();
  });

  function cut(why: 'idle' | 'total') {
    done();
    counters.bodyTimeouts += 1;
    const seconds = Math.round((why === 'idle' ? deadlines.idleMs : totalMs) / 1000);
    const message = why === 'idle' ? `The request sent nothing for ${seconds} s` : `The request took longer than ${seconds} s to arrive`;
    req.log.debug({ url: req.url, why }, 'request body cut');
    const parsed = w.parsed;
    if (!parsed || reply.raw.headersSent) {
      socket.destroy(new Error(message));
      return;
    }
    // The rest of the body is never read: the answer closes the connection.
    (raw as Readable).unpipe(parsed);
    raw.pause();
    reply.header('connection', 'close');
    reply.raw.once('finish', () => socket.destroySoon());
    parsed.destroy(new AppError('request_timeout', message));
  }
  return w;
}
