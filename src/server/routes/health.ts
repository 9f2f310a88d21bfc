// Liveness and readiness: public, no session needed. Readiness also gives the connection figures
// (open now; since start-up: refused over the limits, bodies cut by their deadlines, requests aborted).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { TrafficCounters } from '../http/traffic.ts';

export type QueueState = 'running' | 'stopped' | 'error';

export function healthRoutes(app: FastifyInstance, db: Db, queueState: () => Promise<QueueState>, traffic: TrafficCounters): void {
  app.get('/api/health', { config: { public: true } }, async () => ({
    status: 'healthy',
    timestamp: new Date().toISOString(),
  }));

  app.get('/api/ready', { config: { public: true } }, async (_req, reply) => {
    const database = await db
      .execute(sql`select 1`)
      .then(() => 'connected' as const)
      .catch(() => 'disconnected' as const);
    const queue = await queueState().catch(() => 'error' as const);
    const ok = database === 'connected' && queue === 'running';
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ready' : 'not ready',
      services: { database, queue },
      connections: traffic.snapshot(),
    });
  });
}
