import { ExternalLink, FileText, MousePointerClick } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackToCase } from '../components/back-to-case.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { PageImage, PageViewer } from '../components/review/page-viewer.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ApiRequestError, errorReason } from '../lib/api.ts';
import type { LinkRecord } from '../lib/document-types.ts';
import { confidencePercent, linkLabel } from '../lib/review-logic.ts';
import { documentUrl } from '../lib/documents.ts';
import { fileVersion } from '../lib/review.ts';
import { destinationDocId, useLinkedDocument, type LinkedDocument } from '../lib/screens.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** /index-viewer/{filename}: the index pages of a document with their link boxes; a box shows its destination page. */
export function IndexViewerPage() {
  const { filename = '' } = useParams();
  const doc = useLinkedDocument(filename);
  if (doc.isLoading) return <PageSpinner />;
  if (doc.isError) {
    const status = doc.error instanceof ApiRequestError ? doc.error.status : 0;
    // a name that is no document (or no name a document could have) is a page that does not exist
    if (status === 404 || status === 400) return <NotFoundPage />;
    return <ErrorFallback message={errorReason(doc.error)} onReset={() => void doc.refetch()} />;
  }
  if (!doc.data) return <NotFoundPage />;
  return <IndexViewer data={doc.data} />;
}

function IndexViewer({ data }: { data: LinkedDocument }) {
  const { document: doc, record, links, indexPages } = data;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [destPage, setDestPage] = useState<number | null>(null);
  const selected = links.find((l) => l.id === selectedId) ?? null;
  const version = fileVersion(doc);

  const open = (id: string) => {
    const link = links.find((l) => l.id === id);
    if (!link) return;
    setSelectedId(id);
    setDestPage(link.targetPage);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <BackToCase caseId={doc.caseId} />
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-xs uppercase tracking-wide text-muted-foreground">Index viewer</p>
          <h1 className="mt-1 truncate font-serif text-3xl font-semibold text-primary">{doc.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {doc.originalName}
            {doc.pageCount ? ` · ${doc.pageCount} pages` : ''} · {links.length} links
            {record ? ` · into the trial record ${record.title}` : ''}
          </p>
        </div>
        <Button asChild size="sm" variant="outline">
          <Link to={`/cases/${encodeURIComponent(doc.caseId)}/review/${encodeURIComponent(doc.id)}`}>
            <ExternalLink aria-hidden />
            Open review
          </Link>
        </Button>
      </div>
      {indexPages.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-input p-10 text-center text-sm text-muted-foreground">
          No index links have been built for this document yet. Build them from the case dashboard (Process Selected).
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <section aria-label="Index pages" className="grid content-start gap-4">
            {indexPages.map((p) => (
              <figure key={p} className="grid gap-1">
                <figcaption className="text-xs text-muted-foreground">Index page {p}</figcaption>
                <PageImage
                  docId={doc.id}
                  version={version}
                  page={p}
                  pageCount={doc.pageCount}
                  links={links}
                  selectedId={selectedId}
                  onSelect={open}
                  className="aspect-[17/22] w-full"
                />
              </figure>
            ))}
          </section>
          <section aria-label="Destination" className="lg:sticky lg:top-4 lg:self-start">
            {selected ? (
              <Destination data={data} link={selected} page={destPage} onPage={setDestPage} />
            ) : (
              <div className="flex h-64 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-input p-6 text-center text-sm text-muted-foreground">
                <MousePointerClick aria-hidden className="size-8 text-muted-foreground/60" />
                Click a link box on the index to see the page it opens.
              </div>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function Destination({ data, link, page, onPage }: { data: LinkedDocument; link: LinkRecord; page: number | null; onPage: (p: number) => void }) {
  const inRecord = destinationDocId(link, data) !== data.document.id;
  const target = inRecord ? data.record! : data.document;
  const pct = confidencePercent(link.confidence);
  return (
    <div className="grid gap-3">
      <div className="rounded-lg border border-border bg-card px-4 py-3 text-sm" data-testid="destination-summary">
        <p className="font-medium">
          {linkLabel(link)}
          {link.itemText ? <span className="font-normal text-muted-foreground"> · {link.itemText}</span> : null}
        </p>
        <p className="mt-1">
          {link.targetPage === null ? (
            <span className="text-destructive">No destination was found for this item.</span>
          ) : (
            <>
              Opens page {link.targetPage} of {inRecord ? `the trial record ${target.title}` : 'this document'}{' '}
              {link.setByReviewer ? <Badge>set by reviewer</Badge> : <Badge variant={pct < 60 ? 'destructive' : pct < 85 ? 'accent' : 'success'}>{pct}%</Badge>}
            </>
          )}
        </p>
        {link.why ? <p className="mt-1 text-xs text-muted-foreground">Why: {link.why}</p> : null}
        {link.targetPage !== null ? (
          <a
            href={`${documentUrl(target.id)}/download?disposition=inline#page=${link.targetPage}`}
            target="_blank"
            rel="noopener"
            className="mt-2 inline-flex items-center gap-1 text-xs underline"
          >
            <FileText aria-hidden className="size-3.5" />
            Open the PDF at page {link.targetPage}
          </a>
        ) : null}
      </div>
      {link.targetPage !== null && page !== null ? (
        <PageViewer
          label="Destination page"
          docId={target.id}
          version={fileVersion(target)}
          page={page}
          pageCount={target.pageCount}
          onPage={onPage}
          links={inRecord ? [] : data.links}
          selectedId={link.id}
          onSelect={() => undefined}
        />
      ) : null}
    </div>
  );
}
