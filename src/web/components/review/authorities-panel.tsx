import { Check, Save, Trash2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import type { AuthorityRecord, UpdateAuthorityBody } from '../../../contract/documents.ts';
import { cn } from '../../lib/cn.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { useCaseDocuments } from '../../lib/documents.ts';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { useUpdateBriefItem } from './update-brief-item.ts';

export const authoritiesKey = (id: string) => ['/api/documents', id, 'authorities'] as const;

/**
 * Not linked first, then the least certain: a short form (it takes its authority from the citation before it),
 * then a web address built from the citation (never opened to check), then a page of the Book of Authorities or
 * of the brief; confirmed and removed last. Then by page and reading order.
 */
export function authorityRank(a: AuthorityRecord): number {
  if (a.status === 'removed') return 5;
  if (!a.linked) return 0;
  if (a.status === 'confirmed') return 4;
  if (a.shortForm) return 1;
  if (a.masterPage === null) return 2;
  return 3;
}

export function authorityOrder(a: AuthorityRecord, b: AuthorityRecord): number {
  return authorityRank(a) - authorityRank(b) || a.page - b.page || a.ordinal - b.ordinal;
}

/** A reviewer's new target as typed: a page of the Book of Authorities, or an https address; or why it is neither. */
export function parseTarget(value: string): { targetPage: number } | { url: string } | { error: string } | null {
  const v = value.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) >= 1 ? { targetPage: Number(v) } : { error: 'A page number from 1' };
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' || !u.hostname.includes('.')) return { error: 'An https:// address' };
    if (u.username || u.password) return { error: 'An address without a user name or password' };
    return { url: v };
  } catch {
    return { error: 'A page of the Book of Authorities, or an https:// address' };
  }
}

/**
 * The authorities the brief cites (DESIGN §8), beside its references: each as written, with where its link goes
 * (a page of the Book of Authorities, a page of the brief for a Table of Authorities row, or a web address), not
 * linked ones first; each confirmed, removed, or given another address or Book page. Shown when the brief's case
 * asked for authorities and its links were built since.
 */
export function AuthoritiesPanel({ doc, onShowPage }: { doc: DocumentRecord; onShowPage: (page: number) => void }) {
  const list = useQuery<AuthorityRecord[]>({ queryKey: authoritiesKey(doc.id), enabled: doc.kind !== 'record' });
  const caseDocs = useCaseDocuments(doc.caseId);
  const records = useMemo(
    () => (doc.recordDocumentIds ?? []).map((id) => (caseDocs.data ?? []).find((d) => d.id === id)).filter((d): d is DocumentRecord => Boolean(d)),
    [doc.recordDocumentIds, caseDocs.data],
  );
  const [filter, setFilter] = useState<'all' | 'unlinked' | 'toa'>('all');
  const update = useUpdateBriefItem<AuthorityRecord, UpdateAuthorityBody>(doc, 'authorities', authoritiesKey(doc.id), 'Authority Updated');
  const all = list.data ?? [];
  if (doc.kind === 'record' || all.length === 0) return null;
  const shown = all.filter((a) => (filter === 'all' ? true : filter === 'unlinked' ? !a.linked && a.status !== 'removed' : a.toaRow)).sort(authorityOrder);
  const linked = all.filter((a) => a.linked).length;
  const unlinked = all.filter((a) => !a.linked && a.status !== 'removed').length;
  return (
    <section aria-label="Authorities" className="border-t border-border">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2">
        <h3 className="text-sm font-semibold">Authorities</h3>
        <span className="text-xs text-muted-foreground" data-testid="authority-counts">
          {all.length} found, {linked} linked{unlinked ? `, ${unlinked} not linked` : ''}
        </span>
        <label className="ml-auto flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          Show
          <select
            aria-label="Filter authorities"
            className="h-8 min-w-0 max-w-[11rem] rounded-md border border-input bg-background px-1.5 text-xs text-foreground"
            value={filter}
            onChange={(e) => setFilter(e.target.value === 'unlinked' ? 'unlinked' : e.target.value === 'toa' ? 'toa' : 'all')}
          >
            <option value="all">All authorities</option>
            <option value="unlinked">Not linked only</option>
            <option value="toa">Table of Authorities rows</option>
          </select>
        </label>
      </div>
      <ol aria-label="Authorities cited" className="text-sm">
        {shown.map((a) => (
          <AuthorityItem
            key={a.id}
            authority={a}
            hasBook={records.length > 0}
            busy={update.isPending && update.variables?.item.id === a.id}
            onShow={() => onShowPage(a.page)}
            onChange={(body, done) => update.mutate({ item: a, body, done })}
          />
        ))}
      </ol>
    </section>
  );
}

