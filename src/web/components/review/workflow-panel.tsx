import { CheckCircle2, ClipboardCheck, Gavel, Loader2, Send, XCircle, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { isApproved, linksBuilt, reviewOffered, STAGE_NAMES, submissionOffered } from '../../lib/review-logic.ts';
import { useReviewDocument } from '../../lib/review.ts';
import { REVIEWER_PLACEHOLDER, useReviewerName } from '../../lib/reviewer-name.ts';
import { isOcrCompleted } from '../../lib/workflow.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { ApproveButton } from './approve-button.tsx';
import { approvalBlocker } from './review-decision.tsx';

interface WorkflowPanelProps {
  caseId: string;
  documents: DocumentRecord[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  onStart: () => void;
  starting: boolean;
}

const reviewUrl = (caseId: string, docId?: string) => `/cases/${encodeURIComponent(caseId)}/review${docId ? `/${encodeURIComponent(docId)}` : ''}`;

/** The case dashboard's workflow panel (spec §2): steps 4 to 6 and the status of every document. */
export function WorkflowPanel({ caseId, documents, selected, onSelectedChange, onStart, starting }: WorkflowPanelProps) {
  const [name, setName] = useReviewerName();
  const ready = documents.filter((d) => isOcrCompleted(d) && d.index_status === 'ok' && d.index_count > 0);
  const toReview = documents.filter(reviewOffered);
  const toSubmit = documents.filter(submissionOffered);
  const count = ready.filter((d) => selected.has(d.id)).length;

  return (
    <section aria-labelledby="workflow-heading" className="mt-6 rounded-xl border border-border bg-card shadow-sm">
      <h2 id="workflow-heading" className="border-b border-border px-5 py-4 text-base font-semibold">
        Workflow
      </h2>
      <div className="grid grid-cols-1 divide-y divide-border lg:grid-cols-3 lg:divide-x lg:divide-y-0">
        <Step number={4} title="AI Hyperlinking" hint="Select documents for AI hyperlinking" icon={<Zap aria-hidden />}>
          {ready.length === 0 ? (
            <Empty>Documents appear here once their index is detected.</Empty>
          ) : (
            <ul className="grid grid-cols-1 gap-1.5" aria-label="Ready for hyperlinking">
              {ready.map((d) => (
                <li key={d.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    id={`wf-select-${d.id}`}
                    className="size-4 accent-primary"
                    checked={selected.has(d.id)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.target.checked) next.add(d.id);
                      else next.delete(d.id);
                      onSelectedChange(next);
                    }}
                  />
                  <label htmlFor={`wf-select-${d.id}`} className="min-w-0 flex-1 truncate">
                    {d.title}
                  </label>
                  {linksBuilt(d) ? <Badge variant="success">{d.linkCount} links</Badge> : d.aiProcessingStatus === 'processing' || d.aiProcessingStatus === 'queued' ? <Badge variant="accent">Linking…</Badge> : null}
                </li>
              ))}
            </ul>
          )}
          <Button size="sm" className="mt-3" onClick={onStart} disabled={count === 0 || starting}>
            {starting ? <Loader2 aria-hidden className="animate-spin" /> : <Zap aria-hidden />}
            Start AI Hyperlinking ({count})
          </Button>
        </Step>

        <Step number={5} title="Lawyer Review" hint="Confirm every link, regenerate, then approve" icon={<ClipboardCheck aria-hidden />}>
          <div className="grid gap-1.5">
            <Label htmlFor="wf-reviewer">Reviewer</Label>
            <Input id="wf-reviewer" className="h-9" placeholder={REVIEWER_PLACEHOLDER} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          {toReview.length === 0 ? (
            <Empty>Nothing waits for review.</Empty>
          ) : (
            <ul className="mt-3 grid grid-cols-1 gap-3" aria-label="Awaiting review">
              {toReview.map((d) => (
                <ReviewRow key={d.id} doc={d} caseId={caseId} reviewer={name.trim()} />
              ))}
            </ul>
          )}
          <Button asChild size="sm" variant="outline" className="mt-3">
            <Link to={reviewUrl(caseId)}>Review Hyperlinks</Link>
          </Button>
        </Step>

        <Step number={6} title="Court Submit" hint="File approved documents with their hyperlink report" icon={<Gavel aria-hidden />}>
          {toSubmit.length === 0 ? (
            <Empty>Approved documents appear here.</Empty>
          ) : (
            <ul className="grid grid-cols-1 gap-1.5 text-sm" aria-label="Ready to file">
              {toSubmit.map((d) => (
                <li key={d.id} className="flex items-center gap-2">
                  <CheckCircle2 aria-hidden className="size-4 shrink-0 text-success" />
                  <span className="min-w-0 flex-1 truncate">{d.title}</span>
                </li>
              ))}
            </ul>
          )}
          <Button asChild size="sm" className="mt-3" variant={toSubmit.length ? 'default' : 'outline'}>
            <Link to={`/court-ready?case=${encodeURIComponent(caseId)}`}>
              <Send aria-hidden />
              Submit to Court
            </Link>
          </Button>
        </Step>
      </div>
      <StatusOverview caseId={caseId} documents={documents} />
    </section>
  );
}

function Step({ number, title, hint, icon, children }: { number: number; title: string; hint: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="p-5" role="group" aria-label={`Step ${number} ${title}`}>
      <div className="mb-3 flex items-start gap-2">
        <span className="mt-0.5 text-primary [&_svg]:size-4">{icon}</span>
        <div>
          <h3 className="text-sm font-semibold">
            Step {number}: {title}
          </h3>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
      </div>
      {children}
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="mt-2 text-xs text-muted-foreground">{children}</p>;
}

/** One document waiting for review: open it, or approve or reject it from here with the reviewer's name. */
function ReviewRow({ doc, caseId, reviewer }: { doc: DocumentRecord; caseId: string; reviewer: string }) {
  const review = useReviewDocument(doc);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const blocker = approvalBlocker(doc);
  return (
    <li aria-label={`Review ${doc.title}`} className="rounded-md border border-border p-3 text-sm">
      <p className="truncate font-medium">{doc.title}</p>
      <p className="text-xs text-muted-foreground">
        {doc.linkCount} links{doc.reviewStatus === 'rejected' ? ' · rejected' : ''}
      </p>
      {blocker ? <p className="mt-1 text-xs text-[#7a5f22]">{blocker}</p> : null}
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Button asChild size="sm" variant="outline">
          <Link to={reviewUrl(caseId, doc.id)}>Review</Link>
        </Button>
        <ApproveButton
          doc={doc}
          label="Approve"
          disabled={!reviewer || blocker !== null || review.isPending}
          onApprove={(n) => review.mutate({ approved: true, reviewerName: reviewer, ...(n > 0 ? { unreviewedAccepted: n } : {}) })}
        />
        <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setRejecting((r) => !r)} disabled={!reviewer} aria-expanded={rejecting}>
          <XCircle aria-hidden />
          Reject
        </Button>
      </div>
      {rejecting ? (
        <form
          className="mt-2 flex gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) review.mutate({ approved: false, reviewerName: reviewer, reason: reason.trim() }, { onSuccess: () => setRejecting(false) });
          }}
        >
          <Input aria-label={`Reason for rejecting ${doc.title}`} placeholder="Reason" className="h-8" value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button size="sm" type="submit" variant="destructive" disabled={!reason.trim() || review.isPending}>
            Reject
          </Button>
        </form>
      ) : null}
    </li>
  );
}

