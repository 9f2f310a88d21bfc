import { AlertCircle, Loader2, ScanSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ConfirmReviewLoss } from '../components/review/confirm-review-loss.tsx';
import { DocumentStatusBadges } from '../components/documents/document-status-badges.tsx';
import { BackToCase } from '../components/back-to-case.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useCase } from '../lib/cases.ts';
import type { DocumentRecord } from '../lib/document-types.ts';
import { useCaseDocuments } from '../lib/documents.ts';
import { indexPagesError, useReanalyzeDocument } from '../lib/reanalyze.ts';
import { hasReview } from '../lib/review-logic.ts';
import { needsConfirm } from '../lib/review.ts';

/** /cases/{caseId}/reanalyze: set a document's index pages by hand and detect its index again (spec §2, §5). */
export function ReanalyzePage() {
  const { caseId = '' } = useParams();
  const c = useCase(caseId);
  const documents = useCaseDocuments(c.data ? caseId : null);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <BackToCase caseId={caseId} />
      <h1 className="font-serif text-3xl font-semibold text-primary">Reanalyze</h1>
      <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
        When the index was not found, or found on the wrong pages, give its pages by hand (2,3,4 or 2-5) and detect it again; the links are
        built again from it.
      </p>
      {documents.isLoading || c.isLoading ? (
        <PageSpinner />
      ) : (
        <ul aria-label="Documents" className="mt-6 grid gap-3">
          {(documents.data ?? []).map((d) => (
            <ReanalyzeRow key={d.id} doc={d} caseId={caseId} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReanalyzeRow({ doc, caseId }: { doc: DocumentRecord; caseId: string }) {
  const reanalyze = useReanalyzeDocument(caseId);
  const [pages, setPages] = useState(doc.index_pages ?? '');
  const [asking, setAsking] = useState(false);
  const error = indexPagesError(pages);
  const run = (confirm: boolean) =>
    reanalyze.mutate({ id: doc.id, indexPages: pages.trim() || null, confirm }, { onError: (e) => needsConfirm(e) && setAsking(true) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (error) return;
    if (hasReview(doc)) setAsking(true);
    else run(false);
  };
  const working = doc.index_status === 'pending' || doc.aiProcessingStatus === 'queued' || doc.aiProcessingStatus === 'processing';
  return (
    <li aria-label={`Reanalyze ${doc.title}`} className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <p className="font-medium">{doc.title}</p>
      <div className="mt-1.5">
        <DocumentStatusBadges doc={doc} />
      </div>
      {doc.failureReason ? (
        <p className="mt-2 flex items-start gap-1.5 text-sm text-destructive">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {doc.failureReason}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-start gap-2">
        <div>
          <label htmlFor={`reanalyze-pages-${doc.id}`} className="sr-only">
            Index pages of {doc.title}
          </label>
          <Input
            id={`reanalyze-pages-${doc.id}`}
            className="h-9 w-48"
            placeholder="2,3,4 or 2-5"
            value={pages}
            onChange={(e) => setPages(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error ? <p className="mt-1 text-xs text-destructive">{error}</p> : null}
        </div>
        <Button size="sm" type="submit" className="h-9" disabled={Boolean(error) || reanalyze.isPending || working}>
          {reanalyze.isPending || working ? <Loader2 aria-hidden className="animate-spin" /> : <ScanSearch aria-hidden />}
          Detect index again
        </Button>
      </form>
      <ConfirmReviewLoss
        open={asking}
        title={`Detect the index of “${doc.title}” again?`}
        action="Detect again"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          run(true);
        }}
      />
    </li>
  );
}
