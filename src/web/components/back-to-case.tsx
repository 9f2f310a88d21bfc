import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button.tsx';

/** The link back to a case's dashboard at the top of the case's own screens (review, reanalyze). */
export function BackToCase({ caseId }: { caseId: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4 text-muted-foreground">
      <Link to={`/cases/${encodeURIComponent(caseId)}`}>
        <ArrowLeft aria-hidden />
        Back to the case
      </Link>
    </Button>
  );
}
