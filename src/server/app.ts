// buildApp(deps): the Fastify application, no listen. Every input is validated with zod in its route;
// every error leaves as {error, message, field?} with the status of its AppError code.
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { installGuard } from './auth/guard.ts';
import { OidcClient } from './auth/oidc.ts';
import { SignInPaused } from './auth/sign-in-throttle.ts';
import { installTrashGuard } from './cases/trash.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerDocumentRoutes, type JobSink } from './documents/register-routes.ts';
import { AppError, codeForStatus, faultError } from './errors.ts';
import { installBodyDeadlines } from './http/body-deadlines.ts';
import { installConnectionLimits } from './http/connection-limits.ts';
import { TrafficCounters } from './http/traffic.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { localAuthRoutes, type AuthRateLimits } from './routes/auth-local.ts';
import { pageImageRoutes } from './routes/page-images.ts';
import { caseRoutes } from './routes/cases.ts';
import { chatRoutes } from './routes/chat.ts';
import { healthRoutes, type QueueState } from './routes/health.ts';
import { peopleRoutes } from './routes/people.ts';
import { screenRoutes } from './routes/screens.ts';
import { statusRoutes } from './routes/status.ts';
import type { Storage } from './storage/files.ts';
import { installSecurityHeaders } from './web/security-headers.ts';
import { serveWeb } from './web/static.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  logger: Logger;
  /** State of the job queue for /api/ready. */
  queueState: () => Promise<QueueState>;
  /** Built web app to serve (dist/web); omitted = API only. */
  webRoot?: string;
  rateLimits?: Partial<AuthRateLimits>;
  /** Where routes queue jobs (the job queue); without it, calls that queue work answer 503. */
  jobs?: JobSink;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, with whether it is reachable signed out. */
    routeTable: { method: string; url: string; public: boolean }[];
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }) as unknown as FastifyInstance;

  // Before every other hook: a connection over the limits is answered before any session lookup.
  const traffic = new TrafficCounters();
  installConnectionLimits(app, { ...(config.connections ?? { total: 1000, perAddress: 50 }), behindProxy: config.trustProxy }, traffic);
  installBodyDeadlines(app, { idleMs: config.requestIdleMs, totalMs: config.requestBodyMs ?? 30_000, uploadTotalMs: config.uploadMs ?? 3_600_000 }, traffic);

  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods) {
      if (m !== 'HEAD') routeTable.push({ method: m, url: r.url, public: r.config?.public === true });
    }
  });

  app.setErrorHandler((rawErr, req, reply) => {
    // A body that never arrived whole, its connection gone (the client went away, or its deadline cut
    // it) is no fault of the server: counted and logged at debug level by http/body-deadlines.ts, and
    // there is nobody to answer.
    if (req.raw.socket?.destroyed && !req.raw.complete) {
      req.log.debug({ err: rawErr }, 'request ended: the client went away');
      return reply.code(400).send({ error: 'validation', message: 'The request was not received whole' });
    }
    // A database out of reach answers 503, a full disk 507, each with its own message, never 500.
    const err = faultError(rawErr) ?? rawErr;
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err: rawErr }, err.message);
      if (err instanceof SignInPaused) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(err.status).send(err.toBody());
    }
    const e = err as { statusCode?: number; message?: string; code?: string };
    const status = typeof e.statusCode === 'number' && e.statusCode >= 400 ? e.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send({ error: 'internal', message: 'Something went wrong on the server' });
    }
    if (status === 429) {
      return reply.code(429).send({ error: 'rate_limited', message: 'Too many attempts; please wait a minute and try again' });
    }
    return reply.code(status).send({ error: codeForStatus(status), message: e.message ?? 'Bad request' });
  });

  installSecurityHeaders(app, { https: config.secureCookies });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  installGuard(app, db, config.appUrl);
  installTrashGuard(app, db);

  const limits: AuthRateLimits = { ...(deps.config.rateLimits ?? { loginPerMinute: 10, registerPerHour: 50 }), ...deps.rateLimits };
  healthRoutes(app, db, deps.queueState, traffic);
  authRoutes(app, db, config, config.oidc ? new OidcClient(config.oidc) : null);
  localAuthRoutes(app, db, config, limits);
  peopleRoutes(app, db, config);
  accountRoutes(app, db, config);
  caseRoutes(app, db, deps.storage, config);
  await registerDocumentRoutes(app, { db, storage: deps.storage, config, ...(deps.jobs ? { jobs: deps.jobs } : {}) });
  pageImageRoutes(app, db, deps.storage);
  statusRoutes(app, db, deps.queueState);
  chatRoutes(app, { db, storage: deps.storage, assistant: config.assistant, log: deps.logger });
  screenRoutes(app, db, deps.storage);
  await serveWeb(app, deps.webRoot);
  return app;
}
