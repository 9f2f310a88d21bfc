// What the System Status page shows (spec §2, §7): health and readiness, documents per index status,
// recent index errors, the most recent documents, pg-boss's job counts and the OCR engine in use.
import { desc, eq, gte, and, sql } from 'drizzle-orm';
import {
  RECENT_ERRORS_HOURS,
  type JobQueueStats,
  type JobWorker,
  type RecentDoc,
  type StatusSummary,
} from '../../contract/status.ts';
import type { IndexStatusValue } from '../../contract/documents.ts';
import { resolveOcrEngine } from '../../engine/ocr/index.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import type { QueueState } from '../routes/health.ts';

const INDEX_STATUSES: IndexStatusValue[] = ['ok', 'pending', 'error', 'none'];

async function databaseState(db: Db): Promise<'connected' | 'disconnected'> {
  return db
    .execute(sql`select 1`)
    .then(() => 'connected' as const)
    .catch(() => 'disconnected' as const);
}

/**
 * Jobs in pg-boss's own tables (schema `pgboss`): waiting = created or to be retried and due, running =
 * active; a failed job stays in `job` or has been moved to `archive`, so both count. null when the queue's
 * tables cannot be read.
 */
export async function jobQueueStats(db: Db): Promise<JobQueueStats | null> {
  try {
    const res = await db.execute(sql`
      with waiting as (
        select count(*)::int as n, min(created_on) as oldest from pgboss.job
        where state in ('created', 'retry') and start_after <= now()
      ), failed as (
        select count(*)::int as n from (
          select completed_on from pgboss.job where state = 'failed'
          union all
          select completed_on from pgboss.archive where state = 'failed'
        ) f where completed_on > now() - make_interval(hours => ${RECENT_ERRORS_HOURS})
      )
      select waiting.n as queued, waiting.oldest as oldest,
        (select count(*)::int from pgboss.job where state = 'active') as running,
        failed.n as failed
      from waiting, failed`);
    const row = (res.rows[0] ?? {}) as { queued?: number; running?: number; failed?: number; oldest?: Date | string | null };
    const oldest = row.oldest ? new Date(row.oldest) : null;
    return {
      queued: Number(row.queued ?? 0),
      running: Number(row.running ?? 0),
      failed24h: Number(row.failed ?? 0),
      oldestWaitingAt: oldest ? oldest.toISOString() : null,
    };
  } catch {
    return null;
  }
}

/**
 * The worker processes recorded on documents (documents.process_worker, link_worker): the jobs each
 * runs now and the documents it processed in the last 24 hours, so an operator running several
 * workers sees which ones take jobs.
 */
export async function jobWorkers(db: Db): Promise<JobWorker[]> {
  const res = await db.execute(sql`
    select w as worker, sum(running)::int as running, sum(done)::int as processed, max(done_at) as last
    from (
      select process_worker as w, (status = 'processing')::int as running,
        (status in ('completed', 'failed') and index_detected_at > now() - make_interval(hours => ${RECENT_ERRORS_HOURS}))::int as done,
        case when index_detected_at > now() - make_interval(hours => ${RECENT_ERRORS_HOURS}) then index_detected_at end as done_at
      from documents where process_worker is not null
      union all
      select link_worker, (ai_processing_status = 'processing')::int, 0, null
      from documents where link_worker is not null
    ) jobs
    group by w having sum(running) > 0 or sum(done) > 0
    order by w`);
  return (res.rows as { worker: string; running: number; processed: number; last: Date | string | null }[]).map((r) => ({
    worker: r.worker,
    running: Number(r.running),
    processed24h: Number(r.processed),
    lastProcessedAt: r.last ? new Date(r.last).toISOString() : null,
  }));
}

/** The engine pages without text are read with (tesseract.js: docs/adr/0010). */
export function ocrEngineInUse(): StatusSummary['ocrEngine'] {
  return resolveOcrEngine('auto');
}

export async function statusSummary(db: Db, queueState: () => Promise<QueueState>): Promise<StatusSummary> {
  const database = await databaseState(db);
  const queue = await queueState().catch(() => 'error' as const);
  const counts = await db
    .select({ status: documents.indexStatus, c: sql<number>`count(*)::int` })
    .from(documents)
    .where(caseNotTrashed)
    .groupBy(documents.indexStatus);
  const since = new Date(Date.now() - RECENT_ERRORS_HOURS * 3_600_000);
  const errors = await db
    .select({ id: documents.id, title: documents.title, at: documents.indexDetectedAt })
    .from(documents)
    .where(and(eq(documents.indexStatus, 'error'), gte(documents.indexDetectedAt, since), caseNotTrashed))
    .orderBy(desc(documents.indexDetectedAt))
    .limit(50);
  return {
    health: { status: 'healthy', timestamp: new Date().toISOString() },
    ready: {
      status: database === 'connected' && queue === 'running' ? 'ready' : 'not ready',
      services: { database, queue },
    },
    counters: INDEX_STATUSES.map((status) => ({ status, c: Number(counts.find((r) => r.status === status)?.c ?? 0) })),
    recentErrors: errors.map((e) => ({ id: e.id, title: e.title, index_detected_at: e.at?.toISOString() ?? null })),
    jobs: await jobQueueStats(db),
    workers: await jobWorkers(db),
    ocrEngine: ocrEngineInUse(),
  };
}

export async function recentDocuments(db: Db, limit: number): Promise<RecentDoc[]> {
  const rows = await db.select().from(documents).where(caseNotTrashed).orderBy(desc(documents.uploadedAt), desc(documents.id)).limit(limit);
  return rows.map((d) => ({
    id: d.id,
    caseId: d.caseId,
    title: d.title,
    created: d.uploadedAt.toISOString(),
    index_status: d.indexStatus as IndexStatusValue,
    index_count: d.indexStatus === 'ok' || d.indexStatus === 'error' ? d.indexCount : null,
    has_links: d.hasLinks,
  }));
}
