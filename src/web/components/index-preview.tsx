import { Link2 } from 'lucide-react';

const rows: [string, string, number, number][] = [
  ['1', 'Notice of Application', 14, 99],
  ['2', 'Affidavit of Jane Smith', 22, 98],
  ['3', 'Lease Agreement', 41, 97],
  ['4', 'Correspondence', 58, 95],
  ['5', 'Cross-Examination', 73, 92],
];

/** An illustration for the landing page: an index page whose rows are linked to their pages. */
export function IndexPreview() {
  return (
    <figure aria-label="Example of a linked index" className="relative mx-auto w-full max-w-md">
      <div aria-hidden className="absolute -right-3 -top-3 h-full w-full rounded-xl border border-border bg-card/60" />
      <div className="relative rounded-xl border border-border bg-card p-6 shadow-lg">
        <p className="text-center font-serif text-sm font-semibold tracking-[0.2em] text-foreground">INDEX</p>
        <ul className="mt-5 divide-y divide-border text-sm">
          {rows.map(([tab, title, page, confidence]) => (
            <li key={tab} className="flex items-center gap-3 py-2.5">
              <span className="w-12 shrink-0 font-medium text-muted-foreground">Tab {tab}</span>
              <span className="min-w-0 flex-1 truncate text-primary underline decoration-accent/60 underline-offset-4">{title}</span>
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-[#7a5f22]">
                <Link2 aria-hidden className="size-3" />
                p. {page}
              </span>
              <span className="w-9 shrink-0 text-right text-xs tabular-nums text-success">{confidence}%</span>
            </li>
          ))}
        </ul>
        <figcaption className="mt-4 flex items-center justify-between rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
          <span>
            <strong className="text-foreground">5 of 5</strong> items linked
          </span>
          <span>
            <strong className="text-success">0</strong> broken links
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
