// pg-boss on the application database: queues created once from the registry, schedules set, and
// (for ROLE=all|worker) one worker per job kind.
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { QueueState } from '../routes/health.ts';
import { checkRegistry, handlers, jobKinds, workerServices, type JobContext, type JobKind, type JobKindName } from './registry.ts';

type Settle = (this: { emit(event: string, arg: unknown): boolean }, ...args: unknown[]) => Promise<unknown>;

/**
 * pg-boss 10 marks a job done or failed without awaiting it (manager.js, the worker's onFetch): when
 * the database is gone at that moment, the promise rejects with nothing to handle it and Node ends the
 * process. Its rejection becomes a queue 'error' event instead (logged); the job stays active, and the
 * document reaper queues its document again once the database answers (heartbeats, processing-state.ts).
 */
function settleWithoutCrashing(): void {
  const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<string, unknown> };
  const proto = manager.prototype;
  if (proto.__settlesSafely) return;
  proto.__settlesSafely = true;
  for (const name of ['complete', 'fail'] as const) {
    const original = proto[name] as Settle;
    const safe = function (this: ThisParameterType<Settle>, ...args: unknown[]) {
      const settled = original.apply(this, args);
      settled.catch((err: unknown) => this.emit('error', err));
      return settled;
    };
    // PgBoss exposes the manager's functions under their names (boss.complete, boss.fail): keep them.
    Object.defineProperty(safe, 'name', { value: name });
    proto[name] = safe;
  }
}

export interface JobQueue {
  boss: PgBoss;
  /** Queues a job of a registered kind; returns its id. */
  send(kind: JobKindName, data: object): Promise<string | null>;
  state(): Promise<QueueState>;
  stop(): Promise<void>;
}

export async function startQueue(
  url: string,
  ctx: JobContext,
  runWorkers: boolean,
  serialise: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
): Promise<JobQueue> {
  checkRegistry();
  settleWithoutCrashing();
  const boss = new PgBoss({ connectionString: url, max: 4, application_name: 'brieflink-jobs' });
  let stopped = false;
  boss.on('error', (err) => ctx.log.error({ err }, 'job queue error'));
  // Creating queues concurrently deadlocks: one process at a time, and only the missing ones.
  await serialise(async () => {
    await boss.start();
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const [name, kind] of Object.entries(jobKinds) as [string, JobKind][]) {
      if (!existing.has(name)) await boss.createQueue(name, { name, ...kind.queue });
      if (kind.schedule) await boss.schedule(name, kind.schedule, {}, { tz: 'UTC' });
    }
  });
  ctx.send = (kind, data, options) => boss.send(kind, data, options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {});
  const stopServices: (() => void)[] = [];
  if (runWorkers) {
    for (const [name, kind] of Object.entries(jobKinds) as [string, JobKind][]) {
      const handler = handlers[name]!;
      // pg-boss 10 runs one fetch loop per work() call: several calls = that many jobs at once.
      for (let i = 0; i < (kind.concurrency ?? 1); i++) {
        await boss.work(name, { batchSize: 1, pollingIntervalSeconds: kind.pollingIntervalSeconds ?? 2 }, async ([job]) => {
          if (job) return handler(ctx, job.data);
        });
      }
    }
    for (const start of workerServices) stopServices.push(start(ctx));
  }
  return {
    boss,
    send: (kind, data) => boss.send(kind, data),
    async state() {
      if (stopped) return 'stopped';
      // Answers only when the queue's tables are reachable.
      await boss.getQueue(Object.keys(jobKinds)[0]!);
      return 'running';
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const stop of stopServices) stop();
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}
