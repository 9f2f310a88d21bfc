import { Activity, Cpu, Database, ListChecks, ScanText, TriangleAlert, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StatusSummary } from '../../../contract/status.ts';
import { cn } from '../../lib/cn.ts';
import { Card } from '../ui/card.tsx';

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** '3 min ago' style age of a past moment. */
export function ageOf(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} days ago`;
}

function StatCard({ title, icon, tone, value, detail, testId }: { title: string; icon: ReactNode; tone: 'good' | 'bad' | 'warn' | 'plain'; value: ReactNode; detail: ReactNode; testId: string }) {
  return (
    <Card className="p-4" data-testid={testId}>
      <div className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        <span>{title}</span>
        <span aria-hidden className={cn('[&_svg]:size-4', tone === 'good' && 'text-success', tone === 'bad' && 'text-destructive', tone === 'warn' && 'text-[#7a5f22]')}>
          {icon}
        </span>
      </div>
      <p className={cn('mt-2 text-xl font-semibold [overflow-wrap:anywhere] sm:text-2xl lg:text-xl', tone === 'good' && 'text-success', tone === 'bad' && 'text-destructive')}>{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

/** Health, Database, Index OK, Pending and Errors (spec §2). */
export function StatusCards({ summary }: { summary: StatusSummary }) {
  const count = (s: string) => summary.counters.find((c) => c.status === s)?.c ?? 0;
  const healthy = summary.health.status === 'healthy';
  const connected = summary.ready.services.database === 'connected';
  const errors = count('error');
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <StatCard testId="card-health" title="Health" icon={<Activity />} tone={healthy ? 'good' : 'bad'} value={healthy ? 'Healthy' : summary.health.status} detail={formatDateTime(summary.health.timestamp)} />
      <StatCard testId="card-database" title="Database" icon={<Database />} tone={connected ? 'good' : 'bad'} value={connected ? 'Connected' : 'Not connected'} detail={`Ready: ${summary.ready.status}`} />
      <StatCard testId="card-index-ok" title="Index OK" icon={<ListChecks />} tone="good" value={count('ok')} detail="Completed" />
      <StatCard testId="card-pending" title="Pending" icon={<Hourglass />} tone={count('pending') ? 'warn' : 'plain'} value={count('pending')} detail="In-flight" />
      <StatCard testId="card-errors" title="Errors" icon={<TriangleAlert />} tone={errors ? 'bad' : 'plain'} value={errors} detail="Failed" />
    </div>
  );
}

/** pg-boss's queue and the OCR engine: what a firm's IT person checks first. */
export function QueueAndEngine({ summary }: { summary: StatusSummary }) {
  const jobs = summary.jobs;
  const native = summary.ocrEngine === 'tesseract-cli';
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Card className="p-4 md:col-span-2" data-testid="card-jobs">
        <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Cpu aria-hidden className="size-4" />
          Job queue <span className="font-normal">({summary.ready.services.queue})</span>
        </div>
        {jobs ? (
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted-foreground">Queued</dt>
              <dd className="text-xl font-semibold">{jobs.queued}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Running</dt>
              <dd className="text-xl font-semibold">{jobs.running}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Failed (24 h)</dt>
              <dd className={cn('text-xl font-semibold', jobs.failed24h > 0 && 'text-destructive')}>{jobs.failed24h}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Oldest waiting</dt>
              <dd className="text-sm font-medium leading-7">{jobs.oldestWaitingAt ? ageOf(jobs.oldestWaitingAt) : '—'}</dd>
            </div>
          </dl>
        ) : (
          <p className="mt-3 text-sm text-destructive">The job queue's tables cannot be read.</p>
        )}
        {summary.workers.length > 0 && (
          <div className="mt-4 border-t pt-3" data-testid="job-workers">
            <p className="text-xs text-muted-foreground">Worker processes (last 24 h)</p>
            <ul className="mt-1 space-y-1 text-sm">
              {summary.workers.map((w) => (
                <li key={w.worker} className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-mono text-xs leading-5 [overflow-wrap:anywhere]">{w.worker}</span>
                  <span className="text-muted-foreground">
                    {w.running} running · {w.processed24h} processed{w.lastProcessedAt ? `, last ${ageOf(w.lastProcessedAt)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      <Card className="p-4" data-testid="card-ocr">
        <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <ScanText aria-hidden className="size-4" />
          OCR engine
        </div>
        <p className="mt-3 text-lg font-semibold">{native ? 'Native Tesseract' : 'tesseract.js'}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          {native ? 'The tesseract program on this server reads pages without text.' : 'Built-in, with the English model it ships with: it reads scanned contents pages best.'}
        </p>
      </Card>
    </div>
  );
}
