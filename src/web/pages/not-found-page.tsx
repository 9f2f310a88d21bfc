import { FileQuestion, Home, ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ReportIssueButton } from '../components/report-issue.tsx';
import { Button } from '../components/ui/button.tsx';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <FileQuestion aria-hidden className="mx-auto size-14 text-muted-foreground/60" />
        <h1 className="mt-4 font-serif text-3xl font-semibold text-primary">404 Page Not Found</h1>
        <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/">
              <Home aria-hidden />
              Go Home
            </Link>
          </Button>
          <Button variant="outline" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
            <ArrowLeft aria-hidden />
            Go Back
          </Button>
          <ReportIssueButton />
        </div>
      </div>
    </div>
  );
}
