/**
 * The upload panel's files (spec §4 "Upload per file"): selected → uploading (10–100%) → Success, or
 * Failed with progress back to 0; retry returns a file to uploading. Summary toasts are spec §8's.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentRecord } from './document-types.ts';
import { caseDocumentsKey } from './documents.ts';
import { toast } from './toast-store.ts';
import { isPdfFile, uploadDocument, type UploadDetails, type UploadHandle } from './upload.ts';

export type UploadState = 'selected' | 'uploading' | 'success' | 'failed';

export interface QueuedFile {
  key: string;
  file: File;
  state: UploadState;
  progress: number;
  error: string | null;
  document: DocumentRecord | null;
  /** The title and alias it was sent with, so a retry sends them again. */
  details: UploadDetails;
}

let keyCounter = 0;

export function summaryToast(succeeded: number, failed: number): void {
  if (failed > 0 && succeeded === 0) {
    toast({ title: 'Upload Failed', description: `${failed} file(s) failed to upload. Check file size and format.`, variant: 'destructive' });
  } else if (failed > 0) {
    toast({ title: 'Upload Progress', description: `${succeeded} files uploaded successfully, ${failed} failed`, variant: 'destructive' });
  } else if (succeeded > 0) {
    toast({ title: 'Upload Complete', description: `${succeeded} file(s) uploaded successfully`, variant: 'success' });
  }
}

export function useUploadQueue(caseId: string) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());

  useEffect(() => {
    const current = handles.current;
    return () => {
      for (const h of current.values()) h.abort();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<QueuedFile>) => {
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  /** Adds PDFs; anything else is silently ignored (spec §5). */
  const addFiles = useCallback((incoming: Iterable<File>) => {
    const pdfs = [...incoming].filter(isPdfFile);
    if (pdfs.length === 0) return;
    keyCounter += pdfs.length;
    setFiles((list) => [
      ...list,
      ...pdfs.map((file, i) => ({ key: `f${keyCounter - i}-${file.name}`, file, state: 'selected' as const, progress: 0, error: null, document: null, details: {} })),
    ]);
  }, []);

  const uploadOne = useCallback(
    async (item: QueuedFile, details: UploadDetails): Promise<boolean> => {
      patch(item.key, { state: 'uploading', progress: 0, error: null, details });
      const handle = uploadDocument(item.file, caseId, details, (progress) => patch(item.key, { progress }));
      handles.current.set(item.key, handle);
      try {
        const document = await handle.promise;
        patch(item.key, { state: 'success', progress: 100, document });
        return true;
      } catch (error) {
        patch(item.key, { state: 'failed', progress: 0, error: error instanceof Error ? error.message : String(error) });
        return false;
      } finally {
        handles.current.delete(item.key);
        void queryClient.invalidateQueries({ queryKey: caseDocumentsKey(caseId) });
      }
    },
    [caseId, patch, queryClient],
  );

  /** Uploads every selected file one after another; the title and alias go with a single file only, kind and record with each. */
  const uploadSelected = useCallback(
    async (details: UploadDetails) => {
      const pending = files.filter((f) => f.state === 'selected');
      // kind and trial record describe every file of the upload
      const perFile = pending.length === 1 ? details : { kind: details.kind, recordDocumentId: details.recordDocumentId, citeAs: details.citeAs, volume: details.volume };
      let ok = 0;
      for (const item of pending) if (await uploadOne(item, perFile)) ok += 1;
      summaryToast(ok, pending.length - ok);
      return ok;
    },
    [files, uploadOne],
  );

  const retry = useCallback(
    async (key: string) => {
      const item = files.find((f) => f.key === key);
      if (!item) return;
      if (await uploadOne(item, item.details)) toast({ title: 'Retry Successful', description: `${item.file.name} uploaded.`, variant: 'success' });
      else toast({ title: 'Retry Failed', description: `Failed to upload ${item.file.name}. Please check the file and try again.`, variant: 'destructive' });
    },
    [files, uploadOne],
  );

  const retryAllFailed = useCallback(async () => {
    const failed = files.filter((f) => f.state === 'failed');
    let ok = 0;
    for (const item of failed) if (await uploadOne(item, item.details)) ok += 1;
    summaryToast(ok, failed.length - ok);
  }, [files, uploadOne]);

  const remove = useCallback((key: string) => {
    handles.current.get(key)?.abort();
    setFiles((list) => list.filter((f) => f.key !== key));
  }, []);

  const clear = useCallback(() => {
    for (const h of handles.current.values()) h.abort();
    setFiles([]);
  }, []);

  return { files, addFiles, uploadSelected, retry, retryAllFailed, remove, clear };
}
