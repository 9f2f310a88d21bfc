// Runs in every process that runs jobs: at start-up and then every few seconds, re-queues the
// documents whose job stopped sending heartbeats, so no document stays 'processing' after a crash.
import type { JobContext } from '../jobs/registry.ts';
import { requeueStaleJobs } from './processing-state.ts';

const EVERY_MS = 5_000;

export function startDocumentReaper(ctx: JobContext): () => void {
  let running = false;
  const sweep = async () => {
    if (running || !ctx.send) return;
    running = true;
    try {
      const requeued = await requeueStaleJobs(ctx.db, ctx.send);
      if (requeued.length) ctx.log.warn({ requeued }, 'jobs of a stopped process queued again');
    } catch (err) {
      ctx.log.warn({ err }, 'stale job sweep failed');
    } finally {
      running = false;
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
