import { ExternalLink, FileText, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EnhancedLink, MasterState, SampleKey } from '../../contract/hyperlinks.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/ui/dialog.tsx';
import { Input } from '../components/ui/input.tsx';
import { PageSpinner, Spinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
import {
  MASTERS,
  useAllDocuments,
  useBuildDynamic,
  useCreateSample,
  useDeterministicStatus,
  useEnhancedReview,
  useIndexFirst,
  useOverride,
  useRebuild,
  useRegeneratePdf,
  useReviewLinks,
  useUpdateHyperlink,
  type EnhancedType,
} from '../lib/hyperlinks.ts';

/** A failure: its text, and the details behind it folded away (spec §2 "error text and collapsible stderr"). */
function Failure({ error, stderr }: { error: string; stderr?: string | null }) {
  return (
    <div role="alert" className="mt-3 rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm text-destructive">
      <p className="font-medium">{error}</p>
      {stderr ? (
        <details className="mt-2">
          <summary className="cursor-pointer select-none">stderr</summary>
          <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-words text-xs">{stderr}</pre>
        </details>
      ) : null}
    </div>
  );
}

function Panel({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function stateBadge(m: MasterState) {
  if (m.state === 'missing') return <Badge>Missing</Badge>;
  if (m.state === 'queued' || m.state === 'processing') return <Badge variant="accent">Building</Badge>;
  if (m.state === 'failed' || m.error) return <Badge variant="destructive">Failed</Badge>;
  if (m.total > 0 && m.built === m.total) return <Badge variant="success">Built</Badge>;
  return <Badge>Not built</Badge>;
}

function MasterCard({ label, master, onReview }: { label: string; master: MasterState; onReview: () => void }) {
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="master-card">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{label}</h3>
          <p className="text-sm text-muted-foreground">{master.title ?? '—'}</p>
        </div>
        {stateBadge(master)}
      </div>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-muted-foreground">Links built</dt>
        <dd className="font-medium" data-testid="master-count">
          {master.built} / {master.total}
        </dd>
        <dt className="text-muted-foreground">Pages</dt>
        <dd>{master.pageCount ?? '—'}</dd>
      </dl>
      {master.error ? <Failure error={master.error} /> : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" onClick={onReview} disabled={!master.documentId || master.built === 0}>
          Review Links
        </Button>
        {master.pdfUrl ? (
          <Button size="sm" variant="outline" asChild>
            <a href={master.pdfUrl} target="_blank" rel="noreferrer">
              <FileText aria-hidden /> Open PDF
            </a>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function ReviewLinksDialog({ docKey, label, onClose }: { docKey: SampleKey | null; label: string; onClose: () => void }) {
  const q = useReviewLinks(docKey);
  const override = useOverride(docKey ?? '');
  const [pages, setPages] = useState<Record<string, string>>({});
  const data = q.data;
  return (
    <Dialog open={!!docKey} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="inset-x-4 top-[5vh] mx-auto max-h-[90vh] max-w-3xl gap-2 overflow-y-auto p-6">
        <DialogTitle>Review links: {label}</DialogTitle>
        <DialogDescription>
          Each tab of the index, the page of the index it is on and the page it goes to. Set another destination and the PDF is written again.
        </DialogDescription>
        {q.isLoading ? <Spinner /> : null}
        {q.isError ? <Failure error={errorReason(q.error)} /> : null}
        {override.isError ? <Failure error={errorReason(override.error)} /> : null}
        {override.data && !override.data.ok ? <Failure error={override.data.error ?? 'The PDF did not validate'} /> : null}
        {data ? (
          <>
            <p className="text-sm">
              {data.total} links ·{' '}
              <a className="text-primary underline" href={data.pdfUrl} target="_blank" rel="noreferrer">
                Open the PDF
              </a>
            </p>
            <table className="mt-2 w-full text-sm" data-testid="review-links-table">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th className="py-1.5 pr-2">Tab</th>
                  <th className="pr-2">Brief page</th>
                  <th className="pr-2">Destination page</th>
                  <th className="pr-2">Marker</th>
                  <th>Override</th>
                </tr>
              </thead>
              <tbody>
                {data.links.map((l) => {
                  const value = pages[l.id] ?? '';
                  const n = Number(value);
                  const valid = value !== '' && Number.isInteger(n) && n >= 1;
                  return (
                    <tr key={l.id} className="border-b border-border/60">
                      <td className="py-1.5 pr-2 font-medium" title={l.text}>
                        {l.tab_number}
                      </td>
                      <td className="pr-2">
                        <a className="text-primary underline" href={`${data.pdfUrl}#page=${l.brief_page}`} target="_blank" rel="noreferrer">
                          {l.brief_page}
                        </a>
                      </td>
                      <td className="pr-2">
                        {l.tr_dest_page === null ? (
                          '—'
                        ) : (
                          <a className="text-primary underline" href={`${data.pdfUrl}#page=${l.master_page ?? l.tr_dest_page}`} target="_blank" rel="noreferrer">
                            {l.target === 'record' ? `Record p. ${l.tr_dest_page}` : l.tr_dest_page}
                          </a>
                        )}
                      </td>
                      <td className="pr-2">{l.is_marker ? <Badge variant="accent">*T{l.tab_number}</Badge> : null}</td>
                      <td>
                        <form
                          className="flex items-center gap-1"
                          onSubmit={(e) => {
                            e.preventDefault();
                            if (valid) override.mutate({ tab_number: l.tab_number, tr_dest_page: n }, { onSuccess: () => setPages((p) => ({ ...p, [l.id]: '' })) });
                          }}
                        >
                          <Input
                            aria-label={`New destination page of tab ${l.tab_number}`}
                            className="h-8 w-20"
                            type="number"
                            min={1}
                            value={value}
                            onChange={(e) => setPages((p) => ({ ...p, [l.id]: e.target.value }))}
                          />
                          <Button size="sm" variant="outline" type="submit" disabled={!valid || override.isPending}>
                            Set
                          </Button>
                        </form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {override.isPending ? (
              <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> Writing the PDF again…
              </p>
            ) : null}
            {data.subrules.length ? (
              <div className="mt-4">
                <h3 className="text-sm font-semibold">Trial record documents</h3>
                <ul className="mt-1 flex flex-wrap gap-2 text-sm">
                  {data.subrules.map((s) => (
                    <li key={s.doc_number} className="rounded border border-border px-2 py-0.5">
                      Doc {s.doc_number} → p. {s.tr_page ?? '—'}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EnhancedCard({ link, type }: { link: EnhancedLink; type: EnhancedType }) {
  const update = useUpdateHyperlink(type);
  const [targetPage, setTargetPage] = useState(String(link.targetPage ?? ''));
  const [paragraph, setParagraph] = useState(String(link.targetParagraph ?? ''));
  const [notes, setNotes] = useState(link.notes ?? '');
  useEffect(() => {
    setTargetPage(String(link.targetPage ?? ''));
    setParagraph(String(link.targetParagraph ?? ''));
    setNotes(link.notes ?? '');
  }, [link.targetPage, link.targetParagraph, link.notes]);
  const page = Number(targetPage);
  const para = paragraph === '' ? null : Number(paragraph);
  const valid = Number.isInteger(page) && page >= 1 && (para === null || (Number.isInteger(para) && para >= 1));
  return (
    <Card className={`p-4 ${link.highlighted ? 'ring-2 ring-accent' : ''}`} data-testid="enhanced-card">
      <p className="line-clamp-2 text-sm font-medium" title={link.text}>
        {link.text}
      </p>
      <p className="text-xs text-muted-foreground">Index page {link.sourcePage}</p>
      <div className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <label className="grid gap-1">
          Target page
          <Input type="number" min={1} className="h-8" value={targetPage} onChange={(e) => setTargetPage(e.target.value)} />
        </label>
        <label className="grid gap-1">
          Paragraph
          <Input type="number" min={1} className="h-8" value={paragraph} onChange={(e) => setParagraph(e.target.value)} />
        </label>
      </div>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={link.highlighted}
          onChange={(e) => update.mutate({ linkId: link.id, changes: { highlighted: e.target.checked } })}
        />
        Highlighted
      </label>
      <label className="mt-2 grid gap-1 text-sm">
        Notes
        <textarea className="min-h-14 rounded-md border border-input bg-card p-2 text-sm" maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
      {update.isError ? <Failure error={errorReason(update.error)} /> : null}
      <Button
        size="sm"
        className="mt-2"
        disabled={!valid || update.isPending}
        onClick={() =>
          update.mutate({
            linkId: link.id,
            changes: { ...(page !== link.targetPage ? { targetPage: page } : {}), targetParagraph: para, notes: notes || null },
          })
        }
      >
        Save
      </Button>
    </Card>
  );
}

function EnhancedReviewPanel({ enabled }: { enabled: boolean }) {
  const [type, setType] = useState<EnhancedType>('13');
  const q = useEnhancedReview(type, enabled);
  const regenerate = useRegeneratePdf(type);
  const sample = (q.data?.links ?? []).slice(0, 10);
  const highlighted = (q.data?.links ?? []).filter((l) => l.highlighted).map((l) => l.id);
  return (
    <Panel title="Enhanced review" description="Up to 10 index items of a master: target page, paragraph, highlight and notes.">
      <div className="flex flex-wrap gap-2" role="tablist">
        {MASTERS.map((m) => (
          <Button key={m.type} role="tab" aria-selected={type === m.type} size="sm" variant={type === m.type ? 'default' : 'outline'} onClick={() => setType(m.type)}>
            {m.label}
          </Button>
        ))}
      </div>
      {q.isLoading ? <Spinner /> : null}
      {q.data && !q.data.ok ? <Failure error={q.data.error ?? 'Not available'} /> : null}
      {q.isError ? <Failure error={errorReason(q.error)} /> : null}
      {q.data?.ok ? (
        <>
          <p className="mt-3 text-sm text-muted-foreground">
            {sample.length} of {q.data.total} items · {highlighted.length} highlighted
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sample.map((l) => (
              <EnhancedCard key={l.id} link={l} type={type} />
            ))}
          </div>
          <div className="mt-3 flex items-center gap-3">
            <Button onClick={() => regenerate.mutate(highlighted)} disabled={regenerate.isPending}>
              {regenerate.isPending ? <Spinner /> : <RefreshCw aria-hidden />} Regenerate PDF
            </Button>
            {regenerate.data?.ok ? (
              <a className="text-sm text-primary underline" href={regenerate.data.pdfUrl} target="_blank" rel="noreferrer">
                Open the regenerated PDF
              </a>
            ) : null}
          </div>
          {regenerate.isError ? <Failure error={errorReason(regenerate.error)} /> : null}
          {regenerate.data && !regenerate.data.ok ? <Failure error={regenerate.data.error ?? 'The PDF did not validate'} /> : null}
        </>
      ) : null}
    </Panel>
  );
}

function DocumentPicker({ label, value, onChange, kind }: { label: string; value: string; onChange: (v: string) => void; kind?: 'record' }) {
  const { docs, loading } = useAllDocuments();
  const shown = docs.filter((d) => d.pageCount !== null);
  return (
    <label className="grid min-w-0 gap-1 text-sm">
      {label}
      <select className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-2 text-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{loading ? 'Loading…' : kind ? 'None' : 'Choose a document'}</option>
        {shown.map((d) => (
          <option key={d.id} value={d.id}>
            {d.caseNumber} · {d.title}
          </option>
        ))}
      </select>
    </label>
  );
}

function IndexFirstPanel({ defaults }: { defaults: { brief: string | null; record: string | null } }) {
  const [brief, setBrief] = useState(defaults.brief ?? '');
  const [record, setRecord] = useState(defaults.record ?? '');
  useEffect(() => {
    if (!brief && defaults.brief) setBrief(defaults.brief);
    if (!record && defaults.record) setRecord(defaults.record);
  }, [defaults.brief, defaults.record]); // eslint-disable-line react-hooks/exhaustive-deps
  const run = useIndexFirst();
  const r = run.data;
  return (
    <Panel title="Index-first detection" description="Detect the brief's index first, build one link per index item and validate the written PDF.">
      <div className="grid gap-3 sm:grid-cols-2">
        <DocumentPicker label="Brief" value={brief} onChange={setBrief} />
        <DocumentPicker label="Trial record" value={record} onChange={setRecord} kind="record" />
      </div>
      <Button className="mt-3" disabled={!brief || run.isPending} onClick={() => run.mutate({ briefPath: brief, trialRecordPath: record || null })}>
        {run.isPending ? <Spinner /> : null} Run detection
      </Button>
      {run.isError ? <Failure error={errorReason(run.error)} /> : null}
      {r && !r.ok ? <Failure error={r.error ?? 'Detection failed'} stderr={r.stderr} /> : null}
      {r?.validation ? (
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm sm:grid-cols-6" data-testid="index-first-result">
          {(['found_tabs', 'expected_tabs', 'links_created', 'broken_links', 'markers_used'] as const).map((k) => (
            <div key={k}>
              <dt className="text-muted-foreground">{k.replace('_', ' ')}</dt>
              <dd className="font-medium">{r.validation![k]}</dd>
            </div>
          ))}
          <div>
            <dt className="text-muted-foreground">success</dt>
            <dd className="font-medium">{r.validation.success ? 'yes' : 'no'}</dd>
          </div>
        </dl>
      ) : null}
      {r?.review ? (
        <a className="mt-2 inline-flex items-center gap-1 text-sm text-primary underline" href={r.review.pdfUrl} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden className="size-4" /> Open the linked PDF ({r.review.total} links)
        </a>
      ) : null}
    </Panel>
  );
}

function DynamicPanel({ defaultBrief }: { defaultBrief: string | null }) {
  const [brief, setBrief] = useState(defaultBrief ?? '');
  const [trial, setTrial] = useState('');
  const [indexPages, setIndexPages] = useState('');
  const [indexOnly, setIndexOnly] = useState(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!brief && defaultBrief) setBrief(defaultBrief);
  }, [defaultBrief]); // eslint-disable-line react-hooks/exhaustive-deps
  const run = useBuildDynamic();
  const r = run.data;
  return (
    <Panel title="Dynamic document processor" description="Build one document's links, optionally from index pages set by hand (2,3,4 or 2-5), or detect its index only.">
      <div className="grid gap-3 sm:grid-cols-2">
        <DocumentPicker label="Brief" value={brief} onChange={setBrief} />
        <DocumentPicker label="Trial record" value={trial} onChange={setTrial} kind="record" />
        <label className="grid gap-1 text-sm">
          Index pages
          <Input placeholder="2-5" value={indexPages} onChange={(e) => setIndexPages(e.target.value)} />
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={indexOnly} onChange={(e) => setIndexOnly(e.target.checked)} />
          Index only
        </label>
      </div>
      <Button
        className="mt-3"
        disabled={run.isPending}
        onClick={() => {
          setMissing(!brief);
          if (brief) run.mutate({ briefPath: brief, trialPath: trial || null, indexPages: indexPages.trim(), indexOnly });
        }}
      >
        {run.isPending ? <Spinner /> : null} Process
      </Button>
      {missing ? <Failure error="Please provide a brief document path" /> : null}
      {run.isError ? <Failure error={errorReason(run.error)} /> : null}
      {r && !r.ok ? <Failure error={r.error ?? 'Processing failed'} stderr={r.stderr} /> : null}
      {r?.ok ? (
        <div className="mt-3 text-sm">
          <p className="font-medium">{r.message}</p>
          {r.outputDir ? (
            <p className="mt-1 flex flex-wrap gap-3">
              <a className="text-primary underline" href={`/${r.outputDir}/review.json`} target="_blank" rel="noreferrer">
                review.json
              </a>
              {!r.results.items ? (
                <a className="text-primary underline" href={`/${r.outputDir}/Master.Dynamic.linked.pdf`} target="_blank" rel="noreferrer">
                  Master.Dynamic.linked.pdf
                </a>
              ) : null}
            </p>
          ) : null}
          {r.results.items ? (
            <ol className="mt-2 max-h-48 list-inside overflow-auto">
              {r.results.items.map((i) => (
                <li key={`${i.label}-${i.page}-${i.text}`}>
                  {i.label} – {i.text} <span className="text-muted-foreground">(index page {i.page})</span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}

/** Legal Document Hyperlinks (/links, /hyperlinks; spec §2 "Hyperlinks overview"). */
export function LinksPage() {
  const status = useDeterministicStatus();
  const create = useCreateSample();
  const rebuild = useRebuild();
  const [reviewing, setReviewing] = useState<SampleKey | null>(null);
  const s = status.data;
  // the supplementary brief points into the trial record: the index-first panel starts with that pair
  const defaults = useMemo(() => ({ brief: s?.supp13.documentId ?? null, record: s?.tr5.documentId ?? null }), [s?.supp13.documentId, s?.tr5.documentId]);
  const mainBrief = s?.doc63.documentId ?? null;
  if (status.isLoading) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold text-primary">Legal Document Hyperlinks</h1>
      <p className="mt-1 text-muted-foreground">
        The sample case {s?.caseNumber ?? 'SAMPLE-001'}: a 63-tab main brief, a 13-tab supplementary brief and a 5-item trial record, linked by the engine.
      </p>
      {status.isError ? <Failure error={errorReason(status.error)} /> : null}

      {s?.status === 'missing' ? (
        <Card className="mt-6 p-5">
          <p className="text-sm">
            The sample case has not been created yet. It is generated here (about 1,700 pages in all) and its links are built like any upload's.
          </p>
          <Button className="mt-3" onClick={() => create.mutate()} disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null} Create the sample case
          </Button>
          {create.isError ? <Failure error={errorReason(create.error)} /> : null}
        </Card>
      ) : null}
      {s?.status === 'building' ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Building the sample masters…
        </p>
      ) : null}

      {s ? (
        <section aria-label="Master PDFs" className="mt-6 grid gap-4 md:grid-cols-3">
          {MASTERS.map((m) => (
            <MasterCard key={m.key} label={m.label} master={s[m.key]} onReview={() => setReviewing(m.key)} />
          ))}
        </section>
      ) : null}
      {s && s.status !== 'missing' ? <p className="mt-2 text-sm text-muted-foreground">{s.totalLinks} links in all</p> : null}

      <ReviewLinksDialog docKey={reviewing} label={MASTERS.find((m) => m.key === reviewing)?.label ?? ''} onClose={() => setReviewing(null)} />

      <div className="mt-8 grid gap-6">
        <EnhancedReviewPanel enabled={s?.status === 'ready' || s?.status === 'failed'} />
        <Panel title="Index-deterministic rebuild" description="Build the links of the three masters again from their detected indexes (the sample case is created first when it is missing).">
          <Button onClick={() => rebuild.mutate()} disabled={rebuild.isPending}>
            {rebuild.isPending ? <Spinner /> : <RefreshCw aria-hidden />} Rebuild all three
          </Button>
          {rebuild.isError ? <Failure error={errorReason(rebuild.error)} /> : null}
          {rebuild.data && !rebuild.data.ok ? <Failure error={rebuild.data.error ?? 'The rebuild failed'} stderr={rebuild.data.stderr} /> : null}
          {rebuild.data?.ok ? <p className="mt-3 text-sm font-medium">Rebuilt: {rebuild.data.totalLinks} links, every master validated.</p> : null}
        </Panel>
        <DynamicPanel defaultBrief={mainBrief} />
        <IndexFirstPanel defaults={defaults} />
      </div>
    </div>
  );
}
