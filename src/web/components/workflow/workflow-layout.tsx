import { ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { WORKFLOW_STEPS } from '../../lib/workflow.ts';
import { WorkflowSidebar, useWorkflow } from './workflow-sidebar.tsx';

/** The case workflow's screens (app-routes.tsx); any other path, a 404 included, has no sidebar. */
const WORKFLOW_ROUTES = [
  '/case-management',
  '/cases',
  '/cases/:caseId',
  '/cases/:caseId/ocr',
  '/cases/:caseId/review',
  '/cases/:caseId/review/:docId',
  '/cases/:caseId/reanalyze',
  '/cases/:caseId/workspace',
  '/ocr',
  '/instant',
  '/court-ready',
  '/links',
  '/hyperlinks',
  '/status',
];

/** Whether a signed-in path belongs to the case workflow (the sidebar is never shown on /). */
export function showsWorkflow(pathname: string): boolean {
  return WORKFLOW_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * The workflow sidebar (20rem) beside the page on wide screens; on narrower ones the same steps fold
 * into a disclosure above the page, so the page keeps the full width.
 */
export function WorkflowLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (!showsWorkflow(pathname)) return <>{children}</>;
  return <WithSidebar>{children}</WithSidebar>;
}

function WithSidebar({ children }: { children: ReactNode }) {
  const { current } = useWorkflow();
  const step = WORKFLOW_STEPS.find((s) => s.id === current)!;
  return (
    <div className="lg:flex lg:min-h-[calc(100vh-4rem)]">
      <aside className="hidden w-80 shrink-0 border-r border-border bg-card lg:block">
        <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto p-5">
          <WorkflowSidebar />
        </div>
      </aside>
      <details className="group border-b border-border bg-card lg:hidden">
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-medium sm:px-6">
          <ListChecks aria-hidden className="size-4 text-primary" />
          Workflow
          <span className="font-normal text-muted-foreground">
            · Step {step.id} of 6: {step.name}
          </span>
          <span className="ml-auto text-xs text-muted-foreground group-open:hidden">Show steps</span>
          <span className="ml-auto hidden text-xs text-muted-foreground group-open:inline">Hide steps</span>
        </summary>
        <div className="px-4 pb-4 sm:px-6">
          <WorkflowSidebar />
        </div>
      </details>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
