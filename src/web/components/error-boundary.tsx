import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ReportIssueButton } from './report-issue.tsx';
import { Button } from './ui/button.tsx';

interface State {
  error: Error | null;
}

/** Render-error fallback (spec §2, §8): 'Something went wrong', the message, and 'Try again'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback message={this.state.error.message} onReset={() => this.setState({ error: null })} />;
  }
}

export function ErrorFallback({ message, onReset }: { message?: string; onReset: () => void }) {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive-soft">
          <AlertTriangle aria-hidden className="size-6 text-destructive" />
        </div>
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">{message || 'An unexpected error occurred'}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={onReset}>Try again</Button>
          <ReportIssueButton />
        </div>
      </div>
    </div>
  );
}
