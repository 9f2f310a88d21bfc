import { AlertCircle, CheckCircle2, RotateCcw } from 'lucide-react';
import { useRetryIndex } from '../../lib/document-actions.ts';
import { useIndexDetection } from '../../lib/index-detection.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';

/** After an upload: index detection pending, then ok with its count, or error with 'Retry detection' (spec §4). */
export function IndexDetectionStatus({ caseId, documentId }: { caseId: string; documentId: string }) {
  const detection = useIndexDetection(documentId);
  const retryIndex = useRetryIndex(caseId);

  if (detection.status === 'ok') {
    return (
      <p className="flex items-start gap-1.5 text-xs text-success" data-testid="index-detection">
        <CheckCircle2 aria-hidden className="mt-px size-3.5 shrink-0" />
        {detection.count > 0 ? (
          <span>
            Index detected: {detection.count} {detection.count === 1 ? 'item' : 'items'}
          </span>
        ) : (
          <span className="text-muted-foreground">No index found; set start pages manually in Review.</span>
        )}
      </p>
    );
  }
  if (detection.status === 'error') {
    return (
      <div className="flex flex-wrap items-center gap-2 text-xs text-destructive" data-testid="index-detection">
        <AlertCircle aria-hidden className="size-3.5 shrink-0" />
        <span>Index detection failed{detection.message ? `: ${detection.message}` : ''}</span>
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2 text-xs"
          disabled={retryIndex.isPending}
          onClick={() => retryIndex.mutate(documentId, { onSuccess: detection.restart })}
        >
          <RotateCcw aria-hidden />
          Retry detection
        </Button>
      </div>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="index-detection">
      <Spinner className="size-3.5" label="Detecting index" />
      {detection.gaveUp ? 'Still reading the document; the list below updates when the index is found.' : 'Detecting index…'}
    </p>
  );
}
