import { Briefcase } from 'lucide-react';
import { CaseCard } from '../components/case-card.tsx';
import { CreateCaseForm } from '../components/create-case-form.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
import { useCases } from '../lib/cases.ts';

/** Case management (/ and /case-management): create, edit inline, delete, open. */
export function CaseManagementPage() {
  const cases = useCases();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <h1 className="font-serif text-3xl font-semibold text-primary">Case Management</h1>
        <p className="mt-1 text-muted-foreground">Create a case for each matter, then upload its briefs and records.</p>
      </div>
      <CreateCaseForm />
      <section aria-labelledby="cases-heading" className="mt-8">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 id="cases-heading" className="text-lg font-semibold">
            Your Cases
          </h2>
          {cases.data ? (
            <p className="text-sm text-muted-foreground">
              {cases.data.length} {cases.data.length === 1 ? 'case' : 'cases'}
            </p>
          ) : null}
        </div>
        {cases.isLoading ? (
          <PageSpinner />
        ) : cases.isError ? (
          <ErrorFallback message={errorReason(cases.error)} onReset={() => void cases.refetch()} />
        ) : cases.data && cases.data.length > 0 ? (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {cases.data.map((c) => (
              <CaseCard key={c.id} item={c} />
            ))}
          </ul>
        ) : (
          <div className="rounded-xl border border-dashed border-input bg-card px-6 py-14 text-center">
            <Briefcase aria-hidden className="mx-auto size-10 text-muted-foreground/60" />
            <p className="mt-3 font-medium">No cases yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Create your first case above to start uploading documents.</p>
          </div>
        )}
      </section>
    </div>
  );
}
