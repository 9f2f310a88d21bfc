import { AlertCircle, ArrowRightCircle, CheckCircle2, Clock, Loader2 } from 'lucide-react';
import type { StepStatus } from '../../lib/workflow.ts';

const labels: Record<StepStatus, string> = { done: 'Done', in_progress: 'In progress', ready: 'Ready to start', blocked: 'Not available yet', error: 'Error' };

/** Spec §4 icons: green check, spinner, grey clock, red exclamation; a step waiting for the person, an arrow. */
export function StepIcon({ status }: { status: StepStatus }) {
  const common = 'size-5 shrink-0';
  const icon =
    status === 'done' ? (
      <CheckCircle2 aria-hidden className={`${common} text-success`} />
    ) : status === 'in_progress' ? (
      <Loader2 aria-hidden className={`${common} animate-spin text-primary`} />
    ) : status === 'ready' ? (
      <ArrowRightCircle aria-hidden className={`${common} text-primary`} />
    ) : status === 'error' ? (
      <AlertCircle aria-hidden className={`${common} text-destructive`} />
    ) : (
      <Clock aria-hidden className={`${common} text-muted-foreground/70`} />
    );
  return (
    <>
      {icon}
      <span className="sr-only">{labels[status]}</span>
    </>
  );
}
