import { Check, Save, Trash2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import type { ReferenceRecord, UpdateReferenceBody } from '../../../contract/documents.ts';
import { cn } from '../../lib/cn.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { useCaseDocuments } from '../../lib/documents.ts';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { useUpdateBriefItem } from './update-brief-item.ts';

export const referencesKey = (id: string) => ['/api/documents', id, 'references'] as const;

/** Below this confidence a reference is listed with the unresolved ones, first. */
const LOW_CONFIDENCE = 0.6;

/** Unresolved first, then the least certain, then by page and reading order. */
export function referenceOrder(a: ReferenceRecord, b: ReferenceRecord): number {
  const rank = (r: ReferenceRecord) => (r.status === 'removed' ? 3 : r.masterPage === null ? 0 : r.confidence < LOW_CONFIDENCE && r.status !== 'confirmed' ? 1 : 2);
  return rank(a) - rank(b) || a.page - b.page || a.ordinal - b.ordinal;
}

/**
 * The references the brief's body makes to its record documents (DESIGN §8), beside its index links:
 * by page, filtered by record document, unresolved and low-confidence first; each confirmed, removed or
 * sent to another page as a link is.
 */
export function ReferencesPanel({ doc, onShowPage }: { doc: DocumentRecord; onShowPage: (page: number) => void }) {
  const refs = useQuery<ReferenceRecord[]>({ queryKey: referencesKey(doc.id), enabled: (doc.recordDocumentIds ?? []).length > 0 });
  const caseDocs = useCaseDocuments(doc.caseId);
  const records = useMemo(
    () => (doc.recordDocumentIds ?? []).map((id) => (caseDocs.data ?? []).find((d) => d.id === id)).filter((d): d is DocumentRecord => Boolean(d)),
    [doc.recordDocumentIds, caseDocs.data],
  );
  const [filter, setFilter] = useState('all');
  const update = useUpdateBriefItem<ReferenceRecord, UpdateReferenceBody>(doc, 'references', referencesKey(doc.id), 'Reference Updated');
  if (!(doc.recordDocumentIds ?? []).length) return null;
  const all = (refs.data ?? []).filter((r) => r.kind === 'record');
  const shown = all
    .filter((r) => (filter === 'all' ? true : filter === 'unresolved' ? r.masterPage === null && r.status !== 'removed' : filter === 'none' ? !r.recordDocId : r.recordDocId === filter))
    .sort(referenceOrder);
  const unresolved = all.filter((r) => r.masterPage === null && r.status !== 'removed').length;
  return (
    <section aria-label="References to the record" className="border-t border-border">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2">
        <h3 className="text-sm font-semibold">References to the record</h3>
        <span className="text-xs text-muted-foreground">
          {all.length} found{unresolved ? `, ${unresolved} unresolved` : ''}
        </span>
        <label className="ml-auto flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          Show
          <select
            aria-label="Filter references by record document"
            className="h-8 min-w-0 max-w-[11rem] rounded-md border border-input bg-background px-1.5 text-xs text-foreground"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          >
            <option value="all">All record documents</option>
            <option value="unresolved">Unresolved only</option>
            {records.map((r) => (
              <option key={r.id} value={r.id}>
                {r.citeAs ? `${r.citeAs}${r.volume ? ` Vol. ${r.volume}` : ''} – ` : ''}
                {r.title}
              </option>
            ))}
            <option value="none">In no uploaded record</option>
          </select>
        </label>
      </div>
      {refs.isLoading ? (
        <p className="p-4 text-sm text-muted-foreground">Loading the references…</p>
      ) : all.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">
          {doc.aiProcessingStatus === 'completed' ? 'No references to the record were found in the body of this brief.' : 'References are found when the links are built.'}
        </p>
      ) : (
        <ol aria-label="References" className="text-sm">
          {shown.map((r) => (
            <ReferenceItem
              key={r.id}
              reference={r}
              records={records}
              busy={update.isPending && update.variables?.item.id === r.id}
              onShow={() => onShowPage(r.page)}
              onChange={(body, done) => update.mutate({ item: r, body, done })}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function recordName(r: ReferenceRecord, records: readonly DocumentRecord[]): string {
  const rec = records.find((d) => d.id === r.recordDocId);
  if (!rec) return r.recordTitle ?? 'record';
  return rec.citeAs ? `${rec.citeAs}${rec.volume ? ` Vol. ${rec.volume}` : ''}` : rec.title;
}

function ReferenceItem({
  reference: r,
  records,
  busy,
  onShow,
  onChange,
}: {
  reference: ReferenceRecord;
  records: readonly DocumentRecord[];
  busy: boolean;
  onShow: () => void;
  onChange: (body: UpdateReferenceBody, done: string) => void;
}) {
  const [page, setPage] = useState('');
  const [recordId, setRecordId] = useState(r.recordDocId ?? records[0]?.id ?? '');
  const target = records.find((d) => d.id === recordId);
  const n = Number(page);
  const pageError = page.trim() === '' ? null : !Number.isInteger(n) || n < 1 ? 'A page number from 1' : target?.pageCount && n > target.pageCount ? `At most ${target.pageCount}` : null;
  const percent = Math.round(r.confidence * 100);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!page.trim() || pageError || !recordId) return;
    onChange({ targetPage: n, recordDocId: recordId }, `“${r.text}” now goes to page ${n} of ${target?.title ?? 'the record'}.`);
    setPage('');
  };
  return (
    <li aria-label={`Reference ${r.text}`} className={cn('min-w-0 border-b border-border px-4 py-3 last:border-b-0', r.status === 'removed' && 'opacity-70')}>
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
        <button type="button" className="cursor-pointer text-xs text-muted-foreground underline" onClick={onShow}>
          p. {r.page}
        </button>
        <span className={cn('min-w-0 break-words font-medium', r.status === 'removed' && 'line-through')}>{r.text}</span>
        {r.footnote ? <Badge>footnote</Badge> : null}
      </div>
      <p className="mt-1 min-w-0 break-words text-xs">
        {r.masterPage !== null ? (
          <>
            → {recordName(r, records)} page {r.targetPage}
            <span className="text-muted-foreground"> (master page {r.masterPage})</span>
          </>
        ) : (
          <span className="text-destructive">Unresolved{r.unresolvedReason ? `: ${r.unresolvedReason}` : ''}</span>
        )}
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
        {r.status === 'confirmed' ? <Badge variant="success">Confirmed</Badge> : r.status === 'removed' ? <Badge variant="destructive">Removed</Badge> : <Badge>Pending</Badge>}
        {r.why === 'page set by the reviewer' ? (
          <Badge>set by reviewer</Badge>
        ) : r.masterPage !== null ? (
          <Badge variant={percent < 60 ? 'destructive' : percent < 85 ? 'accent' : 'success'}>{percent}%</Badge>
        ) : null}
        {r.why && r.masterPage !== null ? <span className="min-w-0 break-words text-[11px] text-muted-foreground">{r.why}</span> : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <Button
          size="sm"
          variant="outline"
          disabled={busy || r.status === 'confirmed' || r.masterPage === null}
          onClick={() => onChange({ status: 'confirmed' }, `“${r.text}” confirmed.`)}
          aria-label={`Confirm reference ${r.text}`}
        >
          <Check aria-hidden />
          Confirm
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || r.status === 'removed'}
          onClick={() => onChange({ status: 'removed' }, `“${r.text}” removed: it is not linked.`)}
          aria-label={`Remove reference ${r.text}`}
        >
          <Trash2 aria-hidden />
          Remove
        </Button>
        <form onSubmit={submit} className="flex min-w-0 flex-wrap items-center gap-1.5">
          {records.length > 1 ? (
            <select
              aria-label={`Record document of ${r.text}`}
              className="h-8 min-w-0 max-w-[8rem] rounded-md border border-input bg-background px-1 text-xs"
              value={recordId}
              onChange={(e) => setRecordId(e.target.value)}
            >
              {records.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.citeAs ? `${d.citeAs}${d.volume ? ` Vol. ${d.volume}` : ''}` : d.title}
                </option>
              ))}
            </select>
          ) : null}
          <Input
            aria-label={`Record page of ${r.text}`}
            inputMode="numeric"
            placeholder="page"
            className="h-8 w-16"
            value={page}
            aria-invalid={pageError ? true : undefined}
            onChange={(e) => setPage(e.target.value)}
          />
          <Button size="sm" type="submit" disabled={busy || !page.trim() || Boolean(pageError)} aria-label={`Set the page of ${r.text}`}>
            <Save aria-hidden />
            Set
          </Button>
          {pageError ? <span className="text-[11px] text-destructive">{pageError}</span> : null}
        </form>
      </div>
    </li>
  );
}
