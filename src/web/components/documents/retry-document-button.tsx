import { RotateCcw } from 'lucide-react';
import { useRetryDocument } from '../../lib/document-actions.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { Button } from '../ui/button.tsx';

/** Retry for a document whose OCR failed; shows nothing otherwise. */
export function RetryDocumentButton({ doc, caseId }: { doc: DocumentRecord; caseId: string }) {
  const retry = useRetryDocument(caseId);
  if (doc.ocrStatus !== 'failed') return null;
  return (
    <Button size="sm" variant="outline" onClick={() => retry.mutate(doc.id)} disabled={retry.isPending} aria-label={`Retry ${doc.title}`}>
      <RotateCcw aria-hidden />
      Retry
    </Button>
  );
}
