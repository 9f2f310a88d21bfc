import { ArrowLeft, ClipboardCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';

/** /cases/{caseId}/review: lawyer review is not built yet; say so plainly rather than show a mock-up. */
export function ReviewPage() {
  const { caseId = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <ClipboardCheck aria-hidden className="mx-auto size-12 text-muted-foreground/60" />
      <h1 className="mt-4 font-serif text-3xl font-semibold text-primary">Lawyer Review</h1>
      <p className="mt-3 text-muted-foreground">
        Reviewing hyperlinks (confirm, remove or correct each link, then approve the document) arrives in a later release. The links
        built for this case are kept and will be ready to review then.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={`/cases/${encodeURIComponent(caseId)}`}>
          <ArrowLeft aria-hidden />
          Back to the case
        </Link>
      </Button>
    </div>
  );
}
