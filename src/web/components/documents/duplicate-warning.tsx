import { AlertTriangle } from 'lucide-react';
import type { DuplicatesResponse } from '../../lib/document-types.ts';
import { DUPLICATES_SHOWN } from '../../lib/document-memory.ts';
import { Button } from '../ui/button.tsx';

/** Similar documents already in the case: up to 3 listed, then '...and N more'; never blocking (spec §5). */
export function DuplicateWarning({
  duplicates,
  onContinue,
  onDismiss,
}: {
  duplicates: DuplicatesResponse['duplicates'];
  onContinue: () => void;
  onDismiss: () => void;
}) {
  const more = duplicates.length - DUPLICATES_SHOWN;
  return (
    <div role="alert" aria-label="Possible duplicates" className="rounded-lg border border-accent/50 bg-accent-soft p-4">
      <div className="flex items-start gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">Similar documents already in this case</p>
          <ul className="mt-1.5 list-disc space-y-0.5 pl-5 text-sm">
            {duplicates.slice(0, DUPLICATES_SHOWN).map((d) => (
              <li key={d.id} className="truncate">
                {d.title} <span className="text-muted-foreground">({d.originalName})</span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="mt-1 text-sm text-muted-foreground">...and {more} more</p> : null}
          <div className="mt-3 flex gap-2">
            <Button size="sm" onClick={onContinue}>
              Continue Anyway
            </Button>
            <Button size="sm" variant="outline" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
