// Liveness and readiness: public, no session needed.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

export type QueueState = 'running' | 'stopped' | 'error';

export function healthRoutes(app: FastifyInstance, db: Db, queueState: () => Promise<QueueState>): void {
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
    });
  });
}
