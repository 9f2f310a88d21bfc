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
const td = 'px-3 py-2.5 align-middle';

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
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="border-b border-border bg-muted/40">
            <tr>
              <th className={th}>Title</th>
              <th className={th}>Created</th>
              <th className={th}>Index</th>
              <th className={th}>Count</th>
              <th className={th}>Links</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody>
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
                  <tr key={d.id} className="border-b border-border last:border-0" data-testid={`recent-doc-${d.id}`}>
                    <td className={`${td} min-w-[10rem] max-w-[16rem] font-medium [overflow-wrap:anywhere]`}>
                      <Link to={`/cases/${d.caseId}`} className="hover:underline">
                        {d.title}
                      </Link>
                    </td>
                    <td className={`${td} whitespace-nowrap text-muted-foreground`}>{formatDateTime(d.created)}</td>
                    <td className={td}>
                      <IndexBadge status={d.index_status} />
                    </td>
                    <td className={td}>{typeof d.index_count === 'number' ? d.index_count : '—'}</td>
                    <td className={td}>
                      <Badge variant={d.has_links ? 'success' : 'default'}>{d.has_links ? 'linked' : 'none'}</Badge>
                    </td>
                    <td className={td}>
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
