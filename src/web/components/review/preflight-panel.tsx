import { CheckCircle2, CircleAlert, CircleHelp, Wrench } from 'lucide-react';
import { errorReason } from '../../lib/api.ts';
import { usePreflight, type CourtProfileId, type PreflightView } from '../../lib/court-rules.ts';
import { Spinner } from '../ui/spinner.tsx';

const ICON = { pass: CheckCircle2, fixed: Wrench, fail: CircleAlert, unchecked: CircleHelp } as const;
const TONE = { pass: 'text-emerald-700', fixed: 'text-emerald-700', fail: 'text-destructive', unchecked: 'text-muted-foreground' } as const;

/** One preflight report: each rule of the court with its status, its source and what was found. */
export function PreflightReportView({ report }: { report: PreflightView }) {
  const failing = report.results.filter((r) => r.status === 'fail').length;
  return (
    <div className="grid gap-2 text-sm">
      <p className={failing ? 'font-medium text-destructive' : 'font-medium text-emerald-700'}>
        {failing ? `${failing} rule${failing === 1 ? '' : 's'} of ${report.profileName} fail${failing === 1 ? 's' : ''}` : `Meets the rules of ${report.profileName}`}
        <span className="font-normal text-muted-foreground"> · {report.file.pages} pages</span>
      </p>
      <ul aria-label="Preflight rules" className="grid gap-1.5">
        {report.results.map((r) => {
          const Icon = ICON[r.status];
          return (
            <li key={r.rule} className="grid grid-cols-[auto_1fr] gap-x-2">
              <Icon aria-label={r.status} className={`mt-0.5 size-4 ${TONE[r.status]}`} />
              <div className="min-w-0">
                <span>{r.requirement}</span>
                {r.firmDefault ? <span className="text-xs text-muted-foreground"> (firm default)</span> : null}
                <span className="block text-xs text-muted-foreground">{r.source}</span>
                {r.findings.map((f) => (
                  <span key={f} className={`block text-xs ${TONE[r.status]}`}>{f}</span>
                ))}
                {(r.fixes ?? []).map((f) => (
                  <span key={f} className="block text-xs text-emerald-700">Fixed: {f}</span>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The preflight of a document's reviewed PDF against a court profile (the case's when none is given). */
export function PreflightPanel({ docId, hasReviewedPdf, profile }: { docId: string; hasReviewedPdf: boolean; profile?: CourtProfileId }) {
  const q = usePreflight(docId, profile, hasReviewedPdf);
  return (
    <section aria-labelledby={`preflight-${docId}`} className="grid gap-2 rounded-lg border border-border p-3">
      <h3 id={`preflight-${docId}`} className="text-sm font-semibold">Court rules preflight</h3>
      {!hasReviewedPdf ? (
        <p className="text-xs text-muted-foreground">Regenerate the PDF to check it against the court’s rules.</p>
      ) : q.isLoading ? (
        <Spinner />
      ) : q.isError ? (
        <p className="text-xs text-destructive" role="alert">{errorReason(q.error)}</p>
      ) : q.data ? (
        <PreflightReportView report={q.data} />
      ) : null}
    </section>
  );
}
