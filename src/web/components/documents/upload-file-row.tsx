import { AlertCircle, CheckCircle2, FileText, RotateCcw, X } from 'lucide-react';
import { formatMb } from '../../lib/upload.ts';
import type { QueuedFile } from '../../lib/use-upload-queue.ts';
import { Button } from '../ui/button.tsx';
import { Progress } from '../ui/progress.tsx';
import { IndexDetectionStatus } from './index-detection-status.tsx';

/** One file in the upload panel: its progress, Success or Failed, retry and remove. */
export function UploadFileRow({ item, caseId, onRetry, onRemove }: { item: QueuedFile; caseId: string; onRetry: () => void; onRemove: () => void }) {
  const name = item.file.name;
  return (
    <li aria-label={`Upload ${name}`} className="grid gap-2 rounded-lg border border-border bg-card px-3 py-2.5">
      <div className="flex items-center gap-3">
        <FileText aria-hidden className="size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={name}>
            {name}
          </p>
          <p className="text-xs text-muted-foreground">{formatMb(item.file.size)}</p>
        </div>
        {item.state === 'success' ? (
          <span className="flex items-center gap-1 text-xs font-medium text-success">
            <CheckCircle2 aria-hidden className="size-4" />
            Success
          </span>
        ) : item.state === 'failed' ? (
          <span className="flex items-center gap-1 text-xs font-medium text-destructive">
            <AlertCircle aria-hidden className="size-4" />
            Failed
          </span>
        ) : item.state === 'uploading' ? (
          <span className="text-xs tabular-nums text-muted-foreground">{item.progress}%</span>
        ) : (
          <span className="text-xs text-muted-foreground">Ready</span>
        )}
        {item.state === 'failed' ? (
          <Button size="icon" variant="ghost" className="size-8" onClick={onRetry} aria-label={`Retry ${name}`}>
            <RotateCcw aria-hidden />
          </Button>
        ) : null}
        <Button size="icon" variant="ghost" className="size-8" onClick={onRemove} aria-label={`Remove ${name}`}>
          <X aria-hidden />
        </Button>
      </div>
      {item.state === 'uploading' || item.state === 'failed' ? <Progress value={item.progress} label={`Uploading ${name}`} /> : null}
      {item.state === 'failed' && item.error ? <p className="text-xs text-destructive">{item.error}</p> : null}
      {item.state === 'success' && item.document ? <IndexDetectionStatus caseId={caseId} documentId={item.document.id} /> : null}
    </li>
  );
}
