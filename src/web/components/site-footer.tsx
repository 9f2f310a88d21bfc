import { Link } from 'react-router';

/** Footer with the legal pages (public to everyone) and, inside the app, Help. */
export function SiteFooter({ showHelp }: { showHelp: boolean }) {
  const link = 'rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <footer className="mt-auto border-t border-border bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Brieflink. Court-ready hyperlinked PDFs.</p>
        <nav aria-label="Legal" className="flex gap-5">
          {showHelp ? (
            <Link to="/help" className={link}>
              Help
            </Link>
          ) : null}
          <Link to="/privacy-policy" className={link}>
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className={link}>
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
