// Brief and trial record in the case's document list (DESIGN §4): what a document points into or is
// pointed into by, the record offered to a brief whose items are not in itself, pairing through
// PATCH, and index detection with the spec's toasts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MISSING_DOCUMENT_TEXT,
  MISSING_DOCUMENT_TITLE,
  type IndexDetectionResult,
  type UpdateDocumentBody,
} from '../../contract/documents.ts';
import { apiRequest, errorReason } from './api.ts';
import type { DocumentRecord } from './document-types.ts';
import { caseDocumentsKey, documentUrl } from './documents.ts';
import { needsConfirm } from './review.ts';
import { toast } from './toast-store.ts';

export interface Pairing {
  /** The record a brief points into (null when none, or when it is not in the list). */
  record: DocumentRecord | null;
  /** The briefs that point into a record. */
  briefs: DocumentRecord[];
}

export function pairingOf(doc: DocumentRecord, docs: readonly DocumentRecord[]): Pairing {
  return {
    record: doc.recordDocumentId ? (docs.find((d) => d.id === doc.recordDocumentId) ?? null) : null,
    briefs: doc.kind === 'record' ? docs.filter((d) => d.recordDocumentId === doc.id) : [],
  };
}

/** The case's trial records a brief may point into. */
export function recordsOf(docs: readonly DocumentRecord[], except?: string): DocumentRecord[] {
  return docs.filter((d) => d.kind === 'record' && d.id !== except);
}

/** Items whose destination was not found (links without a page), when the links are built. */
export function itemsWithoutDestination(doc: DocumentRecord): number {
  return doc.aiProcessingStatus === 'completed' ? doc.unresolvedCount : 0;
}

/**
 * The record to offer a brief that points into none while its items are not found in itself (the
 * links built, some without a destination) and the case has a trial record: the first one.
 */
export function offeredRecord(doc: DocumentRecord, docs: readonly DocumentRecord[]): DocumentRecord | null {
  if (doc.kind !== 'brief' || doc.recordDocumentId || itemsWithoutDestination(doc) === 0) return null;
  return recordsOf(docs, doc.id)[0] ?? null;
}

/** Sets a document's kind or its trial record; a reviewed brief hands the 409 to `onNeedsConfirm`. */
export function usePairDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Pick<UpdateDocumentBody, 'kind' | 'recordDocumentId' | 'confirm' | 'citeAs' | 'volume'> & { recordIds?: string[] } }) => {
      const { recordIds, ...rest } = body;
      // several record documents: PUT …/records (in order); the rest of the change through PATCH first
      const patched = Object.keys(rest).some((k) => k !== 'confirm') ? await apiRequest<DocumentRecord>('PATCH', documentUrl(id), rest) : null;
      if (recordIds) return apiRequest<DocumentRecord>('PUT', `${documentUrl(id)}/records`, { recordIds, ...(body.confirm ? { confirm: true } : {}) });
      return patched!;
    },
    retry: false,
    onSuccess: async (doc, { body }) => {
      const what =
        body.recordIds ? (body.recordIds.length ? `The links are built again into ${body.recordIds.length} record documents.` : 'The records were detached; the links are built again on the brief’s own pages.')
        : body.recordDocumentId === null ? 'The trial record was detached; the links are built again on the brief’s own pages.'
        : body.recordDocumentId ? 'The links are built again into the trial record.'
        : body.citeAs !== undefined || body.volume !== undefined ? 'How briefs cite this record was saved; their links are built again.'
        : doc.kind === 'record' ? 'Marked as a trial record.' : 'Marked as a brief.';
      toast({ title: 'Document Updated', description: what, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => {
      if (!needsConfirm(error)) toast({ title: 'Update Failed', description: errorReason(error), variant: 'destructive' });
    },
  });
}

/** Toast of a detection result: 'Index Detection Complete' or 'Detection Failed' (spec §8). */
export function detectionToast(result: IndexDetectionResult): void {
  if (result.ok && result.total_items > 0) {
    const pages = result.index_pages.length;
    toast({ title: 'Index Detection Complete', description: `Found ${result.total_items} index items across ${pages} pages`, variant: 'success' });
  } else {
    toast({ title: 'Detection Failed', description: 'Could not detect index items in the document', variant: 'destructive' });
  }
}

/**
 * POST /api/detect-index for a document (its id is the document path): answers once detection is
 * done. No document: 'Missing Document' / 'Please provide a document path'.
 */
export function useDetectIndex(caseId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ documentPath, indexPages }: { documentPath: string | null | undefined; indexPages?: string }) => {
      if (!documentPath?.trim()) return null;
      return apiRequest<IndexDetectionResult>('POST', '/api/detect-index', { documentPath: documentPath.trim(), ...(indexPages?.trim() ? { indexPages: indexPages.trim() } : {}) });
    },
    retry: false,
    onSuccess: async (result) => {
      if (!result) {
        toast({ title: MISSING_DOCUMENT_TITLE, description: MISSING_DOCUMENT_TEXT, variant: 'destructive' });
        return;
      }
      detectionToast(result);
      if (caseId) await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => toast({ title: 'Detection Error', description: errorReason(error), variant: 'destructive' }),
  });
}
