import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackToCase } from '../components/back-to-case.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { PageViewer } from '../components/review/page-viewer.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { PageSpinner, Spinner } from '../components/ui/spinner.tsx';
import { ApiRequestError, errorReason } from '../lib/api.ts';
import { useCase } from '../lib/cases.ts';
import { cn } from '../lib/cn.ts';
import type { LinkRecord } from '../lib/document-types.ts';
import { byOrdinal, confidencePercent, linkLabel } from '../lib/review-logic.ts';
import { fileVersion } from '../lib/review.ts';
import { destinationDocId, useCaseBriefs, useLinkedDocument, type LinkedDocument } from '../lib/screens.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * /cases/{caseId}/workspace: a brief and its destinations side by side with the link list. Choosing a link
 * moves both viewers: the brief to the index page with the link's box highlighted, the other to its target
 * page (in the trial record the brief is paired with, else in the brief itself).
 */
export function WorkspacePage() {
  const { caseId = '' } = useParams();
  const c = useCase(caseId);
  const briefs = useCaseBriefs(caseId);
  const [params, setParams] = useSearchParams();
  const pickerId = useId();
  if (c.isLoading || briefs.isLoading) return <PageSpinner />;
  const error = c.error ?? briefs.error;
  if (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
    return <ErrorFallback message={errorReason(error)} onReset={() => void briefs.refetch()} />;
  }
  const list = briefs.data?.briefs ?? [];
  const chosen = params.get('document');
  const brief = list.find((b) => b.id === chosen) ?? list.find((b) => b.linkCount > 0) ?? list[0];

  return (
    <div className="px-4 py-6 sm:px-6">
      <BackToCase caseId={caseId} />
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm text-muted-foreground">{c.data?.caseNumber}</p>
          <h1 className="mt-1 font-serif text-3xl font-semibold text-primary">Case Workspace</h1>
          <p className="mt-1 text-sm text-muted-foreground">Choose a link: the brief shows its index row, the other side the page it opens.</p>
        </div>
        {list.length > 1 ? (
          <div className="grid min-w-0 max-w-full gap-1">
            <label htmlFor={pickerId} className="text-xs font-medium text-muted-foreground">
              Document
            </label>
            <select
              id={pickerId}
              value={brief?.id ?? ''}
              onChange={(e) => setParams({ document: e.target.value }, { replace: true })}
              className="h-9 w-full min-w-0 max-w-80 rounded-md border border-input bg-card px-2 text-sm"
            >
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.title} ({b.linkCount} links{b.recordTitle ? ` → ${b.recordTitle}` : ''})
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {!brief ? (
        <div className="mt-8 rounded-xl border border-dashed border-input p-10 text-center text-sm text-muted-foreground">
          This case has no brief yet. <Link to={`/cases/${encodeURIComponent(caseId)}`} className="underline">Upload one</Link> on the case dashboard.
        </div>
      ) : (
        <Workspace key={brief.id} docId={brief.id} />
      )}
    </div>
  );
}

function Workspace({ docId }: { docId: string }) {
  const linked = useLinkedDocument(docId);
  if (linked.isLoading)
    return (
      <div className="flex h-64 items-center justify-center">
        <Spinner className="size-8" label="Loading the document" />
      </div>
    );
  if (linked.isError || !linked.data) return <ErrorFallback message={errorReason(linked.error)} onReset={() => void linked.refetch()} />;
  return <SideBySide data={linked.data} />;
}

function SideBySide({ data }: { data: LinkedDocument }) {
  const { document: brief, record } = data;
  const links = byOrdinal(data.links);
  const first = links[0];
  const [selectedId, setSelectedId] = useState<string | null>(first?.id ?? null);
  const [briefPage, setBriefPage] = useState(first?.srcPage ?? 1);
  const [destPage, setDestPage] = useState(first?.targetPage ?? 1);
  const selected = links.find((l) => l.id === selectedId) ?? null;
  const listRef = useRef<HTMLOListElement>(null);
  // the right-hand viewer shows the record when the brief is paired, else the brief's own pages
  const destDoc = record ?? brief;
  const destIsRecord = selected ? destinationDocId(selected, data) !== brief.id : record !== null;
  const shownDest = destIsRecord && record ? record : brief;

  const select = (link: LinkRecord | undefined) => {
    if (!link) return;
    setSelectedId(link.id);
    setBriefPage(link.srcPage);
    if (link.targetPage !== null) setDestPage(link.targetPage);
  };

  useEffect(() => {
    if (!selectedId) return;
    listRef.current?.querySelector(`[data-link-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  return (
    <div className="mt-6 grid gap-4 xl:grid-cols-[17rem_minmax(0,1fr)_minmax(0,1fr)]">
      <aside aria-label="Links" className="min-h-0 rounded-xl border border-border bg-card">
        <p className="border-b border-border px-3 py-2 text-xs text-muted-foreground">
          {links.length} links · {record ? <>into the trial record <span className="font-medium text-foreground">{record.title}</span></> : 'within the brief'}
        </p>
        {links.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">No links built for this document yet. Build them from the case dashboard (Process Selected).</p>
        ) : (
          <ol ref={listRef} aria-label="Link list" className="max-h-64 divide-y divide-border overflow-auto xl:max-h-[calc(100vh-14rem)]">
            {links.map((l) => {
              const pct = confidencePercent(l.confidence);
              const current = l.id === selectedId;
              return (
                <li key={l.id} data-link-id={l.id}>
                  <button
                    type="button"
                    onClick={() => select(l)}
                    aria-current={current ? 'true' : undefined}
                    aria-label={linkLabel(l)}
                    className={cn('grid w-full gap-0.5 px-3 py-2 text-left text-sm hover:bg-muted/60', current && 'bg-accent-soft')}
                  >
                    <span className="flex items-center gap-2">
                      <span className="font-medium">{linkLabel(l)}</span>
                      <span className="ml-auto text-xs tabular-nums text-muted-foreground">
                        {l.targetPage === null ? 'no page' : `→ p. ${l.targetPage}`}
                      </span>
                      <Badge variant={l.status === 'removed' || l.setByReviewer ? 'default' : pct < 60 ? 'destructive' : pct < 85 ? 'accent' : 'success'}>
                        {l.status === 'removed' ? 'removed' : l.setByReviewer ? 'set by reviewer' : `${pct}%`}
                      </Badge>
                    </span>
                    {l.itemText ? <span className="truncate text-xs text-muted-foreground">{l.itemText}</span> : null}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </aside>
      <div className="min-w-0">
        <h2 className="mb-2 truncate text-sm font-semibold">Brief: {brief.title}</h2>
        <PageViewer
          label="Brief"
          docId={brief.id}
          version={fileVersion(brief)}
          page={briefPage}
          pageCount={brief.pageCount}
          onPage={setBriefPage}
          links={links}
          selectedId={selectedId}
          onSelect={(id) => select(links.find((l) => l.id === id))}
          note={selected && briefPage === selected.srcPage ? <>Index row of {linkLabel(selected)}.</> : undefined}
        />
      </div>
      <div className="min-w-0">
        <h2 className="mb-2 truncate text-sm font-semibold">
          {shownDest === record ? `Trial record: ${record.title}` : destDoc === brief ? `Destinations in the brief: ${brief.title}` : `Brief: ${brief.title}`}
        </h2>
        <PageViewer
          label={shownDest === record ? 'Record' : 'Destination'}
          docId={shownDest.id}
          version={fileVersion(shownDest)}
          page={destPage}
          pageCount={shownDest.pageCount}
          onPage={setDestPage}
          links={[]}
          selectedId={null}
          onSelect={() => undefined}
          note={
            selected ? (
              selected.targetPage === null ? (
                <>No destination was found for {linkLabel(selected)}.</>
              ) : destPage === selected.targetPage ? (
                <>
                  Target page of {linkLabel(selected)}
                  {selected.why ? ` (${selected.why})` : ''}.
                </>
              ) : undefined
            ) : undefined
          }
        />
      </div>
    </div>
  );
}
