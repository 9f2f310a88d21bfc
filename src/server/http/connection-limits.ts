// Caps on open connections: per client address and in all. A connection beyond a cap is not served:
// it may still send its request head for a few seconds, and is then answered 503 'busy' and closed,
// except health and readiness, which answer as usual so a supervisor never restarts a server that is
// only busy. The connections waiting so are few (a quarter of the cap, at least 100); when they are
// all taken the oldest is closed once it has had a second to send its request (a health check has
// been answered by then), else the new one is. Stalled connections thus never use up the process's
// file descriptors.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TrafficCounters } from './traffic.ts';

export interface ConnectionLimits {
  /** Connections served at once, in all. */
  total: number;
  /** Connections served at once from one client address (an IPv6 /64 counts as one address). */
  perAddress: number;
  /** Behind a reverse proxy every connection comes from the proxy: no cap per address then. */
  behindProxy: boolean;
}

/** How long a refused connection may take to send its request head before it is closed. */
const REFUSED_HEAD_MS = 3_000;
/** A refused connection younger than this is not closed to make room for another. */
const REFUSED_KEPT_MS = 1_000;
/** The paths a refused connection is still answered on. */
const ALWAYS_ANSWERED = new Set(['/api/health', '/api/ready']);
export const BUSY_MESSAGE = 'The server is busy; try again shortly';

/** The address a cap counts: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64. */
export function addressKey(remote: string | undefined): string {
  if (!remote) return '';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  if (v4) return v4[1]!;
  if (!remote.includes(':')) return remote;
  const [head = '', tail] = remote.toLowerCase().replace(/%.*$/, '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export function installConnectionLimits(app: FastifyInstance, limits: ConnectionLimits, counters: TrafficCounters): void {
  const server: Server = app.server;
  const perAddress = new Map<string, number>();
  const refused = new Map<Socket, number>(); // each refused connection and when: the first is the oldest
  const reserve = Math.max(100, Math.ceil(limits.total / 4));

  const admit = (socket: Socket, key: string) => {
    counters.open += 1;
    perAddress.set(key, (perAddress.get(key) ?? 0) + 1);
    socket.once('close', () => {
      counters.open -= 1;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
  };

  const refuse = (socket: Socket) => {
    counters.refused += 1;
    if (refused.size >= reserve) {
      const [oldest, since] = refused.entries().next().value!;
      if (Date.now() - since < REFUSED_KEPT_MS) {
        socket.destroy();
        return;
      }
      refused.delete(oldest);
      oldest.destroy();
    }
    refused.set(socket, Date.now());
    socket.once('close', () => refused.delete(socket));
    socket.setTimeout(REFUSED_HEAD_MS, () => socket.destroy());
  };

  server.on('connection', (socket: Socket) => {
    const key = limits.behindProxy ? '' : addressKey(socket.remoteAddress);
    const overTotal = counters.open >= limits.total;
    const overAddress = !limits.behindProxy && (perAddress.get(key) ?? 0) >= limits.perAddress;
    if (overTotal || overAddress) refuse(socket);
    else admit(socket, key);
  });

  // First of the request hooks: a refused connection is answered before any session lookup or body.
  app.addHook('onRequest', async (req, reply) => {
    const socket = req.raw.socket;
    if (!refused.has(socket)) return;
    socket.setTimeout(REFUSED_HEAD_MS, () => socket.destroy()); // the answer must not wait on a slow reader
    reply.header('connection', 'close');
    if (ALWAYS_ANSWERED.has(req.url.split('?')[0]!)) return;
    reply.raw.once('finish', () => socket.destroySoon());
    req.log.level = 'warn'; // counted on /api/ready; a flood of them is not a flood of 'request completed' lines
    return reply.code(503).header('retry-after', '5').send({ error: 'unavailable', message: BUSY_MESSAGE });
  });
}
