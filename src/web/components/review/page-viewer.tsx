import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import type { LinkRecord } from '../../lib/document-types.ts';
import { checkPage, linkLabel, type PrintedLabels } from '../../lib/review-logic.ts';
import { pageImageUrl, usePageInfo } from '../../lib/review.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Spinner } from '../ui/spinner.tsx';

/** Width of the page viewer in CSS pixels (spec §2: 600×800); the image is asked at the screen's density. */
const VIEW_WIDTH = 600;

interface PageViewerProps {
  docId: string;
  /** Changes when the document's PDF changes, so an old image is never shown. */
  version: string;
  page: number;
  pageCount: number | null;
  onPage: (page: number) => void;
  /** Links whose box stands on a page (drawn over their index row when that page is shown). */
  links: readonly LinkRecord[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** A line above the page saying why it is shown (e.g. previewing a target page). */
  note?: React.ReactNode;
  /** Name of the viewer for assistive technology, when a screen shows more than one. */
  label?: string;
  /** The number printed on each page, so Go to page takes a page as printed (`ii`) too. */
  labels?: PrintedLabels | null;
}

/** One PDF page as the server renders it, with each link's box drawn over its index row (spec §2 review modal). */
export function PageViewer({ docId, version, page, pageCount, onPage, links, selectedId, onSelect, note, label = 'Page viewer', labels = null }: PageViewerProps) {
  const info = usePageInfo(docId, page);
  const goId = useId();
  const [goTo, setGoTo] = useState('');
  const [goError, setGoError] = useState<string | null>(null);
  const count = info.data?.pageCount ?? pageCount;

  useEffect(() => setGoError(null), [page]);

  const go = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkPage(goTo, count, labels);
    if ('error' in checked) {
      setGoError(checked.error);
      return;
    }
    setGoError(null);
    setGoTo('');
    onPage(checked.page);
  };

  return (
    <section aria-label={label} className="flex min-h-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <ChevronLeft aria-hidden />
          Prev
        </Button>
        <span className="min-w-28 text-center text-sm tabular-nums" aria-live="polite">
          Page {page}
          {count ? ` of ${count}` : ''}
        </span>
        <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={count !== null && page >= count} aria-label="Next page">
          Next
          <ChevronRight aria-hidden />
        </Button>
        <form onSubmit={go} className="ml-auto flex items-center gap-1.5">
          <label htmlFor={goId} className="text-xs text-muted-foreground">
            Go to page
          </label>
          <Input
            id={goId}
            type={labels ? 'text' : 'number'}
            inputMode={labels ? undefined : 'numeric'}
            min={labels ? undefined : 1}
            max={labels ? undefined : (count ?? undefined)}
            autoComplete="off"
            value={goTo}
            onChange={(e) => setGoTo(e.target.value)}
            aria-invalid={goError ? true : undefined}
            className="h-8 w-20"
          />
          <Button size="sm" type="submit" variant="secondary">
            Go
          </Button>
        </form>
      </div>
      {goError ? (
        <p role="alert" className="text-xs text-destructive">
          {goError}
        </p>
      ) : null}
      {note ? <div className="rounded-md bg-accent-soft px-3 py-1.5 text-xs text-[#7a5f22]">{note}</div> : null}
      <PageImage
        docId={docId}
        version={version}
        page={page}
        pageCount={count}
        links={links}
        selectedId={selectedId}
        onSelect={onSelect}
        className="mx-auto aspect-[3/4] w-full max-w-[600px] lg:h-[min(800px,calc(100vh-13rem))] lg:w-auto lg:max-w-full"
      />
    </section>
  );
}

interface PageImageProps {
  docId: string;
  version: string;
  page: number;
  pageCount: number | null;
  /** Links whose box stands on a page (drawn over their index row when that page is shown). */
  links: readonly LinkRecord[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Size of the frame; the page keeps its proportions inside it. */
  className?: string;
  /** Width in CSS pixels the image is asked at (times the screen's density). */
  width?: number;
}

/** One page image with the link boxes standing on it, each one clickable; a spinner until the image is in. */
export function PageImage({ docId, version, page, pageCount, links, selectedId, onSelect, className, width = VIEW_WIDTH }: PageImageProps) {
  const info = usePageInfo(docId, page);
  const [loaded, setLoaded] = useState<string | null>(null);
  const count = info.data?.pageCount ?? pageCount;
  const density = typeof window === 'undefined' ? 1 : Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const src = pageImageUrl(docId, page, width * density, version);
  const boxes = links.filter((l) => l.srcPage === page && l.bbox);
  const w = info.data?.width ?? 612;
  const h = info.data?.height ?? 792;
  return (
    <div className={cn('relative overflow-hidden rounded-md border border-border bg-muted', className)}>
      <svg
        role="img"
        aria-label={`Page ${page}${count ? ` of ${count}` : ''}`}
        viewBox={`0 0 ${w} ${h}`}
        preserveAspectRatio="xMidYMid meet"
        className="size-full"
      >
        <rect x={0} y={0} width={w} height={h} fill="#fff" />
        <image href={src} x={0} y={0} width={w} height={h} onLoad={() => setLoaded(src)} data-testid="page-image" />
        {boxes.map((l) => {
          const [x0, y0, x1, y1] = l.bbox!;
          const selected = l.id === selectedId;
          const removed = l.status === 'removed';
          return (
            <g key={l.id} onClick={() => onSelect(l.id)} className="cursor-pointer">
              <title>{`${linkLabel(l)}${l.targetPage ? ` → page ${l.targetPage}` : ' (no destination)'}`}</title>
              <rect
                data-testid="link-box"
                data-link-label={linkLabel(l)}
                data-selected={selected ? 'true' : undefined}
                x={x0 - 2}
                y={y0 - 2}
                width={x1 - x0 + 4}
                height={y1 - y0 + 4}
                rx={2}
                className={cn(
                  removed ? 'fill-transparent stroke-muted-foreground' : selected ? 'fill-accent/25 stroke-accent' : l.status === 'confirmed' ? 'fill-success/10 stroke-success' : 'fill-ring/10 stroke-ring',
                )}
                strokeWidth={selected ? 2.5 : 1}
                strokeDasharray={removed ? '4 3' : undefined}
              />
            </g>
          );
        })}
      </svg>
      {loaded !== src ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Spinner label={`Loading page ${page}`} />
        </div>
      ) : null}
    </div>
  );
}
