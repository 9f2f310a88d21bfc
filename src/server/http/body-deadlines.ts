// Every request body has two deadlines: it may not stall (send nothing) for longer than `idleMs`, and
// it must arrive whole within its total time (an upload gets longer than any other body). A body past
// either is cut: a JSON body is answered 408 and its connection closed; an upload, which the multipart
// reader takes straight from the connection, has its connection closed (receive-upload.ts removes its
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

export function installBodyDeadlines(app: FastifyInstance, deadlines: BodyDeadlines, counters: TrafficCounters): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableEnded) return;
      counters.aborted += 1;
      req.log.debug({ url: req.url }, 'request aborted by the client');
    });
  });

  app.addHook('preParsing', async (req, reply, payload) => {
    // (A request injected in a test has no real connection to time.)
    if (!hasBody(req.raw) || req.raw.complete || typeof req.raw.socket?.setTimeout !== 'function') return payload;
    return watchBody(req, reply, payload, deadlines, counters);
  });
}

function watchBody(req: FastifyRequest, reply: FastifyReply, payload: Readable, deadlines: BodyDeadlines, counters: TrafficCounters): Readable {
  const socket = req.raw.socket;
  const upload = isUpload(req.raw);
  // The body Fastify parses goes through this stream, so that a cut body fails its parse with 408. An
  // upload is read from the request itself by the multipart reader: it is left as it is.
  const body = upload ? null : new PassThrough();
  if (body) {
    payload.pipe(body);
    payload.once('error', (err) => body.destroy(err));
  }
  const total = setTimeout(() => cut('total'), upload ? deadlines.uploadTotalMs : deadlines.totalMs);
  // The connection's idle timer: on it Node's server asks the request (unfinished) before closing it.
  const onIdle = () => cut('idle');
  socket.setTimeout(deadlines.idleMs);
  req.raw.on('timeout', onIdle);
  const done = () => {
    clearTimeout(total);
    req.raw.off('timeout', onIdle);
    if (!socket.destroyed) socket.setTimeout(0);
  };
  req.raw.once('end', done);
  reply.raw.once('close', done);

  function cut(why: 'idle' | 'total') {
    done();
    counters.bodyTimeouts += 1;
    const seconds = Math.round((why === 'idle' ? deadlines.idleMs : upload ? deadlines.uploadTotalMs : deadlines.totalMs) / 1000);
    const message = why === 'idle' ? `The request sent nothing for ${seconds} s` : `The request took longer than ${seconds} s to arrive`;
    req.log.debug({ url: req.url, why }, 'request body cut');
    if (!body) {
      socket.destroy(new Error(message));
      return;
    }
    // The rest of the body is never read: the answer closes the connection.
    payload.unpipe(body);
    payload.pause();
    reply.header('connection', 'close');
    reply.raw.once('finish', () => socket.destroySoon());
    body.destroy(new AppError('request_timeout', message));
  }
  return body ?? payload;
}
