// Runs in every process that runs jobs: at start-up and then every few seconds, re-queues the
// documents whose job stopped sending heartbeats, so no document stays 'processing' after a crash.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobContext } from '../jobs/registry.ts';
import { requeueStaleJobs } from './processing-state.ts';
import { isOwnedUpload } from './receive-upload.ts';

const EVERY_MS = 5_000;
/**
 * Upload files a killed process left half-written (never a document's file: those are renamed away).
 * A part file no upload of this process owns, unchanged for longer than a connection may stay silent
 * (REQUEST_IDLE_SECONDS, after which its upload is cut), belongs to no live upload of any process.
 */
async function removeAbandonedUploads(ctx: JobContext): Promise<number> {
  const dir = join(ctx.storage.root, 'uploads');
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(dir, name);
    if (isOwnedUpload(path)) continue;
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > ctx.config.requestIdleMs + 5_000) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
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
  const sweepUploads = () =>
    void removeAbandonedUploads(ctx)
      .then((n) => n && ctx.log.info({ removed: n }, 'abandoned upload fragments removed'))
      .catch((err: unknown) => ctx.log.warn({ err }, 'abandoned upload sweep failed'));
  void sweep();
  sweepUploads();
  const timer = setInterval(() => {
    void sweep();
    sweepUploads();
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
