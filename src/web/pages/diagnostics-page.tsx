import { Link, useParams } from 'react-router';
import { BackToCase } from '../components/back-to-case.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ApiRequestError, errorReason } from '../lib/api.ts';
import { confidencePercent } from '../lib/review-logic.ts';
import { useCaseDiagnostics } from '../lib/screens.ts';
import type { DocumentDiagnostics } from '../../contract/screens.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * /cases/{caseId}/gpt5-test: the case's detection diagnostics. For each document, what the engine saw on
 * every page and, for every index item, the destination it chose and why (docs/decisions.md).
 */
export function DiagnosticsPage() {
  const { caseId = '' } = useParams();
  const diag = useCaseDiagnostics(caseId);
  if (diag.isLoading) return <PageSpinner />;
  if (diag.isError || !diag.data) {
    if (diag.error instanceof ApiRequestError && (diag.error.status === 404 || diag.error.status === 400)) return <NotFoundPage />;
    return <ErrorFallback message={errorReason(diag.error)} onReset={() => void diag.refetch()} />;
  }
  const d = diag.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <BackToCase caseId={caseId} />
      <p className="font-mono text-sm text-muted-foreground">{d.caseNumber}</p>
      <h1 className="mt-1 font-serif text-3xl font-semibold text-primary">Detection Diagnostics</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted-foreground">
        What the engine saw in {d.title}: for each document, how every page was read (its text layer or OCR), the page number printed on it, which
        pages form the index, and for every index item the page chosen as its destination, why, and with what confidence, beside any page a
        reviewer set instead.
      </p>
      {d.documents.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-input p-10 text-center text-sm text-muted-foreground">This case has no documents yet.</div>
      ) : (
        <div className="mt-6 grid gap-6">
          {d.documents.map((doc) => (
            <DocumentSection key={doc.id} doc={doc} />
          ))}
        </div>
      )}
    </div>
  );
}

const sourceName = { 'text-layer': 'Text layer', ocr: 'OCR', none: 'No text' } as const;