/** Every document's workflow stage (spec §4: 1 uploaded … 5 court submitted) and what it offers next. */
function StatusOverview({ caseId, documents }: { caseId: string; documents: DocumentRecord[] }) {
  if (documents.length === 0) return null;
  return (
    <div className="border-t border-border px-5 py-4">
      <h3 className="mb-2 text-sm font-semibold">Status overview</h3>
      <ul aria-label="Workflow stages" className="grid grid-cols-1 gap-2">
        {documents.map((d) => (
          <li key={d.id} aria-label={`Stage of ${d.title}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="min-w-0 basis-full truncate sm:basis-0 sm:flex-1">{d.title}</span>
            <StageDots stage={d.workflowStage} />
            <span className="w-40 text-xs text-muted-foreground">
              {d.workflowStage}. {STAGE_NAMES[d.workflowStage]}
            </span>
            <span className="w-28 text-right">
              {reviewOffered(d) ? (
                <Link className="text-xs font-medium text-primary underline-offset-4 hover:underline" to={reviewUrl(caseId, d.id)}>
                  Review
                </Link>
              ) : submissionOffered(d) ? (
                <Link className="text-xs font-medium text-primary underline-offset-4 hover:underline" to={`/court-ready?case=${encodeURIComponent(caseId)}`}>
                  Submit to court
                </Link>
              ) : isApproved(d) || d.courtSubmitted ? (
                <span className="text-xs text-success">{d.courtSubmitted ? 'Filed' : 'Approved'}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StageDots({ stage }: { stage: number }) {
  return (
    <span className="flex gap-1" aria-hidden>
      {[1, 2, 3, 4, 5].map((s) => (
        <span key={s} className={cn('size-2 rounded-full', s <= stage ? 'bg-primary' : 'bg-border')} />
      ))}
    </span>
  );
}
