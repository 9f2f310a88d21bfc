import { Check, Eye, Save, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import type { LinkRecord } from '../../lib/document-types.ts';
import { checkPage, confidencePercent, confidenceText, linkLabel, type PrintedLabels } from '../../lib/review-logic.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';

/**
 * The target with the printed page number when known: the number read on the target page itself (its
 * page label), else the one the index row gives (its page reference) when the link still goes where the
 * engine found it; else the PDF page only.
 */
export function TargetText({ link, printed, labels }: { link: LinkRecord; printed?: string | null; labels?: PrintedLabels | null }) {
  if (link.targetPage === null) return <span className="font-medium text-destructive">No destination</span>;
  const onPage = labels?.[link.targetPage - 1] ?? null;
  const fromIndex = printed && link.targetPage === link.engineTargetPage ? printed : null;
  const label = onPage ?? fromIndex;
  const shown = label && label !== String(link.targetPage) ? label : null;
  if (link.target === 'record') {
    // a paired brief's link goes into its trial record: the record's page, and where it is in the merged master
    return (
      <span>
        Record page {link.targetPage}
        {link.masterPage !== null ? <span className="text-muted-foreground"> (master page {link.masterPage})</span> : null}
      </span>
    );
  }
  return (
    <span>
      PDF page {link.targetPage}
      {shown ? <span className="text-muted-foreground"> (printed {shown})</span> : null}
    </span>
  );
}

function StatusBadge({ status }: { status: LinkRecord['status'] }) {
  if (status === 'confirmed') return <Badge variant="success">Confirmed</Badge>;
  if (status === 'removed') return <Badge variant="destructive">Removed</Badge>;
  return <Badge>Pending</Badge>;
}

interface LinkItemProps {
  link: LinkRecord;
  /** The printed page number the index gives for this item, when it gives one. */
  printed: string | null;
  selected: boolean;
  pageCount: number | null;
  /** The number printed on each page the link may go to, so a page can be typed as printed (`ii`). */
  labels: PrintedLabels | null;
  busy: boolean;
  /** The page the viewer shows while previewing an override, if any. */
  previewPage: number | null;
  onSelect: () => void;
  onConfirm: () => void;
  onRemove: () => void;
  onShowTarget: () => void;
  onPreview: (page: number) => void;
  onOverride: (page: number) => void;
}

/** One link in the side panel: label, title, target, confidence and why; decisions when selected. */
export function LinkItem(props: LinkItemProps) {
  const { link, selected } = props;
  const percent = confidencePercent(link.confidence);
  return (
    <li
      aria-label={linkLabel(link)}
      aria-current={selected ? 'true' : undefined}
      data-link-id={link.id}
      className={cn('border-b border-border px-4 py-3 last:border-b-0', selected ? 'bg-accent-soft/60' : 'cursor-pointer hover:bg-muted/60', link.status === 'removed' && 'opacity-70')}
      onClick={selected ? undefined : props.onSelect}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            <span className="font-semibold">{linkLabel(link)}</span>
            <span className={cn('ml-1.5 text-muted-foreground', link.status === 'removed' && 'line-through')}>{link.itemText}</span>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            <TargetText link={link} printed={props.printed} labels={props.labels} />
            {link.setByReviewer ? (
              <span className="text-muted-foreground">{confidenceText(link)}</span>
            ) : (
              <span className={cn('tabular-nums', percent < 60 ? 'text-destructive' : percent < 85 ? 'text-[#7a5f22]' : 'text-success')}>
                {confidenceText(link)}
              </span>
            )}
            {link.engineTargetPage !== link.targetPage ? (
              <span className="text-muted-foreground">engine: {link.engineTargetPage === null ? 'none' : `page ${link.engineTargetPage}`}</span>
            ) : null}
          </p>
        </div>
        <StatusBadge status={link.status} />
      </div>
      {selected ? <LinkDecisions {...props} /> : null}
    </li>
  );
}

function LinkDecisions({ link, pageCount, labels, busy, previewPage, onConfirm, onRemove, onShowTarget, onPreview, onOverride }: LinkItemProps) {
  const [text, setText] = useState(link.targetPage ? String(link.targetPage) : '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(link.targetPage ? String(link.targetPage) : '');
    setError(null);
  }, [link.id, link.targetPage]);
  const checked = checkPage(text, pageCount, labels);
  const page = 'page' in checked ? checked.page : null;
  const changed = page !== null && page !== link.targetPage;

  /** The typed page, or its message; null when the text is not a page. */
  const typedPage = (): number | null => {
    if ('error' in checked) {
      setError(checked.error);
      return null;
    }
    setError(null);
    return checked.page;
  };
  // Enter or Save: one step, the page shown and saved as the target (a page already the target is only shown).
  const save = (e?: FormEvent) => {
    e?.preventDefault();
    const p = typedPage();
    if (p === null) return;
    if (p !== link.targetPage) onOverride(p);
    else onPreview(p);
  };
  const preview = () => {
    const p = typedPage();
    if (p !== null) onPreview(p);
  };

  return (
    <div className="mt-3 grid gap-3" onClick={(e) => e.stopPropagation()}>
      {link.why ? (
        <p className="rounded-md bg-card px-3 py-2 text-xs leading-relaxed text-muted-foreground">
          <span className="font-medium text-foreground">Why: </span>
          {link.why}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onConfirm} disabled={busy || link.status === 'confirmed' || link.targetPage === null}>
          <Check aria-hidden />
          Confirm
          <kbd className="ml-1 rounded border border-white/40 px-1 text-[10px] font-normal">c</kbd>
        </Button>
        {link.status !== 'removed' ? (
          <Button size="sm" variant="outline" className="text-destructive" onClick={onRemove} disabled={busy}>
            <Trash2 aria-hidden />
            Remove
            <kbd className="ml-1 rounded border border-input px-1 text-[10px] font-normal">x</kbd>
          </Button>
        ) : null}
        {link.targetPage !== null && link.target !== 'record' ? (
          <Button size="sm" variant="ghost" onClick={onShowTarget}>
            <Eye aria-hidden />
            Show target
          </Button>
        ) : null}
      </div>
      <form onSubmit={save} className="grid gap-1.5">
        <label htmlFor={`override-${link.id}`} className="text-xs font-medium">
          Target page (1–{pageCount ?? '…'}{labels?.some((l) => l !== null) ? ', or as printed' : ''})
        </label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`override-${link.id}`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            className="h-8 w-24"
          />
          <Button size="sm" type="button" variant="outline" onClick={() => preview()} disabled={text.trim() === ''}>
            <Eye aria-hidden />
            Preview
          </Button>
          <Button size="sm" type="submit" disabled={busy || text.trim() === ''}>
            <Save aria-hidden />
            Save page
          </Button>
        </div>
        {error ? (
          <p role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : changed && previewPage !== page ? (
          <p className="text-xs text-muted-foreground">Enter or Save shows page {page} and saves it as the target.</p>
        ) : null}
      </form>
    </div>
  );
}
