import { ArrowLeft, Link2, Loader2, Upload, Zap } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ChatWidget } from '../components/chat/chat-widget.tsx';
import { CaseDetails } from '../components/documents/case-details.tsx';
import { DocumentList } from '../components/documents/document-list.tsx';
import { UploadPanel } from '../components/documents/upload-panel.tsx';
import { WorkflowPanel } from '../components/review/workflow-panel.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ApiRequestError, errorReason } from '../lib/api.ts';
import { rememberOpenedCase, useCase, useCases } from '../lib/cases.ts';
import { useStartHyperlinking, warnNothingSelected } from '../lib/document-actions.ts';
import { useCaseDocuments } from '../lib/documents.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** /cases without an id: the first case, or / when there is none (spec §2). */
export function FirstCaseRedirect() {
  const cases = useCases();
  if (cases.isLoading) return <PageSpinner />;
  const first = cases.data?.[0];
  return <Navigate to={first ? `/cases/${encodeURIComponent(first.id)}` : '/'} replace />;
}

/** The case dashboard (spec §2): header, upload panel, documents, the workflow panel (hyperlinking, review, submission) and the chat widget. */
export function CasePage() {
  const { caseId = '' } = useParams();
  const query = useCase(caseId);
  const documents = useCaseDocuments(query.data ? caseId : null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [uploading, setUploading] = useState(false);
  const start = useStartHyperlinking(caseId);

  useEffect(() => {
    if (query.data) rememberOpenedCase(query.data.id);
  }, [query.data]);

  // The workflow's hyperlinking step points here with #case-documents.
  const { hash } = useLocation();
  const loaded = Boolean(documents.data);
  useEffect(() => {
    if (loaded && hash === '#case-documents') document.getElementById('case-documents')?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);

  // A deleted document leaves the selection too.
  const docs = documents.data ?? [];
  const present = docs.filter((d) => selected.has(d.id)).map((d) => d.id);
  const count = present.length;

  if (query.isLoading) return <PageSpinner />;
  if (query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
  if (query.isError || !query.data) throw query.error ?? new Error('Case not available');
  const c = query.data;

  const processSelected = () => {
    if (count === 0) {
      warnNothingSelected();
      return;
    }
    start.mutate(present);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-8 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4 text-muted-foreground">
        <Link to="/case-management">
          <ArrowLeft aria-hidden />
          All cases
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-mono text-sm text-muted-foreground">{c.caseNumber}</p>
          <h1 className="mt-1 break-words font-serif text-3xl font-semibold text-primary [overflow-wrap:anywhere]">{c.title}</h1>
        </div>
        <div className="flex items-center gap-2">
          <Badge aria-live="polite">{count} selected</Badge>
          <Badge variant={c.status === 'active' ? 'success' : 'default'} className="capitalize">
            {c.status}
          </Badge>
        </div>
      </div>

      <CaseDetails item={c} />

      {uploading ? (
        <div className="mt-6">
          <UploadPanel caseId={c.id} caseNumber={c.caseNumber} onClose={() => setUploading(false)} />
        </div>
      ) : null}

      <section id="case-documents" aria-labelledby="case-documents-heading" className="mt-6 scroll-mt-20 rounded-xl border border-border bg-card shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-4 sm:px-5">
          <h2 id="case-documents-heading" className="text-base font-semibold">
            Case Documents
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={processSelected} disabled={count === 0 || start.isPending}>
              {start.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Zap aria-hidden />}
              Process Selected ({count})
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={`/cases/${encodeURIComponent(c.id)}/review`}>
                <Link2 aria-hidden />
                Review Hyperlinks
              </Link>
            </Button>
            <Button size="sm" variant={uploading ? 'secondary' : 'outline'} onClick={() => setUploading(true)} aria-expanded={uploading}>
              <Upload aria-hidden />
              Upload Documents
            </Button>
          </div>
        </div>
        {documents.isLoading ? (
          <PageSpinner />
        ) : documents.isError ? (
          <ErrorFallback message={errorReason(documents.error)} onReset={() => void documents.refetch()} />
        ) : (
          <DocumentList caseId={c.id} documents={docs} selected={new Set(present)} onSelectedChange={setSelected} />
        )}
      </section>

      {documents.data ? (
        <WorkflowPanel caseId={c.id} documents={docs} selected={new Set(present)} onSelectedChange={setSelected} onStart={processSelected} starting={start.isPending} />
      ) : null}

      {documents.data ? <ChatWidget caseId={c.id} documents={docs} /> : null}
    </div>
  );
}
