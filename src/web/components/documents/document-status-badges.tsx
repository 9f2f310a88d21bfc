import { Loader2 } from 'lucide-react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { itemsWithoutDestination } from '../../lib/record-pairing.ts';
import { Badge } from '../ui/badge.tsx';

/** What a document being read is doing, with its figure: never a bare 100% while work goes on. */
export function processingText(doc: Pick<DocumentRecord, 'ocrProgress' | 'parseProgress'>): string {
  if (doc.ocrProgress.stage === 'text') return `Reading text ${Math.round((doc.parseProgress / 50) * 100)}%`;
  if (doc.ocrProgress.stage === 'index') return `Reading the index pages in full · ${doc.parseProgress}%`;
  return `OCR ${doc.ocrProgress.percent}%`;
}

function ocrBadge(doc: DocumentRecord) {
  switch (doc.ocrStatus) {
    case 'completed':
      return <Badge variant="success">OCR complete</Badge>;
    case 'failed':
      return <Badge variant="destructive">OCR failed</Badge>;
    case 'processing':
      return (
        <Badge variant="accent" className="gap-1">
          <Loader2 aria-hidden className="size-3 animate-spin" />
          {processingText(doc)}
        </Badge>
      );
    case 'queued':
      return <Badge variant="accent">OCR queued</Badge>;
    default:
      return <Badge>OCR pending</Badge>;
  }
}

function indexBadge(doc: DocumentRecord) {
  switch (doc.index_status) {
    case 'ok':
      return doc.index_count > 0 ? (
        <Badge variant="success">
          {doc.index_count} index {doc.index_count === 1 ? 'item' : 'items'}
        </Badge>
      ) : (
        <Badge variant="accent">No index found</Badge>
      );
    case 'pending':
      return <Badge variant="accent">Index pending</Badge>;
    case 'error':
      return <Badge variant="destructive">Index error</Badge>;
    default:
      return <Badge>Index not run</Badge>;
  }
}

function linksBadge(doc: DocumentRecord) {
  if (doc.aiProcessingStatus === 'queued' || doc.aiProcessingStatus === 'processing') {
    return (
      <Badge variant="accent" className="gap-1">
        <Loader2 aria-hidden className="size-3 animate-spin" />
        Linking
      </Badge>
    );
  }
  if (doc.aiProcessingStatus === 'failed') return <Badge variant="destructive">Linking failed</Badge>;
  // items without a destination: not a green count, but what to do about them
  const missing = itemsWithoutDestination(doc);
  if (missing > 0) {
    const linked = doc.linkCount - missing;
    return (
      <Badge variant={linked === 0 ? 'destructive' : 'accent'}>
        {doc.linkCount} {doc.linkCount === 1 ? 'item' : 'items'}, {linked} linked — set the record or the pages
      </Badge>
    );
  }
  if (doc.has_links || doc.linkCount > 0) {
    return (
      <Badge variant="success">
        {doc.linkCount} {doc.linkCount === 1 ? 'link' : 'links'}
      </Badge>
    );
  }
  return <Badge>No links</Badge>;
}

/** The OCR, index and link state of a document as three badges. */
export function DocumentStatusBadges({ doc }: { doc: DocumentRecord }) {
  return (
    <div className="flex flex-wrap gap-1.5" aria-label="Status">
      {ocrBadge(doc)}
      {indexBadge(doc)}
      {linksBadge(doc)}
    </div>
  );
}
