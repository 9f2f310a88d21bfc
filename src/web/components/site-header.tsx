import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '../../contract/auth.ts';
import { cn } from '../lib/cn.ts';
import { Logo } from './logo.tsx';
import { Button } from './ui/button.tsx';
import { UserMenu } from './user-menu.tsx';
import { useLoginHref } from '../lib/auth.ts';
import { showsWorkflow } from './workflow/workflow-layout.tsx';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'bg-muted text-primary' : 'text-muted-foreground hover:text-foreground',
  );

/**
 * Header: logo linking to /, then the user menu when signed in or a sign-in button when not. Beside the
 * workflow sidebar (wide screens) it takes the page's two columns: the logo over the sidebar, lined up
 * with its content, and the menu over the page's content column.
 */
export function SiteHeader({ user, showSignIn = true }: { user: User | null; showSignIn?: boolean }) {
  const loginHref = useLoginHref();
  const { pathname } = useLocation();
  const casesActive = pathname === '/' || pathname === '/case-management' || pathname.startsWith('/cases');
  const withSidebar = Boolean(user) && showsWorkflow(pathname);
  const nav = user ? (
    <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
      <Link to="/case-management" aria-current={casesActive ? 'page' : undefined} className={navClass({ isActive: casesActive })}>
        Cases
      </Link>
      <NavLink to="/review" end className={navClass}>
        Review
      </NavLink>
      <NavLink to="/help" className={navClass}>
        Help
      </NavLink>
    </nav>
  ) : null;
  const end = user ? (
    <UserMenu user={user} />
  ) : showSignIn ? (
    <Button asChild variant="outline" size="sm">
      <a href={loginHref}>Sign In</a>
    </Button>
  ) : null;
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      {withSidebar ? (
        <div className="flex h-16 items-center" data-testid="header-columns">
          <div className="hidden w-80 shrink-0 px-5 lg:block" data-testid="header-sidebar-column">
            <Logo />
          </div>
          <div className="min-w-0 flex-1">
            <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
              <div className="flex items-center gap-6 lg:-ml-3">
                <span className="lg:hidden">
                  <Logo />
                </span>
                {nav}
              </div>
              {end}
            </div>
          </div>
        </div>
      ) : (
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-6">
            <Logo />
            {nav}
          </div>
          {end}
        </div>
      )}
    </header>
  );
}
