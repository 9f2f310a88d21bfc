import { AlertCircle, ArrowLeft, CheckCircle2, Clock, ScanText } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { OcrProgressCard } from '../components/documents/ocr-progress-card.tsx';
import { RetryDocumentButton } from '../components/documents/retry-document-button.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ApiRequestError, errorReason } from '../lib/api.ts';
import { LAST_OPENED_CASE_KEY, rememberOpenedCase, useCase, useCases } from '../lib/cases.ts';
import type { DocumentRecord } from '../lib/document-types.ts';
import { useCaseDocuments } from '../lib/documents.ts';
import { textLayerNote } from '../lib/text-layer.ts';
import { NotFoundPage } from './not-found-page.tsx';

function lastOpenedCaseId(): string | null {
  try {
    return localStorage.getItem(LAST_OPENED_CASE_KEY);
  } catch {
    return null;
  }
}

/** /ocr: the OCR page of the last opened case, else of the newest case, else / (spec §2). */
export function OcrRedirect() {
  const cases = useCases();
  if (cases.isLoading) return <PageSpinner />;
  const list = cases.data ?? [];
  const remembered = lastOpenedCaseId();
  const target = list.find((c) => c.id === remembered) ?? [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return <Navigate to={target ? `/cases/${encodeURIComponent(target.id)}/ocr` : '/'} replace />;
}

function OcrRow({ doc, caseId }: { doc: DocumentRecord; caseId: string }) {
  const pages = doc.pageCount ?? doc.ocrProgress.total;
  return (
    <li aria-label={`OCR ${doc.title}`} className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-3">
        {doc.ocrStatus === 'completed' ? (
          <CheckCircle2 aria-hidden className="size-5 text-success" />
        ) : doc.ocrStatus === 'failed' ? (
          <AlertCircle aria-hidden className="size-5 text-destructive" />
        ) : (
          <Clock aria-hidden className="size-5 text-muted-foreground" />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{doc.title}</p>
          <p className="text-xs text-muted-foreground">
            {doc.ocrStatus === 'completed'
              ? (textLayerNote(doc) ?? `Text ready on all ${pages} ${pages === 1 ? 'page' : 'pages'}`)
              : doc.ocrStatus === 'failed'
                ? 'OCR failed'
                : doc.ocrStatus === 'processing'
                  ? 'Reading pages'
                  : 'Waiting in the queue'}
          </p>
        </div>
        <RetryDocumentButton doc={doc} caseId={caseId} />
      </div>
      {doc.ocrStatus === 'failed' && doc.failureReason ? <p className="mt-2 pl-8 text-sm text-destructive">{doc.failureReason}</p> : null}
      <OcrProgressCard doc={doc} />
    </li>
  );
}

/** /cases/{caseId}/ocr: each document's OCR with live page progress and ETA (spec §2, §4). */
export function OcrPage() {
  const { caseId = '' } = useParams();
  const query = useCase(caseId);
  const documents = useCaseDocuments(query.data ? caseId : null);
  useEffect(() => {
    if (query.data) rememberOpenedCase(query.data.id);
  }, [query.data]);

  if (query.isLoading) return <PageSpinner />;
  if (query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
  if (query.isError || !query.data) throw query.error ?? new Error('Case not available');
  const c = query.data;
  const docs = documents.data ?? [];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4 text-muted-foreground">
        <Link to={`/cases/${encodeURIComponent(c.id)}`}>
          <ArrowLeft aria-hidden />
          Case dashboard
        </Link>
      </Button>
      <p className="font-mono text-sm text-muted-foreground">{c.caseNumber}</p>
      <h1 className="mt-1 font-serif text-3xl font-semibold text-primary">OCR Processing</h1>
      <p className="mt-1 text-muted-foreground">Pages without a text layer are read by OCR before the index is detected.</p>
      <section aria-label="Documents" className="mt-6 rounded-xl border border-border bg-card shadow-sm">
        {documents.isLoading ? (
          <PageSpinner />
        ) : documents.isError ? (
          <ErrorFallback message={errorReason(documents.error)} onReset={() => void documents.refetch()} />
        ) : docs.length === 0 ? (
          <div className="px-6 py-12 text-center">
            <ScanText aria-hidden className="mx-auto size-10 text-muted-foreground/60" />
            <p className="mt-3 font-medium">No documents to read yet</p>
            <Button asChild size="sm" className="mt-4">
              <Link to={`/cases/${encodeURIComponent(c.id)}`}>Upload documents</Link>
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {docs.map((d) => (
              <OcrRow key={d.id} doc={d} caseId={c.id} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