function DocumentSection({ doc }: { doc: DocumentDiagnostics }) {
  const ocrPages = doc.pages.filter((p) => p.source === 'ocr').length;
  const printed = doc.pages.filter((p) => p.printed !== null).length;
  const v = doc.validation;
  return (
    <section aria-label={`Diagnostics of ${doc.title}`} className="min-w-0 rounded-xl border border-border bg-card shadow-sm">
      <header className="flex flex-wrap items-start gap-3 border-b border-border px-5 py-4">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{doc.title}</h2>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {doc.originalName}
            {doc.pageCount ? ` · ${doc.pageCount} pages` : ''} · {doc.kind === 'record' ? 'Trial record' : 'Brief'}
            {doc.record ? ` · points into ${doc.record.title}` : ''}
          </p>
        </div>
        {doc.items.some((i) => i.link) ? (
          <Link to={`/index-viewer/${encodeURIComponent(doc.id)}`} className="text-sm underline">
            Index viewer
          </Link>
        ) : null}
      </header>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 px-5 py-3 text-sm sm:grid-cols-4" aria-label={`Summary of ${doc.title}`}>
        <Fact label="Index">
          {doc.indexStatus} · {doc.indexCount} items
        </Fact>
        <Fact label="Index pages">
          {doc.indexPages.length ? doc.indexPages.join(', ') : 'none'}
          {doc.indexPagesSetByHand ? ' (set by hand)' : doc.indexPages.length ? ' (detected)' : ''}
        </Fact>
        <Fact label="Pages read">
          {doc.stored.pageText ? `${doc.pages.length - ocrPages} text layer, ${ocrPages} OCR` : 'page text not stored'}
        </Fact>
        <Fact label="Printed page numbers">{doc.stored.review ? `${printed} of ${doc.pages.length} pages` : 'read when links are built'}</Fact>
        {v ? (
          <Fact label="Linked PDF check">
            {v.links_created} of {v.expected_tabs} links, {v.broken_links} broken{' '}
            <Badge variant={v.success ? 'success' : 'destructive'}>{v.success ? 'passed' : 'failed'}</Badge>
          </Fact>
        ) : null}
        {doc.detectionReason ? <Fact label="No index found">{doc.detectionReason}</Fact> : null}
        {doc.failureReason ? <Fact label="Failure">{doc.failureReason}</Fact> : null}
      </dl>
      {doc.items.length ? (
        <div className="relative overflow-x-auto border-t border-border">
          <table className="w-full text-sm" aria-label={`Index items of ${doc.title}`}>
            <caption className="px-5 pt-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground">Index items and their destinations</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">Item</th>
                <th scope="col" className="px-3 py-2 font-medium">On index page</th>
                <th scope="col" className="px-3 py-2 font-medium">Index says</th>
                <th scope="col" className="px-3 py-2 font-medium">Destination</th>
                <th scope="col" className="px-3 py-2 font-medium">Confidence</th>
                <th scope="col" className="px-3 py-2 font-medium">Why</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {doc.items.map((i) => {
                const l = i.link;
                const moved = l && l.targetPage !== l.engineTargetPage;
                return (
                  <tr key={i.ordinal} aria-label={`Item ${i.label}`} className="align-top">
                    <td className="max-w-72 px-5 py-2">
                      <span className="font-medium">
                        {i.type.charAt(0).toUpperCase() + i.type.slice(1)} {i.label}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">{i.text}</span>
                    </td>
                    <td className="px-3 py-2 tabular-nums">{i.page}</td>
                    <td className="px-3 py-2 tabular-nums">{i.pageRef ? `p. ${i.pageRef}` : '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums" data-testid="item-destination">
                      {!l ? (
                        <span className="text-muted-foreground">links not built</span>
                      ) : l.targetPage === null ? (
                        <span className="text-destructive">none found</span>
                      ) : (
                        <>
                          {l.target === 'record' ? 'record ' : ''}page {l.targetPage}
                          {l.printedAtTarget ? <span className="text-muted-foreground"> (printed {l.printedAtTarget})</span> : null}
                        </>
                      )}
                      {moved ? <span className="block text-xs text-[#7a5f22]">engine chose {l.engineTargetPage === null ? 'none' : `page ${l.engineTargetPage}`}</span> : null}
                      {l?.status === 'removed' ? <span className="block text-xs text-muted-foreground">removed by the reviewer</span> : null}
                    </td>
                    <td className="px-3 py-2 tabular-nums">{!l ? '—' : l.targetPage !== l.engineTargetPage ? 'set by reviewer' : `${confidencePercent(l.confidence)}%`}</td>
                    <td className="px-3 py-2 text-xs" data-testid="item-why">
                      {l?.why ?? '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {doc.pages.length ? (
        <details className="border-t border-border px-5 py-3">
          <summary className="cursor-pointer text-sm font-medium">Pages ({doc.pages.length}): how each was read</summary>
          <div className="relative mt-2 max-h-[32rem] overflow-auto">
            <table className="w-full text-sm" aria-label={`Pages of ${doc.title}`}>
              <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">Page</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">Read by</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">Printed</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">Lines</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">First line</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">Evidence</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {doc.pages.map((p) => (
                  <tr key={p.page} className={p.index ? 'bg-accent-soft/60' : undefined}>
                    <td className="py-1 pr-3 tabular-nums">{p.page}</td>
                    <td className="whitespace-nowrap px-3 py-1">
                      {p.source ? sourceName[p.source] : '—'}
                      {p.source === 'ocr' && p.confidence !== null ? <span className="text-xs text-muted-foreground"> {Math.round(p.confidence)}%</span> : null}
                    </td>
                    <td className="px-3 py-1 tabular-nums">{p.printed ?? '—'}</td>
                    <td className="px-3 py-1 tabular-nums">{p.lines ?? '—'}</td>
                    <td className="max-w-80 truncate px-3 py-1 text-xs text-muted-foreground">{p.firstLine ?? ''}</td>
                    <td className="px-3 py-1 text-xs">
                      {p.index ? <Badge variant="accent">index page</Badge> : null}
                      {p.destinationOf.length ? <span> destination of item{p.destinationOf.length > 1 ? 's' : ''} {p.destinationOf.join(', ')}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
