import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, errorReason } from './api.ts';
import type { DocumentRecord, IndexStatus, StartHyperlinkingResponse } from './document-types.ts';
import { caseDocumentsKey, documentUrl } from './documents.ts';
import { toast } from './toast-store.ts';
import { isPdfFile } from './upload.ts';
import { needsConfirm } from './review.ts';

/**
 * A call that builds a document's links again: on a reviewed document the server asks first (409, needs
 * `confirm`); the person is asked in the server's words and, when they agree, the call goes again confirmed.
 * Declined: a Cancelled error, which the callers show as nothing having changed.
 */
export class CancelledError extends Error {}
export async function sendConfirming<T>(send: (confirm: boolean) => Promise<T>): Promise<T> {
  try {
    return await send(false);
  } catch (error) {
    if (!needsConfirm(error)) throw error;
    if (!window.confirm(errorReason(error))) throw new CancelledError('Nothing was changed.');
    return send(true);
  }
}
const confirmBody = (confirm: boolean) => (confirm ? { confirm: true } : {});

/** Spec §8: 'Retry Started' / 'Retry Failed' ('Failed to restart document processing'). */
export function useRetryDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendConfirming((c) => apiRequest<DocumentRecord>('POST', `${documentUrl(id)}/retry`, confirmBody(c))),
    onSuccess: async () => {
      toast({ title: 'Retry Started', description: 'The document is being processed again.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => {
      if (error instanceof CancelledError) return;
      toast({ title: 'Retry Failed', description: 'Failed to restart document processing', variant: 'destructive' });
    },
  });
}

export class InvalidFileError extends Error {}

async function sendReupload(id: string, file: File, confirm: boolean): Promise<DocumentRecord> {
  const form = new FormData();
  // A reviewed document is replaced only when the person confirmed it (the text field comes before the file).
  if (confirm) form.append('confirm', 'true');
  form.append('file', file, file.name);
  const res = await fetch(`${documentUrl(id)}/reupload`, { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new ApiRequestError(res.status, await res.text().catch(() => ''), res.statusText);
  return (await res.json()) as DocumentRecord;
}

/** Reupload a document's file: PDF only ('Invalid File' / 'Please select a PDF file.'), spec §5 and §8. */
export function useReuploadDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, confirm = false }: { id: string; file: File; confirm?: boolean }) => {
      if (!isPdfFile(file)) throw new InvalidFileError('Please select a PDF file.');
      return sendReupload(id, file, confirm);
    },
    retry: false,
    onSuccess: async () => {
      toast({ title: 'Document Reuploaded', description: 'The new file is being processed.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => {
      // A reviewed document: the caller asks the person and sends again with the confirmation.
      if (needsConfirm(error)) return;
      if (error instanceof InvalidFileError) toast({ title: 'Invalid File', description: 'Please select a PDF file.', variant: 'destructive' });
      else if (error instanceof ApiRequestError && error.status === 415) toast({ title: 'Invalid File', description: errorReason(error), variant: 'destructive' });
      else toast({ title: 'Reupload Failed', description: 'Failed to reupload the document.', variant: 'destructive' });
    },
  });
}

/** Retry index detection (POST reindex): 'Index Detection' / 'Retrying index detection...' (spec §8). */
export function useRetryIndex(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendConfirming((c) => apiRequest<IndexStatus | DocumentRecord>('POST', `${documentUrl(id)}/reindex`, confirmBody(c))),
    onMutate: () => {
      toast({ title: 'Index Detection', description: 'Retrying index detection...' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) }),
    onError: (error) => {
      if (error instanceof CancelledError) return;
      toast({ title: 'Retry Failed', description: 'Failed to retry index detection. Please try again.', variant: 'destructive' });
    },
  });
}

/** 'Process Selected (n)': builds the links of the selected documents and reports the totals (spec §8). */
export function useStartHyperlinking(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: string[]) =>
      sendConfirming((c) => apiRequest<StartHyperlinkingResponse>('POST', '/api/documents/start-hyperlinking', { documentIds, ...confirmBody(c) })),
    retry: false,
    onSuccess: async (result) => {
      const links = `${result.totalLinks} ${result.totalLinks === 1 ? 'hyperlink' : 'hyperlinks'}`;
      if (result.failedCount > 0) {
        toast({
          title: 'Processing Completed with Issues',
          description: `${links} built; ${result.successCount} succeeded, ${result.failedCount} failed.`,
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Hyperlinks Detected!', description: `${links} built in ${result.successCount} document(s).`, variant: 'success' });
      }
      await queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
    },
    onError: (error) => {
      if (error instanceof CancelledError) return;
      toast({ title: 'Failed to Start Hyperlinking', description: 'Please try again.', variant: 'destructive' });
    },
  });
}

/** 'No Documents Selected' (spec §5), shown before any call is made. */
export function warnNothingSelected(): void {
  toast({ title: 'No Documents Selected', description: 'Please select at least one document to process.', variant: 'destructive' });
}
