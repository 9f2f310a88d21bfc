import { AlertTriangle, CheckCircle2, Loader2, RefreshCw, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { isApproved } from '../../lib/review-logic.ts';
import { useRegenerate, useReviewDocument } from '../../lib/review.ts';
import { REVIEWER_PLACEHOLDER, useReviewerName } from '../../lib/reviewer-name.ts';
import { Button } from '../ui/button.tsx';
import { ApproveButton } from './approve-button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';

const timeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
export const formatTime = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : '');

/** Where the document stands: approved by whom, rejected and why, or an approval withdrawn by a change. */
export function ReviewState({ doc }: { doc: DocumentRecord }) {
  if (isApproved(doc)) {
    return (
      <p className="flex items-start gap-1.5 text-sm text-success" data-testid="review-state">
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Approved by {doc.reviewedBy} {doc.reviewedAt ? `on ${formatTime(doc.reviewedAt)}` : ''}
          {doc.courtSubmitted ? ' · submitted to court' : ''}
        </span>
      </p>
    );
  }
  if (doc.reviewStatus === 'rejected') {
    return (
      <p className="flex items-start gap-1.5 text-sm text-destructive" data-testid="review-state">
        <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Rejected by {doc.reviewedBy}
          {doc.reviewReason ? `: ${doc.reviewReason}` : ''}
        </span>
      </p>
    );
  }
  if (doc.approvalWithdrawnAt) {
    return (
      <p className="flex items-start gap-1.5 text-sm text-[#7a5f22]" data-testid="review-state">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>Approval withdrawn {formatTime(doc.approvalWithdrawnAt)}{doc.approvalWithdrawnReason ? `: ${doc.approvalWithdrawnReason}` : ''}</span>
      </p>
    );
  }
  return null;
}

/** What still stands between the document and approval, in words; null when it can be approved. */
export function approvalBlocker(doc: DocumentRecord): string | null {
  if (doc.unresolvedCount > 0) return `${doc.unresolvedCount} link(s) have no destination: set their page or remove them.`;
  if (!doc.regeneratedAt) return 'Regenerate the PDF before approving.';
  if (!doc.reviewedOutputCurrent) return 'The links changed since the PDF was written: regenerate it before approving.';
  if (doc.reviewedValidation && !doc.reviewedValidation.success) return 'The regenerated PDF did not validate.';
  return null;
}

/** Regenerate PDF, then Mark as Approved with the reviewer's name, or Reject with a reason (spec §2, §5). */
export function ReviewDecision({ doc }: { doc: DocumentRecord }) {
  const regenerate = useRegenerate(doc);
  const review = useReviewDocument(doc);
  const [name, setName] = useReviewerName();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const blocker = approvalBlocker(doc);
  const named = name.trim().length > 0;
  const v = doc.reviewedValidation;

  const approve = (unreviewedAccepted: number) => {
    if (!named) return;
    review.mutate({ approved: true, reviewerName: name.trim(), ...(unreviewedAccepted > 0 ? { unreviewedAccepted } : {}) });
  };
  const reject = () => {
    if (!named || !reason.trim()) return;
    review.mutate({ approved: false, reviewerName: name.trim(), reason: reason.trim() }, { onSuccess: () => setRejecting(false) });
  };

  return (
    <div className="grid gap-3 border-b border-border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={() => regenerate.mutate()} disabled={regenerate.isPending || !doc.has_links}>
          {regenerate.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <RefreshCw aria-hidden />}
          Regenerate PDF
        </Button>
        <span className="text-xs text-muted-foreground" data-testid="regenerated">
          {doc.regeneratedAt
            ? `Written ${formatTime(doc.regeneratedAt)}${v ? ` · ${v.links_created}/${v.expected_tabs} links, ${v.broken_links} broken` : ''}${doc.reviewedOutputCurrent ? '' : ' · out of date'}`
            : 'Not regenerated yet'}
        </span>
      </div>
      <ReviewState doc={doc} />
      <form onSubmit={(e: FormEvent) => e.preventDefault()} className="grid gap-2">
        <Label htmlFor="reviewer-name">Reviewer</Label>
        <Input id="reviewer-name" placeholder={REVIEWER_PLACEHOLDER} value={name} onChange={(e) => setName(e.target.value)} className="h-9" autoComplete="name" />
        {blocker && !isApproved(doc) ? <p className="text-xs text-[#7a5f22]">{blocker}</p> : null}
        <div className="flex flex-wrap gap-2">
          <ApproveButton doc={doc} label="Mark as Approved" disabled={!named || review.isPending || blocker !== null || isApproved(doc)} onApprove={approve} />
          <Button size="sm" type="button" variant="outline" className="text-destructive" onClick={() => setRejecting((r) => !r)} aria-expanded={rejecting}>
            <XCircle aria-hidden />
            Reject
          </Button>
        </div>
      </form>
      {rejecting ? (
        <div className="grid gap-2">
          <Label htmlFor="reject-reason">Reason for rejecting</Label>
          <textarea
            id="reject-reason"
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <div>
            <Button size="sm" variant="destructive" onClick={reject} disabled={!named || !reason.trim() || review.isPending}>
              Reject document
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
