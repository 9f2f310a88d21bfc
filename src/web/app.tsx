import { useLocation } from 'react-router';
import { AppRoutes, type RouteSet } from './app-routes.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { Toaster } from './components/ui/toaster.tsx';
import { WorkflowLayout } from './components/workflow/workflow-layout.tsx';
import { isPublicHost, useAuth, useAuthConfig } from './lib/auth.ts';

export function App() {
  const { user, isLoading } = useAuth();
  const config = useAuthConfig();
  const location = useLocation();
  const onPublicHost = isPublicHost(config.data, window.location.hostname);
  const set: RouteSet = config.isLoading
    ? 'loading'
    : onPublicHost
      ? 'public-host'
      : isLoading
        ? 'loading'
        : user
          ? 'signed-in'
          : 'signed-out';
  const signInScreen = location.pathname === '/signin' || location.pathname === '/signup';

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <SiteHeader user={set === 'signed-in' ? user : null} showSignIn={!signInScreen || set === 'public-host'} />
      <main id="main" className="flex-1">
        <ErrorBoundary key={location.pathname}>
          {set === 'signed-in' ? (
            <WorkflowLayout>
              <AppRoutes set={set} />
            </WorkflowLayout>
          ) : (
            <AppRoutes set={set} />
          )}
        </ErrorBoundary>
      </main>
      <SiteFooter showHelp={set === 'signed-in'} />
      <Toaster />
    </div>
  );
}
