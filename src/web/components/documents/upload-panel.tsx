import { RotateCcw, Upload, UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useAuthConfig } from '../../lib/auth.ts';
import { cn } from '../../lib/cn.ts';
import type { DuplicatesResponse } from '../../lib/document-types.ts';
import { findDuplicates, rememberDocumentDetails } from '../../lib/document-memory.ts';
import { toast } from '../../lib/toast-store.ts';
import { useUploadQueue } from '../../lib/use-upload-queue.ts';
import { Button } from '../ui/button.tsx';
import { useCaseDocuments } from '../../lib/documents.ts';
import { recordsOf } from '../../lib/record-pairing.ts';
import { DocumentDetailsForm, type DocumentDetails } from './document-details-form.tsx';
import { PairingFields, type CiteFields } from './document-pairing.tsx';
import { DuplicateWarning } from './duplicate-warning.tsx';
import { UploadFileRow } from './upload-file-row.tsx';

/** The upload panel (spec §2, §4): drop or browse PDFs, details, duplicate warning, per-file progress and detection. */
export function UploadPanel({ caseId, caseNumber, onClose }: { caseId: string; caseNumber: string; onClose: () => void }) {
  const queue = useUploadQueue(caseId);
  const config = useAuthConfig();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [details, setDetails] = useState<DocumentDetails>({ title: '', fileNumber: caseNumber, alias: '' });
  const [duplicates, setDuplicates] = useState<DuplicatesResponse['duplicates']>([]);
  const [busy, setBusy] = useState(false);
  const [pairKind, setPairKind] = useState<'brief' | 'record'>('brief');
  const [pairRecord, setPairRecord] = useState('');
  const [pairCite, setPairCite] = useState<CiteFields>({ citeAs: '', volume: '' });
  const caseDocs = useCaseDocuments(caseId);

  const selected = queue.files.filter((f) => f.state === 'selected');
  const failed = queue.files.filter((f) => f.state === 'failed');
  const uploading = queue.files.some((f) => f.state === 'uploading');
  const selectedNames = selected.map((f) => f.file.name).join('\n');

  // The duplicate check runs whenever the selected file names change (spec §5).
  useEffect(() => {
    if (!selectedNames) {
      setDuplicates([]);
      return;
    }
    let live = true;
    void findDuplicates(caseId, selectedNames.split('\n')).then((found) => {
      if (!live) return;
      setDuplicates(found);
      if (found.length > 0) {
        toast({ title: 'Duplicate Files Found', description: `Found ${found.length} similar document(s) in this case`, variant: 'destructive' });
      }
    });
    return () => {
      live = false;
    };
  }, [caseId, selectedNames]);

  // A single file's name is the natural title until the person types one (offered once per file).
  const offeredFor = useRef<string | null>(null);
  const only = selected.length === 1 ? selected[0]! : null;
  useEffect(() => {
    if (!only || offeredFor.current === only.key) return;
    offeredFor.current = only.key;
    setDetails((d) => (d.title ? d : { ...d, title: only.file.name.replace(/\.pdf$/i, '') }));
  }, [only]);

  const startUpload = async () => {
    setDuplicates([]);
    setBusy(true);
    try {
      const single = selected.length === 1;
      const pairing = {
        kind: pairKind,
        ...(pairKind === 'brief' && pairRecord ? { recordDocumentId: pairRecord } : {}),
        ...(pairKind === 'record' ? { citeAs: pairCite.citeAs, volume: pairCite.volume } : {}),
      };
      const ok = await queue.uploadSelected(single ? { title: details.title, alias: details.alias, ...pairing } : pairing);
      if (ok > 0 && single && details.title.trim()) {
        await rememberDocumentDetails({
          documentName: details.title.trim(),
          fileNumber: details.fileNumber.trim() || undefined,
          alias: details.alias.trim() || undefined,
        }).catch(() => undefined);
      }
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    queue.addFiles(e.dataTransfer.files);
  };

  const close = () => {
    queue.clear();
    onClose();
  };
  const maxMb = config.data ? `${config.data.maxUploadMb}MB` : '…';
  const nothingLeft = queue.files.length > 0 && selected.length === 0 && !uploading;

  return (
    <section aria-labelledby="upload-heading" className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <h2 id="upload-heading" className="text-base font-semibold">
        Upload Documents
      </h2>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="dropzone"
        className={cn(
          'mt-4 flex flex-col items-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-input bg-muted/30',
        )}
      >
        <UploadCloud aria-hidden className="size-9 text-muted-foreground" />
        <p className="mt-2 text-sm font-medium">Drag and drop PDF files here, or</p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => input.current?.click()}>
          Browse files
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          className="sr-only"
          aria-label="Choose PDF files"
          onChange={(e) => {
            if (e.target.files) queue.addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <p className="mt-2 text-xs text-muted-foreground">PDF only · several files at once · max {maxMb} per file</p>
      </div>

      {selected.length > 0 ? (
        <div className="mt-4">
          <DocumentDetailsForm value={details} onChange={setDetails} several={selected.length > 1} />
          <fieldset className="mt-3 grid gap-3 rounded-lg border border-border bg-muted/40 p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">Brief or trial record</legend>
            <PairingFields
              idPrefix="upload"
              kind={pairKind}
              recordId={pairRecord}
              records={recordsOf(caseDocs.data ?? [])}
              onChange={(k, r) => {
                setPairKind(k);
                setPairRecord(r);
              }}
              cite={pairCite}
              onCiteChange={setPairCite}
            />
          </fieldset>
        </div>
      ) : null}

      {duplicates.length > 0 ? (
        <div className="mt-4">
          <DuplicateWarning duplicates={duplicates} onContinue={() => void startUpload()} onDismiss={() => setDuplicates([])} />
        </div>
      ) : null}

      {queue.files.length > 0 ? (
        <ul aria-label="Files to upload" className="mt-4 grid gap-2">
          {queue.files.map((f) => (
            <UploadFileRow key={f.key} item={f} caseId={caseId} onRetry={() => void queue.retry(f.key)} onRemove={() => queue.remove(f.key)} />
          ))}
        </ul>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        {failed.length > 0 ? (
          <Button variant="outline" size="sm" onClick={() => void queue.retryAllFailed()} disabled={uploading}>
            <RotateCcw aria-hidden />
            Retry All Failed
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={close}>
          {nothingLeft ? 'Close' : 'Cancel'}
        </Button>
        <Button size="sm" onClick={() => void startUpload()} disabled={selected.length === 0 || busy || uploading}>
          <Upload aria-hidden />
          {selected.length > 1 ? `Upload ${selected.length} Files` : 'Upload'}
        </Button>
      </div>
    </section>
  );
}
