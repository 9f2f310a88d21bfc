import { Link } from 'react-router';
import { SUPPORT_RESPONSE_HOURS, type IssueReport } from '../../../contract/status.ts';
import { formatDateTime } from './status-cards.tsx';

/** 'Reported issues': what people sent through 'Report an Issue', for the people who run the deployment. */
export function IssueReports({ reports }: { reports: IssueReport[] | undefined }) {
  return (
    <section aria-labelledby="reported-heading" className="mt-8">
      <h2 id="reported-heading" className="text-lg font-semibold">
        Reported issues{reports ? ` (${reports.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Non-critical issues get a response within {SUPPORT_RESPONSE_HOURS} hours.</p>
      {!reports ? null : reports.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No issues reported.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {reports.map((r) => (
            <li key={r.id} className="rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="issue-report">
              <p className="text-xs text-muted-foreground">
                {formatDateTime(r.createdAt)}
                {r.reportedBy ? ` · ${r.reportedBy}` : ''}
                {r.documentTitle ? ' · ' : ''}
                {r.documentTitle ? <span className="font-medium text-foreground">{r.documentTitle}</span> : null}
                {r.caseNumber ? ` (case ${r.caseNumber})` : ''}
                {r.page ? (
                  <>
                    {' · '}
                    <Link to={r.page} className="underline">
                      {r.page}
                    </Link>
                  </>
                ) : null}
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words text-sm">{r.text}</p>
              {r.screenshot ? (
                <img src={r.screenshot} alt="Screenshot sent with the report" className="mt-3 max-h-64 max-w-full rounded border border-border" />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
