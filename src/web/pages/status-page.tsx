import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ChatFeedbackList } from '../components/status/chat-feedback.tsx';
import { IssueReports } from '../components/status/issue-reports.tsx';
import { RecentDocuments } from '../components/status/recent-documents.tsx';
import { formatDateTime, QueueAndEngine, StatusCards } from '../components/status/status-cards.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { useChatFeedback } from '../lib/chat.ts';
import { useIssueReports, useRecentDocs, useStatusRefresh, useStatusSummary } from '../lib/status.ts';

/** System Status (/status, spec §2): health, counts, recent index errors and documents, jobs, OCR, reports and chat feedback. */
export function StatusPage() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const summary = useStatusSummary(autoRefresh);
  const recent = useRecentDocs(autoRefresh);
  const reports = useIssueReports(autoRefresh);
  const feedback = useChatFeedback(autoRefresh);
  const refresh = useStatusRefresh();
  const fetching = summary.isFetching || recent.isFetching;
  const errors = summary.data?.recentErrors ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-primary">System Status</h1>
          <p className="mt-1 text-muted-foreground">The service, its job queue and the latest documents.</p>
        </div>
        <div className="flex items-center gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />
            Auto-refresh
          </label>
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={fetching}>
            <RefreshCw aria-hidden className={fetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </div>
      </div>

      {summary.data ? (
        <div className="grid gap-3">
          <StatusCards summary={summary.data} />
          <QueueAndEngine summary={summary.data} />
        </div>
      ) : summary.isError ? (
        <Card className="p-4 text-sm text-destructive">The status could not be read. It is tried again at the next refresh.</Card>
      ) : (
        <p className="text-sm text-muted-foreground">Loading…</p>
      )}

      {errors.length > 0 ? (
        <section aria-labelledby="errors-heading" className="mt-8">
          <h2 id="errors-heading" className="text-lg font-semibold">
            Recent Index Errors (24h)
          </h2>
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border bg-card shadow-sm">
            {errors.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 px-4 py-2.5 text-sm">
                <span className="break-words font-medium">{e.title || e.id}</span>
                <span className="text-muted-foreground">{e.index_detected_at ? formatDateTime(e.index_detected_at) : '—'}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className="mb-3 text-lg font-semibold">
          Recent Documents
        </h2>
        <RecentDocuments items={recent.data?.items} loading={recent.isLoading} />
      </section>

      <IssueReports reports={reports.data} />

      <ChatFeedbackList items={feedback.data} />
    </div>
  );
}
