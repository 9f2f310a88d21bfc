import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ReviewModal } from '../components/review/review-modal.tsx';
import { ReviewState } from '../components/review/review-decision.tsx';
import { TargetText } from '../components/review/link-item.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { BackToCase } from '../components/back-to-case.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
import { useCase } from '../lib/cases.ts';
import type { DocumentRecord, LinkRecord } from '../lib/document-types.ts';
import { useCaseDocuments } from '../lib/documents.ts';
import { byConfidence, confidencePercent, linkCounts, linkLabel, STAGE_NAMES } from '../lib/review-logic.ts';
import { pageInfoKey, useCaseLinks } from '../lib/review.ts';

/** How many of a document's weakest links the list shows before 'and N more'. */
const WEAKEST_SHOWN = 5;

/** /cases/{caseId}/review: every document with its links; /cases/{caseId}/review/{docId}: the review modal of one. */
export function ReviewPage() {
  const { caseId = '', docId } = useParams();
  // The review of one document is a modal alone: the list behind it would only delay its first page.
  if (docId !== undefined || caseId === '') return <ReviewModal caseId={caseId} docId={docId ?? ''} />;
  return <ReviewList caseId={caseId} />;
}

function ReviewList({ caseId }: { caseId: string }) {
  const c = useCase(caseId);
  const documents = useCaseDocuments(c.data ? caseId : null);
  const links = useCaseLinks(c.data ? caseId : '');
  const byDoc = new Map<string, LinkRecord[]>();
  for (const l of links.data ?? []) byDoc.set(l.srcDocId, [...(byDoc.get(l.srcDocId) ?? []), l]);
  const docs = documents.data ?? [];

  // Ask the server for the index page of the first documents to review, so the file is open when the
  // reviewer opens one (the first page of a 1,200-page brief then shows at once).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!links.data) return;
    const firsts = new Map<string, number>();
    for (const l of links.data) if (!firsts.has(l.srcDocId)) firsts.set(l.srcDocId, l.srcPage);
    for (const [id, page] of [...firsts].slice(0, 2)) void queryClient.prefetchQuery({ queryKey: pageInfoKey(id, page), staleTime: 60_000 });
  }, [links.data, queryClient]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackToCase caseId={caseId} />
      <p className="font-mono text-sm text-muted-foreground">{c.data?.caseNumber}</p>
      <h1 className="mt-1 font-serif text-3xl font-semibold text-primary">Lawyer Review</h1>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        Check every hyperlink before the document is filed: confirm it, remove it or set its target page, regenerate the PDF, then approve it
        with your name and bar number. The least certain links come first.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        <Link to={`/cases/${encodeURIComponent(caseId)}/workspace`} className="underline">
          Case workspace
        </Link>
        <Link to={`/cases/${encodeURIComponent(caseId)}/gpt5-test`} className="underline">
          Detection diagnostics
        </Link>
      </p>
      {c.isLoading || documents.isLoading ? (
        <PageSpinner />
      ) : c.isError || documents.isError ? (
        <ErrorFallback message={errorReason(c.error ?? documents.error)} onReset={() => void documents.refetch()} />
      ) : docs.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-input p-10 text-center">
          <ClipboardCheck aria-hidden className="mx-auto size-10 text-muted-foreground/60" />
          <p className="mt-3 font-medium">No documents to review</p>
          <p className="mt-1 text-sm text-muted-foreground">Upload a brief and build its hyperlinks first.</p>
        </div>
      ) : (
        <ul aria-label="Documents to review" className="mt-6 grid gap-4">
          {docs.map((d) => (
            <ReviewCard key={d.id} doc={d} caseId={caseId} links={byDoc.get(d.id) ?? []} loadingLinks={links.isLoading} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewCard({ doc, caseId, links, loadingLinks }: { doc: DocumentRecord; caseId: string; links: LinkRecord[]; loadingLinks: boolean }) {
  const counts = linkCounts(links);
  const weakest = byConfidence(links.filter((l) => l.status !== 'removed'));
  return (
    <li aria-label={`Review ${doc.title}`} className="min-w-0 rounded-xl border border-border bg-card shadow-sm">
      <div className="flex flex-wrap items-start gap-4 border-b border-border px-5 py-4">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{doc.title}</h2>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {doc.originalName}
            {doc.pageCount ? ` · ${doc.pageCount} pages` : ''} · Stage {doc.workflowStage}: {STAGE_NAMES[doc.workflowStage]}
          </p>
          <div className="mt-2">
            <ReviewState doc={doc} />
          </div>
          {doc.referenceCount ? (
            <p className="mt-1 text-xs text-muted-foreground" aria-label={`References of ${doc.title}`}>
              {doc.referenceCount} references to the record
              {doc.unresolvedReferenceCount ? <span className="text-destructive">, {doc.unresolvedReferenceCount} unresolved</span> : null}
            </p>
          ) : null}
        </div>
        <dl className="flex gap-4 text-sm" aria-label={`Link counts of ${doc.title}`}>
          {(
            [
              ['Total', counts.total, ''],
              ['Confirmed', counts.confirmed, 'text-success'],
              ['Pending', counts.pending, 'text-[#7a5f22]'],
              ['Removed', counts.removed, 'text-destructive'],
            ] as const
          ).map(([label, value, tone]) => (
            <div key={label} className="text-center">
              <dt className="text-[11px] uppercase tracking-wide text-muted-foreground">{label}</dt>
              <dd className={`font-semibold tabular-nums ${tone}`}>{value}</dd>
            </div>
          ))}
        </dl>
        {links.length ? (
          <Button asChild size="sm" variant="outline">
            <Link to={`/index-viewer/${encodeURIComponent(doc.id)}`} aria-label={`Index viewer of ${doc.title}`}>
              Index viewer
            </Link>
          </Button>
        ) : null}
        <Button asChild size="sm">
          <Link to={`/cases/${encodeURIComponent(caseId)}/review/${encodeURIComponent(doc.id)}`} aria-label={`Open review of ${doc.title}`}>
            <ExternalLink aria-hidden />
            Open review
          </Link>
        </Button>
      </div>
      {loadingLinks ? null : links.length === 0 ? (
        <p className="px-5 py-3 text-sm text-muted-foreground">
          {doc.aiProcessingStatus === 'processing' || doc.aiProcessingStatus === 'queued' ? 'Links are being built…' : 'No links built yet.'}
        </p>
      ) : (
        <ol aria-label={`Least certain links of ${doc.title}`} className="divide-y divide-border text-sm">
          {weakest.slice(0, WEAKEST_SHOWN).map((l) => (
            <li key={l.id} className="flex flex-wrap items-baseline gap-x-3 px-5 py-2">
              <span className="w-20 shrink-0 font-medium">{linkLabel(l)}</span>
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{l.itemText}</span>
              <span className="text-xs">
                <TargetText link={l} />
              </span>
              {l.setByReviewer ? (
                <Badge>set by reviewer</Badge>
              ) : (
                <Badge variant={confidencePercent(l.confidence) < 60 ? 'destructive' : confidencePercent(l.confidence) < 85 ? 'accent' : 'success'}>
                  {confidencePercent(l.confidence)}%
                </Badge>
              )}
              {l.status === 'confirmed' ? <Badge variant="success">Confirmed</Badge> : null}
            </li>
          ))}
          {weakest.length > WEAKEST_SHOWN ? <li className="px-5 py-2 text-xs text-muted-foreground">…and {weakest.length - WEAKEST_SHOWN} more</li> : null}
        </ol>
      )}
    </li>
  );
}
