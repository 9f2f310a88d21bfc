import { ClipboardCheck, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
import { useReviewQueue, type ReviewQueueRow } from '../lib/screens.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : timeFormat.format(d);
};

/** /review: every document whose links are built and not yet approved or rejected, across cases, waiting longest first. */
export function ReviewQueuePage() {
  const queue = useReviewQueue();
  const rows = queue.data ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold text-primary">Awaiting Review</h1>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        Every document whose hyperlinks are built and that no lawyer has approved or rejected yet, in every case. The one waiting longest comes
        first.
      </p>
      {queue.isLoading ? (
        <PageSpinner />
      ) : queue.isError ? (
        <ErrorFallback message={errorReason(queue.error)} onReset={() => void queue.refetch()} />
      ) : rows.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-input p-10 text-center">
          <ClipboardCheck aria-hidden className="mx-auto size-10 text-muted-foreground/60" />
          <p className="mt-3 font-medium">Nothing is awaiting review</p>
          <p className="mt-1 text-sm text-muted-foreground">Documents appear here once their hyperlinks are built, until a lawyer approves or rejects them.</p>
        </div>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
          <table className="w-full text-sm" aria-label="Documents awaiting review">
            <thead className="border-b border-border bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">Case</th>
                <th scope="col" className="px-4 py-2.5 font-medium">Document</th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">Links</th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">Pending</th>
                <th scope="col" className="px-4 py-2.5 font-medium">Uploaded</th>
                <th scope="col" className="px-4 py-2.5 font-medium">Links built</th>
                <th scope="col" className="px-4 py-2.5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <QueueRow key={r.documentId} row={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function QueueRow({ row }: { row: ReviewQueueRow }) {
  return (
    <tr aria-label={`Awaiting review: ${row.title}`}>
      <td className="px-4 py-3 align-top">
        <span className="block font-mono text-xs text-muted-foreground">{row.caseNumber}</span>
        <Link to={`/cases/${encodeURIComponent(row.caseId)}`} className="hover:underline">
          {row.caseTitle}
        </Link>
      </td>
      <td className="px-4 py-3 align-top">
        <span className="block font-medium">{row.title}</span>
        <span className="block text-xs text-muted-foreground">{row.originalName}</span>
        {row.approvalWithdrawnReason ? <span className="mt-1 block text-xs text-[#7a5f22]">Approval withdrawn: {row.approvalWithdrawnReason}</span> : null}
      </td>
      <td className="px-4 py-3 text-right align-top tabular-nums" data-testid="queue-links">
        {row.linkCount}
      </td>
      <td className="px-4 py-3 text-right align-top tabular-nums">
        <span data-testid="queue-pending">{row.pendingCount}</span>
        {row.unresolvedCount ? (
          <Badge variant="destructive" className="ml-2">
            {row.unresolvedCount} without a page
          </Badge>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 align-top text-muted-foreground">{when(row.uploadedAt)}</td>
      <td className="whitespace-nowrap px-4 py-3 align-top text-muted-foreground">{when(row.builtAt)}</td>
      <td className="px-4 py-3 text-right align-top">
        <Button asChild size="sm">
          <Link to={`/cases/${encodeURIComponent(row.caseId)}/review/${encodeURIComponent(row.documentId)}`} aria-label={`Review ${row.title}`}>
            <ExternalLink aria-hidden />
            Review
          </Link>
        </Button>
      </td>
    </tr>
  );
}
