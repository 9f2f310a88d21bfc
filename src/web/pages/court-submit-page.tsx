import { FileArchive, FileDown, FileSpreadsheet, FileText, Gavel, Loader2, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { formatTime } from '../components/review/review-decision.tsx';
import { useCases } from '../lib/cases.ts';
import { useShownCaseId } from '../components/workflow/workflow-sidebar.tsx';
import { useCaseDocuments } from '../lib/documents.ts';
import { errorReason } from '../lib/api.ts';
import { formatMb } from '../lib/upload.ts';
import { isApproved } from '../lib/review-logic.ts';
import { useSubmissions, useSubmitToCourt, type CourtInfo, type SubmissionRecord } from '../lib/review.ts';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';
import { COURT_PROFILE_IDS, COURT_PROFILE_NAMES, type CourtProfileId } from '../lib/court-rules.ts';
import { PreflightPanel } from '../components/review/preflight-panel.tsx';

/** /instant and /court-ready: the Court Submit step (spec §2, §7): approved documents of a case, filed with their report. */
export function CourtSubmitPage() {
  const cases = useCases();
  const [, setParams] = useSearchParams();
  const list = cases.data ?? [];
  // the case the workflow sidebar follows too (one rule for both)
  const shown = useShownCaseId();
  const c = list.find((x) => x.id === shown);

  if (cases.isLoading) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-primary">Court Submit</h1>
          <p className="mt-2 max-w-2xl text-sm text-muted-foreground">
            Only documents a lawyer approved, unchanged since, can be filed. Each is filed with its hyperlink report (every index entry, its
            destination, confidence and who confirmed it).
          </p>
        </div>
        {list.length > 1 ? (
          <div className="grid min-w-0 max-w-full gap-1.5">
            <Label htmlFor="submit-case">Case</Label>
            <select
              id="submit-case"
              className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm"
              value={c?.id ?? ''}
              onChange={(e) => setParams({ case: e.target.value })}
            >
              {list.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.caseNumber} · {x.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {c ? (
        <CaseSubmission key={c.id} caseId={c.id} caseLabel={`${c.caseNumber} · ${c.title}`} caseProfile={(c.courtProfile as CourtProfileId | null | undefined) ?? 'custom'} />
      ) : (
        <p className="mt-8 text-sm text-muted-foreground">
          No cases yet. <Link to="/case-management" className="text-primary underline">Create a case</Link> first.
        </p>
      )}
    </div>
  );
}

type Cap = 'none' | 'pages' | 'mb';

function CaseSubmission({ caseId, caseLabel, caseProfile }: { caseId: string; caseLabel: string; caseProfile: CourtProfileId }) {
  const documents = useCaseDocuments(caseId);
  const submissions = useSubmissions(caseId);
  const submit = useSubmitToCourt(caseId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [court, setCourt] = useState('');
  const [cap, setCap] = useState<Cap>('none');
  const [capValue, setCapValue] = useState('');
  const [profile, setProfile] = useState<CourtProfileId>(caseProfile);
  const [overrideReason, setOverrideReason] = useState('');
  const queryClient = useQueryClient();
  const docs = documents.data ?? [];
  const approved = docs.filter((d) => isApproved(d) && !d.courtSubmitted);
  const chosen = approved.filter((d) => selected.has(d.id)).map((d) => d.id);
  const capNumber = Number(capValue);
  const capOk = cap === 'none' || (capValue.trim() !== '' && Number.isFinite(capNumber) && capNumber > 0 && (cap === 'mb' || Number.isInteger(capNumber)));

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0 || !capOk) return;
    const courtInfo: CourtInfo = {};
    if (court.trim()) courtInfo.court = court.trim();
    if (cap === 'pages') courtInfo.maxPages = capNumber;
    if (cap === 'mb') courtInfo.maxMb = capNumber;
    courtInfo.courtProfile = profile;
    if (overrideReason.trim()) courtInfo.preflightOverride = { reason: overrideReason.trim() };
    submit.mutate({ documentIds: chosen, courtInfo }, { onSuccess: () => setSelected(new Set()) });
  };

  return (
    <>
      <form onSubmit={send} className="mt-6 rounded-xl border border-border bg-card shadow-sm">
        <div className="border-b border-border px-5 py-4">
          <h2 className="font-semibold">Approved documents</h2>
          <p className="text-xs text-muted-foreground">{caseLabel}</p>
        </div>
        {documents.isLoading ? (
          <PageSpinner />
        ) : approved.length === 0 ? (
          <p className="px-5 py-6 text-sm text-muted-foreground">
            No approved document waits to be filed.{' '}
            <Link className="text-primary underline" to={`/cases/${encodeURIComponent(caseId)}/review`}>
              Review hyperlinks
            </Link>
          </p>
        ) : (
          <ul aria-label="Approved documents" className="divide-y divide-border">
            {approved.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
                <input
                  id={`submit-${d.id}`}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={selected.has(d.id)}
                  onChange={(e) => {
                    const next = new Set(selected);
                    if (e.target.checked) next.add(d.id);
                    else next.delete(d.id);
                    setSelected(next);
                  }}
                />
                <label htmlFor={`submit-${d.id}`} className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{d.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    Approved by {d.reviewedBy} {d.reviewedAt ? `on ${formatTime(d.reviewedAt)}` : ''} · {d.pageCount ?? '?'} pages · {d.linkCount} links
                  </span>
                </label>
                <Badge variant="success">Approved</Badge>
                {selected.has(d.id) ? (
                  <div className="basis-full">
                    <PreflightPanel docId={d.id} hasReviewedPdf={d.hasReviewedOutput} profile={profile} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-4 border-t border-border px-5 py-4 sm:grid-cols-2">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="court-profile">Court rules</Label>
            <select
              id="court-profile"
              className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm"
              value={profile}
              onChange={async (e) => {
                const next = e.target.value as CourtProfileId;
                setProfile(next);
                // the case files under this court from now on
                await apiRequest('PATCH', `/api/cases/${encodeURIComponent(caseId)}`, { courtProfile: next === 'custom' ? null : next }).catch(() => undefined);
                await queryClient.invalidateQueries({ queryKey: ['/api/cases'] });
              }}
            >
              {COURT_PROFILE_IDS.map((id) => (
                <option key={id} value={id}>{COURT_PROFILE_NAMES[id]}</option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="preflight-override">Reason to file despite a failing preflight (optional)</Label>
            <Input id="preflight-override" value={overrideReason} onChange={(e) => setOverrideReason(e.target.value)} placeholder="e.g. the registry accepted this format in writing" />
          </div>
        </div>
        <div className="grid gap-4 border-t border-border px-5 py-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="court-name">Court (optional)</Label>
            <Input id="court-name" value={court} onChange={(e) => setCourt(e.target.value)} placeholder="e.g. Court of Appeal for Ontario" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="court-cap">Court limit</Label>
            <select id="court-cap" className="h-10 rounded-md border border-input bg-card px-3 text-sm" value={cap} onChange={(e) => setCap(e.target.value as Cap)}>
              <option value="none">None</option>
              <option value="pages">Page count</option>
              <option value="mb">Size (MB)</option>
            </select>
          </div>
          {cap !== 'none' ? (
            <div className="grid gap-1.5">
              <Label htmlFor="court-cap-value">{cap === 'pages' ? 'Max pages' : 'Max MB'}</Label>
              <Input id="court-cap-value" type="number" min={cap === 'pages' ? 1 : 0.1} step={cap === 'pages' ? 1 : 0.1} className="w-28" value={capValue} onChange={(e) => setCapValue(e.target.value)} aria-invalid={capOk ? undefined : true} />
            </div>
          ) : null}
        </div>
        <div className="flex items-center gap-3 border-t border-border px-5 py-4">
          <Button type="submit" disabled={chosen.length === 0 || !capOk || submit.isPending}>
            {submit.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Send aria-hidden />}
            Submit to Court ({chosen.length})
          </Button>
          {submit.isError ? <p className="text-sm text-destructive" role="alert">{errorReason(submit.error)}</p> : null}
        </div>
      </form>
      <Submissions list={submissions.data ?? []} loading={submissions.isLoading} />
    </>
  );
}

function Submissions({ list, loading }: { list: SubmissionRecord[]; loading: boolean }) {
  if (loading || list.length === 0) return null;
  return (
    <section aria-labelledby="filed-heading" className="mt-6 rounded-xl border border-border bg-card shadow-sm">
      <h2 id="filed-heading" className="flex items-center gap-2 border-b border-border px-5 py-4 font-semibold">
        <Gavel aria-hidden className="size-4 text-primary" />
        Filed
      </h2>
      <ul aria-label="Submissions" className="divide-y divide-border">
        {list.map((s) => (
          <li key={s.submissionId} aria-label={`Submission ${s.documentTitle}`} className="grid gap-2 px-5 py-3">
            <div className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-medium">{s.documentTitle}</span>
              <span className="text-xs text-muted-foreground">
                {formatTime(s.submittedAt)} · approved by {s.approvedBy ?? '—'} · {s.pageCount} pages · {formatMb(s.fileSize)}
                {s.court ? ` · ${s.court}` : ''} · {s.validation.links_created}/{s.validation.expected_tabs} links, {s.validation.broken_links} broken
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <a href={s.packageUrl} download>
                  <FileArchive aria-hidden />
                  Court package (ZIP)
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <a href={s.pdfUrl} download>
                  <FileDown aria-hidden />
                  Court PDF
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <a href={s.reportPdfUrl} download>
                  <FileText aria-hidden />
                  Hyperlink report (PDF)
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <a href={s.reportCsvUrl} download>
                  <FileSpreadsheet aria-hidden />
                  Hyperlink report (CSV)
                </a>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
