import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { confidencePercent, linkLabel, unreviewedLinks } from '../../lib/review-logic.ts';
import { useDocumentLinks } from '../../lib/review.ts';
import { Button } from '../ui/button.tsx';

/** How many of the links nobody looked at are named before "and N more". */
const NAMED = 5;

/**
 * Approve, when approval means reviewed: with every link confirmed, removed or given a page, one click;
 * with links nobody looked at, the click lists them (lowest confidence first) and asks the reviewer to
 * go back to them or to approve with that number not individually reviewed, which the server records.
 */
export function ApproveButton({
  doc,
  label,
  disabled,
  onApprove,
}: {
  doc: DocumentRecord;
  label: string;
  disabled: boolean;
  onApprove: (unreviewedAccepted: number) => void;
}) {
  const [asking, setAsking] = useState(false);
  const n = doc.unreviewedCount;
  const links = useDocumentLinks(doc.id, asking);
  const unreviewed = unreviewedLinks(links.data ?? []);
  if (!asking || n === 0) {
    return (
      <Button size="sm" type="button" disabled={disabled} onClick={() => (n > 0 ? setAsking(true) : onApprove(0))}>
        <CheckCircle2 aria-hidden />
        {label}
      </Button>
    );
  }
  const plural = n === 1 ? 'link' : 'links';
  return (
    <div role="group" aria-label="Links not individually reviewed" className="grid w-full gap-2 rounded-md border border-[#e3cf9a] bg-[#fbf6e8] p-3 text-sm">
      <p className="font-medium text-[#7a5f22]">
        {n} {plural} {n === 1 ? 'has' : 'have'} not been individually reviewed
      </p>
      <ul className="grid gap-0.5 text-xs text-muted-foreground" data-testid="unreviewed-links">
        {unreviewed.slice(0, NAMED).map((l) => (
          <li key={l.id} className="truncate">
            {linkLabel(l)} · page {l.targetPage} · {confidencePercent(l.confidence)}%{l.itemText ? ` – ${l.itemText}` : ''}
          </li>
        ))}
        {n > NAMED ? <li>and {n - NAMED} more</li> : null}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" type="button" variant="outline" onClick={() => setAsking(false)}>
          Review them first
        </Button>
        <Button
          size="sm"
          type="button"
          disabled={disabled}
          onClick={() => {
            setAsking(false);
            onApprove(n);
          }}
        >
          <CheckCircle2 aria-hidden />
          Approve with {n} {plural} not individually reviewed
        </Button>
      </div>
    </div>
  );
}
