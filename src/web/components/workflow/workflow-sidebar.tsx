import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CaseRecord, WorkflowProgress } from '../../../contract/cases.ts';
import { apiRequest } from '../../lib/api.ts';
import { useSetAutoAdvance } from '../../lib/case-settings.ts';
import { LAST_OPENED_CASE_KEY, formatDate, useCases } from '../../lib/cases.ts';
import { cn } from '../../lib/cn.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { useCaseDocuments } from '../../lib/documents.ts';
import { WORKFLOW_STEPS, shownCaseId, stepRoute, workflowView, type StepId } from '../../lib/workflow.ts';
import { Badge } from '../ui/badge.tsx';
import { Progress } from '../ui/progress.tsx';
import { StepIcon } from './step-icon.tsx';

function lastOpenedCase(): string | null {
  try {
    return localStorage.getItem(LAST_OPENED_CASE_KEY);
  } catch {
    return null;
  }
}

/** The case the screen shows (see shownCaseId), which the sidebar follows. */
export function useShownCaseId(): string | null {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const cases = useCases();
  // in the path the case is known; elsewhere, until the list is in, the remembered case is trusted
  const inPath = pathname.startsWith('/cases/');
  return shownCaseId({ pathname, requested: params.get('case'), lastOpened: lastOpenedCase(), caseIds: inPath || !cases.data ? null : cases.data.map((c) => c.id) });
}

const timeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
function formatTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : timeFormat.format(d);
}

function completedAt(id: StepId, c: CaseRecord | undefined, docs: readonly DocumentRecord[]): string | null {
  if (id === 1) return formatTime(c?.createdAt);
  if (id === 2 && docs.length > 0) return formatTime(docs.map((d) => d.uploadedAt).sort().at(-1));
  return null;
}

/** The case the workflow follows, its documents, and the steps (workflowView: the one source of truth). */
export function useWorkflow() {
  const { pathname } = useLocation();
  const caseId = useShownCaseId();
  const caseQuery = useQuery<CaseRecord>({ queryKey: ['/api/cases', caseId ?? ''], enabled: Boolean(caseId) });
  const c = caseId ? caseQuery.data : undefined;
  const documents = useCaseDocuments(c ? c.id : null);
  const docs = documents.data ?? [];
  const autoAdvance = c?.autoAdvance ?? true;
  // With Auto-advance off the steps follow the server's record of the case's progress (spec §4), read
  // again as the documents change and every few seconds while something runs.
  const progress = useQuery<WorkflowProgress>({
    queryKey: ['/api/cases', c?.id ?? '', 'progress', documents.dataUpdatedAt],
    queryFn: () => apiRequest<WorkflowProgress>('GET', `/api/cases/${encodeURIComponent(c!.id)}/progress`),
    enabled: Boolean(c) && !autoAdvance,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  const view = workflowView({ hasCase: Boolean(c), autoAdvance, pathname, documents: docs, serverSteps: autoAdvance ? null : (progress.data?.steps ?? null) });
  return { c, docs, autoAdvance, ...view };
}

/** The workflow sidebar (spec §2, §4): six steps with status, the case's particulars and 'Auto-advance steps'. */
export function WorkflowSidebar() {
  const navigate = useNavigate();
  const { c, docs, current, screen, autoAdvance, statuses } = useWorkflow();
  const setAutoAdvance = useSetAutoAdvance(c?.id ?? '');
  // The value just chosen, until the server has answered: set inside the click so the box changes at
  // once (the cached case changes only when the mutation starts, a moment later).
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const reading = docs.find((d) => d.ocrStatus === 'processing');

  return (
    <nav aria-label="Workflow" className="grid gap-5">
      {c ? (
        <div className="rounded-lg border border-border bg-muted/40 p-4">
          <p className="font-mono text-xs text-muted-foreground">{c.caseNumber}</p>
          <p className="mt-1 line-clamp-2 font-semibold leading-snug [overflow-wrap:anywhere]">{c.title}</p>
          <div className="mt-2 flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span>Created {formatDate(c.createdAt)}</span>
            <Badge variant={c.status === 'active' ? 'success' : 'default'} className="capitalize">
              {c.status}
            </Badge>
          </div>
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-input p-4 text-sm text-muted-foreground">Open a case to follow its workflow.</p>
      )}
      <ol className="grid gap-1">
        {WORKFLOW_STEPS.map((step) => {
          const status = statuses[step.id];
          const blocked = status === 'blocked';
          const isCurrent = step.id === current;
          const isScreen = step.id === screen;
          const done = status === 'done' ? completedAt(step.id, c, docs) : null;
          return (
            <li key={step.id}>
              <button
                type="button"
                disabled={blocked || isScreen}
                aria-current={isCurrent ? 'step' : isScreen ? 'page' : undefined}
                onClick={() => navigate(stepRoute(step.id, c?.id ?? null))}
                className={cn(
                  'flex w-full items-start gap-3 rounded-md px-3 py-2.5 text-left text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isCurrent ? 'bg-primary/8 ring-1 ring-primary/25' : 'enabled:hover:bg-muted',
                  blocked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer disabled:cursor-default',
                )}
              >
                <StepIcon status={status} />
                <span className="min-w-0 flex-1">
                  <span className={cn('block font-medium', isCurrent && 'text-primary')}>
                    {step.id} {step.name}
                  </span>
                  {done ? <span className="block text-xs text-muted-foreground">Completed {done}</span> : null}
                  {step.id === 3 && status === 'in_progress' && reading && reading.ocrProgress.total > 0 ? (
                    <span className="mt-1.5 block">
                      <span className="block text-xs text-muted-foreground">
                        Processing page {reading.ocrProgress.done} of {reading.ocrProgress.total} ({reading.ocrProgress.percent}%)
                      </span>
                      <Progress className="mt-1 h-1.5" value={reading.ocrProgress.percent} label="OCR progress" />
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {c ? (
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={choosing ?? autoAdvance}
            disabled={setAutoAdvance.isPending}
            onChange={(e) => {
              const value = e.target.checked;
              setChoosing(value);
              setAutoAdvance.mutate(value, { onSettled: () => setChoosing(null) });
            }}
          />
          <span>
            <span className="block text-sm font-medium">Auto-advance steps</span>
            <span className="block text-xs text-muted-foreground">Automatically move to next step when current step completes</span>
          </span>
        </label>
      ) : null}
    </nav>
  );
}
