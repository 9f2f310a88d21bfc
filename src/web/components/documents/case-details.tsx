import type { CaseRecord } from '../../../contract/cases.ts';
import { formatDate } from '../../lib/cases.ts';

/** The case's particulars as a compact strip under the dashboard header. */
export function CaseDetails({ item }: { item: CaseRecord }) {
  const facts: [string, string][] = [
    ['Case Number', item.caseNumber],
    ['Filing Date', formatDate(item.filingDate)],
    ['Plaintiff', item.plaintiff],
    ['Defendant', item.defendant],
    ['Status', item.status],
    ['Created', formatDate(item.createdAt)],
  ];
  return (
    <section aria-labelledby="case-details" className="mt-6 rounded-xl border border-border bg-card shadow-sm">
      <h2 id="case-details" className="sr-only">
        Case Details
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 px-5 py-4 sm:grid-cols-3 lg:grid-cols-6">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
            <dd className={label === 'Status' ? 'mt-0.5 truncate text-sm capitalize' : 'mt-0.5 truncate text-sm'} title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
