import { useState } from 'react';
import { Link } from 'react-router';
import type { RecentDoc } from '../../../contract/status.ts';
import { needsConfirm } from '../../lib/review.ts';
import { retryFor, useRetry, type RetryKind } from '../../lib/status.ts';
import { ConfirmReviewLoss } from '../review/confirm-review-loss.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { formatDateTime } from './status-cards.tsx';

const th = 'px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground';
// On a phone each row becomes a small card: the title across, then labelled cells two by two.
const td = 'px-3 py-2.5 align-middle max-sm:flex max-sm:items-center max-sm:gap-2 max-sm:py-1';

/** The column's name before a cell's value, shown on phones only (where the table head is hidden). */
function CellLabel({ children }: { children: string }) {
  return <span className="w-14 shrink-0 text-xs text-muted-foreground sm:hidden">{children}</span>;
}

/** Index badge: ok green, pending amber, error red, otherwise grey (spec §2). */
function IndexBadge({ status }: { status: string }) {
  const variant = status === 'ok' ? 'success' : status === 'pending' ? 'accent' : status === 'error' ? 'destructive' : 'default';
  return <Badge variant={variant}>{status}</Badge>;
}

const LABEL: Record<RetryKind, string> = { reindex: 'Retry Index', relink: 'Retry Links' };

/** Recent Documents: Title, Created, Index, Count, Links, Actions; retries ask first on a reviewed document. */
export function RecentDocuments({ items, loading }: { items: RecentDoc[] | undefined; loading: boolean }) {
  const retry = useRetry();
  const [asking, setAsking] = useState<{ id: string; kind: RetryKind } | null>(null);
  const run = (id: string, kind: RetryKind, confirm = false) =>
    retry.mutate(
      { id, kind, confirm },
      { onError: (error) => (needsConfirm(error) ? setAsking({ id, kind }) : undefined) },
    );
  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
        <table className="w-full text-sm max-sm:block">
          <thead className="border-b border-border bg-muted/40 max-sm:hidden">
            <tr>
              <th className={th}>Title</th>
              <th className={th}>Created</th>
              <th className={th}>Index</th>
              <th className={th}>Count</th>
              <th className={th}>Links</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {loading ? (
              <tr>
                <td className={`${td} text-muted-foreground`} colSpan={6}>
                  Loading…
                </td>
              </tr>
            ) : !items?.length ? (
              <tr>
                <td className={`${td} text-muted-foreground`} colSpan={6}>
                  No documents yet
                </td>
              </tr>
            ) : (
              items.map((d) => {
                const kind = retryFor(d);
                const busy = retry.isPending && retry.variables?.id === d.id;
                return (
                  <tr key={d.id} className="border-b border-border last:border-0 max-sm:grid max-sm:grid-cols-2 max-sm:py-2" data-testid={`recent-doc-${d.id}`}>
                    <td className={`${td} min-w-0 font-medium [overflow-wrap:anywhere] max-sm:col-span-2 sm:min-w-[10rem] sm:max-w-[16rem]`}>
                      <Link to={`/cases/${d.caseId}`} className="hover:underline">
                        {d.title}
                      </Link>
                    </td>
                    <td className={`${td} whitespace-nowrap text-muted-foreground max-sm:col-span-2`}>
                      <CellLabel>Created</CellLabel>
                      {formatDateTime(d.created)}
                    </td>
                    <td className={td}>
                      <CellLabel>Index</CellLabel>
                      <IndexBadge status={d.index_status} />
                    </td>
                    <td className={td}>
                      <CellLabel>Count</CellLabel>
                      {typeof d.index_count === 'number' ? d.index_count : '—'}
                    </td>
                    <td className={td}>
                      <CellLabel>Links</CellLabel>
                      <Badge variant={d.has_links ? 'success' : 'default'}>{d.has_links ? 'linked' : 'none'}</Badge>
                    </td>
                    <td className={`${td} max-sm:empty:hidden`}>
                      {kind ? (
                        <Button size="sm" variant="outline" disabled={busy} onClick={() => run(d.id, kind)}>
                          {LABEL[kind]}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <ConfirmReviewLoss
        open={asking !== null}
        title={asking?.kind === 'reindex' ? 'Detect the index again?' : 'Build the links again?'}
        action={asking ? LABEL[asking.kind] : ''}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) run(asking.id, asking.kind, true);
          setAsking(null);
        }}
      />
    </>
  );
}
