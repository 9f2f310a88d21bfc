import { ArrowLeft, FileText } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ApiRequestError } from '../lib/api.ts';
import { formatDate, rememberOpenedCase, useCase, useCases } from '../lib/cases.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** /cases without an id: the first case, or / when there is none (spec §2). */
export function FirstCaseRedirect() {
  const cases = useCases();
  if (cases.isLoading) return <PageSpinner />;
  const first = cases.data?.[0];
  return <Navigate to={first ? `/cases/${encodeURIComponent(first.id)}` : '/'} replace />;
}

/** The case dashboard; for now the case's particulars (documents arrive with uploads). */
export function CasePage() {
  const { caseId = '' } = useParams();
  const query = useCase(caseId);
  useEffect(() => {
    if (query.data) rememberOpenedCase(query.data.id);
  }, [query.data]);

  if (query.isLoading) return <PageSpinner />;
  if (query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundPage />;
  if (query.isError || !query.data) throw query.error ?? new Error('Case not available');
  const c = query.data;

  const facts: [string, string][] = [
    ['Case Number', c.caseNumber],
    ['Filing Date', formatDate(c.filingDate)],
    ['Plaintiff', c.plaintiff],
    ['Defendant', c.defendant],
    ['Status', c.status],
    ['Created', formatDate(c.createdAt)],
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4 text-muted-foreground">
        <Link to="/case-management">
          <ArrowLeft aria-hidden />
          All cases
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-mono text-sm text-muted-foreground">{c.caseNumber}</p>
          <h1 className="mt-1 font-serif text-3xl font-semibold text-primary">{c.title}</h1>
        </div>
        <Badge variant={c.status === 'active' ? 'success' : 'default'} className="capitalize">
          {c.status}
        </Badge>
      </div>
      <section aria-labelledby="case-details" className="mt-8 rounded-xl border border-border bg-card shadow-sm">
        <h2 id="case-details" className="border-b border-border px-6 py-4 text-base font-semibold">
          Case Details
        </h2>
        <dl className="grid gap-x-8 gap-y-5 p-6 sm:grid-cols-2 lg:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
              <dd className={label === 'Status' ? 'mt-1 text-[15px] capitalize' : 'mt-1 text-[15px]'}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="case-documents" className="mt-6 rounded-xl border border-dashed border-input bg-card px-6 py-12 text-center">
        <FileText aria-hidden className="mx-auto size-10 text-muted-foreground/60" />
        <h2 id="case-documents" className="mt-3 font-medium">
          Case Documents
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">No documents in this case yet.</p>
      </section>
    </div>
  );
}
