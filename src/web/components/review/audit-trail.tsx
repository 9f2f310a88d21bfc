import { ChevronDown, History } from 'lucide-react';
import { useState } from 'react';
import type { LinkRecord } from '../../lib/document-types.ts';
import { linkLabel } from '../../lib/review-logic.ts';
import { useAudit, type AuditEntry } from '../../lib/review.ts';
import { Spinner } from '../ui/spinner.tsx';
import { formatTime } from './review-decision.tsx';

const SHOWN_FIELDS = ['status', 'targetPage', 'why', 'reviewStatus', 'reviewedBy', 'reviewReason', 'indexPages', 'index_pages', 'approvalWithdrawnReason', 'aiProcessingStatus', 'title', 'court', 'sha256'];

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** The fields an entry changed, as 'field: before → after'. */
export function changes(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = (entry.before && typeof entry.before === 'object' ? entry.before : {}) as Record<string, unknown>;
  const after = (entry.after && typeof entry.after === 'object' ? entry.after : {}) as Record<string, unknown>;
  const keys = SHOWN_FIELDS.filter((k) => k in before || k in after);
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => (k in before && entry.before ? `${k}: ${show(before[k])} → ${show(after[k])}` : `${k}: ${show(after[k])}`));
}

/** Who confirmed, removed, changed, regenerated, approved and submitted, with before and after (collapsed at first). */
export function AuditTrail({ docId, links }: { docId: string; links: readonly LinkRecord[] }) {
  const [open, setOpen] = useState(false);
  const audit = useAudit(docId, open);
  const labels = new Map(links.map((l) => [l.id, linkLabel(l)]));
  const entries = [...(audit.data ?? [])].reverse();
  return (
    <section aria-label="Audit trail" className="border-t border-border">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full cursor-pointer items-center gap-2 px-4 py-3 text-left text-sm font-medium hover:bg-muted/60"
      >
        <History aria-hidden className="size-4 text-muted-foreground" />
        Audit trail
        <ChevronDown aria-hidden className={`ml-auto size-4 text-muted-foreground transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        audit.isLoading ? (
          <div className="px-4 pb-3">
            <Spinner />
          </div>
        ) : entries.length === 0 ? (
          <p className="px-4 pb-3 text-xs text-muted-foreground">{audit.isError ? 'The audit trail could not be read.' : 'Nothing recorded yet.'}</p>
        ) : (
          <ol className="grid gap-2 px-4 pb-4 text-xs">
            {entries.map((e) => (
              <li key={e.id} className="rounded-md border border-border bg-card px-3 py-2">
                <p>
                  <span className="font-medium">{e.action}</span>
                  {e.entity === 'link' && e.entityId ? ` · ${labels.get(e.entityId) ?? 'link'}` : e.entity !== 'document' ? ` · ${e.entity}` : ''}
                  <span className="text-muted-foreground"> · {e.actor ?? 'system'} · {formatTime(e.at)}</span>
                </p>
                {changes(e).map((c) => (
                  <p key={c} className="mt-0.5 break-words font-mono text-[11px] text-muted-foreground">
                    {c}
                  </p>
                ))}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
