// Runs in every process that runs jobs: at start-up and then every few seconds, re-queues the
// documents whose job stopped sending heartbeats, so no document stays 'processing' after a crash.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobContext } from '../jobs/registry.ts';
import { requeueStaleJobs } from './processing-state.ts';

const EVERY_MS = 5_000;
const PARTIAL_UPLOAD_MAX_AGE_MS = 6 * 3600_000;

/** Upload files a killed process left half-written (never a document's file: those are renamed away). */
async function removeAbandonedUploads(ctx: JobContext): Promise<void> {
  const dir = join(ctx.storage.root, 'uploads');
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > PARTIAL_UPLOAD_MAX_AGE_MS) await rm(path, { force: true });
  }
}

export function startDocumentReaper(ctx: JobContext): () => void {
  let running = false;
  const sweep = async () => {
    if (running || !ctx.send) return;
    running = true;
    try {
      const requeued = await requeueStaleJobs(ctx.db, ctx.send, ctx.config.staleJobMs);
      if (requeued.length) ctx.log.warn({ requeued }, 'jobs of a stopped process queued again');
    } catch (err) {
      ctx.log.warn({ err }, 'stale job sweep failed');
    } finally {
      running = false;
    }
  };
  void sweep();
  void removeAbandonedUploads(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'abandoned upload sweep failed'));
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