function TargetLine({ a }: { a: AuthorityRecord }) {
  if (a.status === 'removed') return <span className="text-muted-foreground">Removed: not linked</span>;
  if (!a.linked) return <span className="text-destructive">Not linked{a.unresolvedReason ? `: ${a.unresolvedReason}` : ''}</span>;
  if (a.recordDocId && a.targetPage !== null) {
    return (
      <>
        → {a.recordCiteAs ?? a.recordTitle ?? 'Book of Authorities'}
        {a.tab ? `, tab ${a.tab}` : ''}, page {a.targetPage}
        <span className="text-muted-foreground"> (master page {a.masterPage})</span>
      </>
    );
  }
  if (a.briefPage !== null) return <>→ page {a.briefPage} of the brief</>;
  return (
    <>
      →{' '}
      <a href={a.url!} target="_blank" rel="noopener noreferrer" className="break-all underline">
        {a.url}
      </a>
    </>
  );
}

function AuthorityItem({
  authority: a,
  hasBook,
  busy,
  onShow,
  onChange,
}: {
  authority: AuthorityRecord;
  hasBook: boolean;
  busy: boolean;
  onShow: () => void;
  onChange: (body: UpdateAuthorityBody, done: string) => void;
}) {
  const [value, setValue] = useState('');
  const parsed = parseTarget(value);
  const error = parsed && 'error' in parsed ? parsed.error : parsed && 'targetPage' in parsed && !hasBook ? 'This brief has no Book of Authorities: give an https:// address' : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed || error) return;
    if ('url' in parsed) onChange({ url: parsed.url }, `“${a.text}” now links to ${parsed.url}.`);
    else if ('targetPage' in parsed) onChange({ targetPage: parsed.targetPage }, `“${a.text}” now goes to page ${parsed.targetPage} of the Book of Authorities.`);
    setValue('');
  };
  // a table row prints the citation as the body does: its name says which of the two it is
  const named = a.toaRow ? `Table of Authorities row ${a.text}` : `authority ${a.text}`;
  return (
    <li aria-label={a.toaRow ? `Table of Authorities row ${a.text}` : `Authority ${a.text}`} className={cn('min-w-0 border-b border-border px-4 py-3 last:border-b-0', a.status === 'removed' && 'opacity-70')}>
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
        <button type="button" className="cursor-pointer text-xs text-muted-foreground underline" onClick={onShow}>
          p. {a.page}
        </button>
        <span className={cn('min-w-0 break-words font-medium', a.status === 'removed' && 'line-through')}>{a.text}</span>
        <Badge>{a.kind}</Badge>
        {a.toaRow ? <Badge>Table of Authorities</Badge> : null}
        {a.shortForm ? <Badge>short form</Badge> : null}
        {a.footnote ? <Badge>footnote</Badge> : null}
      </div>
      <p className="mt-1 min-w-0 break-words text-xs" data-testid="authority-target">
        <TargetLine a={a} />
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
        {a.status === 'confirmed' ? <Badge variant="success">Confirmed</Badge> : a.status === 'removed' ? <Badge variant="destructive">Removed</Badge> : <Badge>Pending</Badge>}
        {a.why && a.linked ? <span className="min-w-0 break-words text-[11px] text-muted-foreground">{a.why}</span> : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <Button
          size="sm"
          variant="outline"
          disabled={busy || a.status === 'confirmed' || !a.linked}
          onClick={() => onChange({ status: 'confirmed' }, `“${a.text}” confirmed.`)}
          aria-label={`Confirm ${named}`}
        >
          <Check aria-hidden />
          Confirm
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || a.status === 'removed'}
          onClick={() => onChange({ status: 'removed' }, `“${a.text}” removed: it is not linked.`)}
          aria-label={`Remove ${named}`}
        >
          <Trash2 aria-hidden />
          Remove
        </Button>
        <form onSubmit={submit} className="flex min-w-0 flex-wrap items-center gap-1.5">
          <Input
            aria-label={`New target of ${a.toaRow ? named : a.text}`}
            placeholder={hasBook ? 'https://… or Book page' : 'https://…'}
            className="h-8 w-48"
            value={value}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          <Button size="sm" type="submit" disabled={busy || !parsed || Boolean(error)} aria-label={`Set the target of ${a.toaRow ? named : a.text}`}>
            <Save aria-hidden />
            Set
          </Button>
          {error ? <span className="text-[11px] text-destructive">{error}</span> : null}
        </form>
      </div>
    </li>
  );
}
