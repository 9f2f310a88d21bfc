import { Loader2 } from 'lucide-react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { formatEta, useOcrProgress } from '../../lib/ocr-progress.ts';
import { Progress } from '../ui/progress.tsx';

/** Live page progress and ETA of one document's OCR; hidden once completed or when the status is unknown (spec §4). */
export function OcrProgressCard({ doc }: { doc: DocumentRecord }) {
  const working = doc.ocrStatus === 'pending' || doc.ocrStatus === 'queued' || doc.ocrStatus === 'processing';
  const { progress, live } = useOcrProgress(doc.id, working);
  const p = progress ?? doc.ocrProgress;
  if (!working || p.status === 'completed' || p.status === 'failed') return null;
  const eta = formatEta(p.etaMs);
  const waiting = p.status === 'pending' || p.status === 'queued';
  return (
    <div className="mt-3 rounded-lg border border-border bg-muted/40 p-3" aria-label={`OCR progress of ${doc.title}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <Loader2 aria-hidden className="size-4 animate-spin text-primary" />
          {waiting ? 'Waiting to start…' : p.total > 0 ? `Page ${p.done} of ${p.total}` : 'Reading pages…'}
        </span>
        <span className="tabular-nums text-muted-foreground">{p.percent}%</span>
      </div>
      <Progress className="mt-2" value={p.percent} label={`OCR of ${doc.title}`} />
      <p className="mt-2 text-xs text-muted-foreground">
        {eta ? `About ${eta} left` : 'Estimating time left…'}
        {p.avgMsPerPage ? ` · ${(p.avgMsPerPage / 1000).toFixed(1)} s per page` : ''}
        {live ? ' · live' : ' · updated every 10 s'}
      </p>
    </div>
  );
}
