import { Download, Keyboard, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DocumentRecord, LinkRecord } from '../../lib/document-types.ts';
import { documentUrl } from '../../lib/documents.ts';
import { useToasts } from '../../lib/toast-store.ts';
import { byOrdinal, linkCounts, linkLabel } from '../../lib/review-logic.ts';
import { fileVersion, useDocument, useDocumentLinks, usePageLabels, usePrintedPages, useUpdateLink } from '../../lib/review.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { AuditTrail } from './audit-trail.tsx';
import { PreflightPanel } from './preflight-panel.tsx';
import { LinkItem } from './link-item.tsx';
import { PageViewer } from './page-viewer.tsx';
import { ReferencesPanel } from './references-panel.tsx';
import { AuthoritiesPanel } from './authorities-panel.tsx';
import { ReviewDecision } from './review-decision.tsx';

/** The review modal of one document (spec §2): page viewer, links with their decisions, regenerate and approve. */
export function ReviewModal({ caseId, docId }: { caseId: string; docId: string }) {
  const navigate = useNavigate();
  const close = () => navigate(`/cases/${encodeURIComponent(caseId)}`);
  const doc = useDocument(docId);
  // Asked at once beside the document (same cache entry as the panel's), so the first page waits for one round trip, not two.
  useDocumentLinks(docId);
  const invalid = !caseId || !docId || (doc.isError && !doc.data) || (doc.data && doc.data.caseId !== caseId);
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="inset-3 sm:inset-4" aria-describedby={undefined}>
        <ToastEcho />
        {invalid ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8">
            <DialogTitle>Invalid document or case ID</DialogTitle>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </div>
        ) : !doc.data ? (
          <div className="flex flex-1 items-center justify-center">
            <DialogTitle className="sr-only">Loading the document</DialogTitle>
            <Spinner className="size-8" />
          </div>
        ) : (
          <ReviewBody doc={doc.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReviewBody({ doc }: { doc: DocumentRecord }) {
  const linksQuery = useDocumentLinks(doc.id);
  const links = useMemo(() => byOrdinal(linksQuery.data ?? []), [linksQuery.data]);
  const counts = linkCounts(links);
  const update = useUpdateLink(doc);
  const printed = usePrintedPages(doc.id);
  const labels = usePageLabels(doc.id).data ?? null;
  const [chosenId, setSelectedId] = useState<string | null>(null);
  const [chosenPage, setPage] = useState<number | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pageCount = doc.pageCount;
  // a paired brief's record links count their pages in the trial record
  const record = useDocument(doc.recordDocumentId ?? '');
  // Until the reviewer moves, the first link is selected and its index page shown (page 1 without links),
  // decided in the first render so no other page is asked for first.
  const first = links[0];
  const selectedId = chosenId ?? first?.id ?? null;
  const page = chosenPage ?? first?.srcPage ?? 1;
  const selected = links.find((l) => l.id === selectedId) ?? null;

  const select = (link: LinkRecord | undefined) => {
    if (!link) return;
    setSelectedId(link.id);
    setPreview(null);
    setPage(link.srcPage);
  };
  const move = (step: number) => {
    const i = links.findIndex((l) => l.id === selectedId);
    select(links[Math.max(0, Math.min(links.length - 1, i + step))]);
  };
  const confirm = (l: LinkRecord | null) => {
    if (l && l.status !== 'confirmed' && l.targetPage !== null) update.mutate({ link: l, body: { status: 'confirmed' }, done: `${linkLabel(l)} confirmed.` });
  };
  const remove = (l: LinkRecord | null) => {
    if (l && l.status !== 'removed') update.mutate({ link: l, body: { status: 'removed' }, done: `${linkLabel(l)} removed.` });
  };
  // One step: the page is shown at once and saved as the target; once saved it stays shown as the target.
  const override = (l: LinkRecord, target: number) => {
    const inThisPdf = l.target !== 'record';
    if (inThisPdf) setPreview(target);
    update.mutate(
      { link: l, body: { targetPage: target, status: 'confirmed' }, done: `${linkLabel(l)} now goes to page ${target}.` },
      {
        onSuccess: () => {
          setPreview(null);
          setPage(inThisPdf ? target : l.srcPage);
        },
      },
    );
  };

  // Keyboard (shown in the panel): j/↓ next link, k/↑ previous, c confirm, x/Delete remove.
  const keys = useRef({ move, confirm, remove, selected });
  keys.current = { move, confirm, remove, selected };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
      const k = keys.current;
      if (e.key === 'j' || e.key === 'ArrowDown') k.move(1);
      else if (e.key === 'k' || e.key === 'ArrowUp') k.move(-1);
      else if (e.key === 'c') k.confirm(k.selected);
      else if (e.key === 'x' || e.key === 'Delete') k.remove(k.selected);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!selectedId) return;
    // Only where the list scrolls on its own (wide screens): on a phone it would scroll the page out of view.
    if (!window.matchMedia('(min-width: 64rem)').matches) return;
    listRef.current?.querySelector(`[data-link-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);


  const note =
    preview !== null && selected ? (
      <>
        Previewing page {preview} as the target of {linkLabel(selected)}. Save it in the panel (Enter), or{' '}
        <button type="button" className="cursor-pointer underline" onClick={() => select(selected)}>
          go back to the index
        </button>
        .
      </>
    ) : selected && page === selected.targetPage && page !== selected.srcPage ? (
      <>Target page of {linkLabel(selected)}.</>
    ) : null;

  return (
    <>
      <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-border px-5 py-3">
        <div className="min-w-0">
          <DialogTitle className="truncate font-serif text-xl text-primary">Review: {doc.title}</DialogTitle>
          <DialogDescription className="text-xs">
            {doc.originalName}
            {pageCount ? ` · ${pageCount} pages` : ''}
          </DialogDescription>
        </div>
        <dl className="flex gap-4 text-sm" aria-label="Link counts">
          <Count label="Total" value={counts.total} />
          <Count label="Confirmed" value={counts.confirmed} tone="text-success" />
          <Count label="Pending" value={counts.pending} tone="text-[#7a5f22]" />
          {counts.removed ? <Count label="Removed" value={counts.removed} tone="text-destructive" /> : null}
        </dl>
        <div className="ml-auto flex items-center gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={`${documentUrl(doc.id)}/download`} download>
              <Download aria-hidden />
              Download
            </a>
          </Button>
          <DialogClose asChild>
            <Button size="icon" variant="ghost" aria-label="Close">
              <X aria-hidden />
            </Button>
          </DialogClose>
        </div>
      </header>
      {/* Side by side on wide screens, each side scrolling; on narrower ones the page above its links, scrolled as one. */}
      <div className="grid min-h-0 flex-1 grid-cols-1 overflow-y-auto lg:grid-cols-[minmax(0,1fr)_26rem] lg:overflow-hidden">
        <div className="min-w-0 p-3 sm:p-4 lg:min-h-0 lg:overflow-auto">
          {linksQuery.isLoading ? (
            <div className="flex h-40 items-center justify-center">
              <Spinner label="Loading the links" />
            </div>
          ) : (
            <PageViewer
              docId={doc.id}
              version={fileVersion(doc)}
              page={preview ?? page}
              pageCount={pageCount}
              onPage={(p) => {
                setPreview(null);
                setPage(p);
              }}
              links={links}
              selectedId={selectedId}
              onSelect={(id) => select(links.find((l) => l.id === id))}
              note={note}
              labels={labels?.source ?? null}
            />
          )}
        </div>
        <aside aria-label="Links" className="flex min-w-0 flex-col border-t border-border lg:min-h-0 lg:border-l lg:border-t-0">
          <ReviewDecision doc={doc} />
          <p className="flex flex-wrap items-center gap-1.5 border-b border-border px-4 py-2 text-[11px] text-muted-foreground lg:flex-nowrap lg:whitespace-nowrap" aria-label="Keyboard shortcuts">
            <Keyboard aria-hidden className="size-3.5 shrink-0" />
            <Kbd>j</Kbd>
            <Kbd>↓</Kbd> next · <Kbd>k</Kbd>
            <Kbd>↑</Kbd> previous · <Kbd>c</Kbd> confirm · <Kbd>x</Kbd>
            <Kbd>Del</Kbd> remove
          </p>
          <div className="lg:min-h-0 lg:flex-1 lg:overflow-auto">
            {linksQuery.isLoading ? (
              <div className="p-4">
                <Spinner />
              </div>
            ) : links.length === 0 ? (
              <p className="p-4 text-sm text-muted-foreground">No links for this document yet. Build them from the case dashboard (Process Selected).</p>
            ) : (
              <ol ref={listRef} aria-label="Hyperlinks">
                {links.map((l) => (
                  <LinkItem
                    key={l.id}
                    link={l}
                    printed={l.indexItemId ? (printed.get(l.indexItemId) ?? null) : null}
                    selected={l.id === selectedId}
                    pageCount={l.target === 'record' ? (record.data?.pageCount ?? null) : pageCount}
                    labels={(l.target === 'record' ? labels?.record : labels?.source) ?? null}
                    busy={update.isPending && update.variables?.link.id === l.id}
                    previewPage={preview}
                    onSelect={() => select(l)}
                    onConfirm={() => confirm(l)}
                    onRemove={() => remove(l)}
                    onShowTarget={() => {
                      setPreview(null);
                      if (l.targetPage) setPage(l.targetPage);
                    }}
                    onPreview={setPreview}
                    onOverride={(p) => override(l, p)}
                  />
                ))}
              </ol>
            )}
            <ReferencesPanel
              doc={doc}
              onShowPage={(p) => {
                setPreview(null);
                setPage(p);
              }}
            />
            <AuthoritiesPanel
              doc={doc}
              onShowPage={(p) => {
                setPreview(null);
                setPage(p);
              }}
            />
            <PreflightPanel docId={doc.id} hasReviewedPdf={doc.hasReviewedOutput} />
            <AuditTrail docId={doc.id} links={links} />
          </div>
        </aside>
      </div>
    </>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="text-center">
      <dt className="text-[11px] uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={`font-semibold tabular-nums ${tone ?? ''}`} data-testid={`count-${label.toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}

function Kbd({ children }: { children: React.ReactNode }) {
  return <kbd className="rounded border border-input bg-card px-1 font-sans text-[11px] leading-4 text-foreground">{children}</kbd>;
}

/**
 * The modal hides the rest of the page from assistive technology, the notifications region included:
 * the latest toast is said again from inside it.
 */
function ToastEcho() {
  const last = useToasts().filter((t) => t.open).at(-1);
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {last ? `${last.title}${last.description ? `. ${last.description}` : ''}` : ''}
    </div>
  );
}
