import { AlertCircle, Download, Eye, ListTree, Loader2, Pencil, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/cases.ts';
import { useReuploadDocument } from '../../lib/document-actions.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { documentUrl, useDeleteDocument, useUpdateDocument } from '../../lib/documents.ts';
import { formatMb } from '../../lib/upload.ts';
import { indexPagesError, useReanalyzeDocument } from '../../lib/reanalyze.ts';
import { hasReview, offersIndexPagesByHand } from '../../lib/review-logic.ts';
import { needsConfirm } from '../../lib/review.ts';
import { ConfirmReviewLoss } from '../review/confirm-review-loss.tsx';
import { Button } from '../ui/button.tsx';
import { EditField, SaveCancelButtons } from '../edit-form-parts.tsx';
import { useDetectIndex } from '../../lib/record-pairing.ts';
import { DeleteDocumentDialog } from './delete-document-dialog.tsx';
import { PairingLine, RecordOffer, usePairingEdit } from './document-pairing.tsx';
import { DocumentStatusBadges } from './document-status-badges.tsx';
import { textLayerNote } from '../../lib/text-layer.ts';
import { RetryDocumentButton } from './retry-document-button.tsx';

interface RowProps {
  doc: DocumentRecord;
  /** Every document of the case (pairing of briefs and trial records). */
  docs: readonly DocumentRecord[];
  caseId: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

/** One document: selection, particulars, status badges, failure reason and its actions (spec §2). */
export function DocumentRow({ doc, docs, caseId, selected, onSelect }: RowProps) {
  const [editing, setEditing] = useState(false);
  return (
    <li aria-label={`Document ${doc.title}`} className="grid grid-cols-1 gap-3 px-4 py-4 sm:px-5">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 cursor-pointer accent-primary"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Select ${doc.title}`}
        />
        <div className="min-w-0 flex-1">
          {editing ? (
            <EditDocumentForm doc={doc} docs={docs} caseId={caseId} onDone={() => setEditing(false)} />
          ) : (
            <>
              <div className="flex flex-wrap items-baseline gap-x-2">
                <h3 className="min-w-0 font-medium [overflow-wrap:anywhere]">{doc.title}</h3>
                {doc.alias ? <span className="min-w-0 text-sm [overflow-wrap:anywhere] text-muted-foreground">({doc.alias})</span> : null}
              </div>
              <p className="mt-0.5 truncate text-xs text-muted-foreground">
                {doc.originalName} · {formatMb(doc.fileSize)}
                {doc.pageCount ? ` · ${doc.pageCount} ${doc.pageCount === 1 ? 'page' : 'pages'}` : ''} · uploaded {formatDate(doc.uploadedAt)}
              </p>
              <PairingLine doc={doc} docs={docs} />
            </>
          )}
          <div className="mt-2">
            <DocumentStatusBadges doc={doc} />
          </div>
          <RecordOffer doc={doc} docs={docs} caseId={caseId} />
          {textLayerNote(doc) ? <p className="mt-1.5 text-xs text-muted-foreground" aria-label="Text layer">{textLayerNote(doc)}</p> : null}
          {doc.failureReason ? (
            <p className="mt-2 flex items-start gap-1.5 text-sm text-destructive">
              <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>{doc.failureReason}</span>
            </p>
          ) : null}
          {offersIndexPagesByHand(doc) ? (
            <Link to={`/cases/${encodeURIComponent(caseId)}/reanalyze`} className="mt-1 inline-block text-xs font-medium text-primary underline-offset-4 hover:underline">
              Set the index pages by hand
            </Link>
          ) : null}
        </div>
      </div>
      {editing ? null : <DocumentActions doc={doc} caseId={caseId} onEdit={() => setEditing(true)} />}
    </li>
  );
}

function DocumentActions({ doc, caseId, onEdit }: { doc: DocumentRecord; caseId: string; onEdit: () => void }) {
  const remove = useDeleteDocument(caseId);
  const detect = useDetectIndex(caseId);
  const reupload = useReuploadDocument(caseId);
  const picker = useRef<HTMLInputElement>(null);
  // A reviewed document asks before its file is replaced (the server wants the confirmation too).
  const [asking, setAsking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  // A file the server held back because the document has a review the person had not confirmed losing.
  const [heldFile, setHeldFile] = useState<File | null>(null);
  const send = (file: File, confirm: boolean) =>
    reupload.mutate(
      { id: doc.id, file, confirm },
      {
        onError: (error) => {
          if (!needsConfirm(error)) return;
          setHeldFile(file);
          setAsking(true);
        },
      },
    );
  const reviewed = hasReview(doc);
  const pick = (confirm: boolean) => {
    setConfirmed(confirm);
    picker.current?.click();
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5 pl-7">
      <Button asChild size="sm" variant="outline">
        <Link to={`/cases/${encodeURIComponent(caseId)}/review/${encodeURIComponent(doc.id)}`} aria-label={`Open ${doc.title}`}>
          <Eye aria-hidden />
          Open
        </Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a href={`${documentUrl(doc.id)}/download`} download aria-label={`Download ${doc.title}`}>
          <Download aria-hidden />
          Download
        </a>
      </Button>
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${doc.title}`}>
        <Pencil aria-hidden />
        Edit
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => (reviewed ? setAsking(true) : pick(false))}
        disabled={reupload.isPending}
        aria-label={`Reupload ${doc.title}`}
      >
        <Upload aria-hidden />
        Reupload
      </Button>
      <ConfirmReviewLoss
        open={asking}
        title={`Replace the file of “${doc.title}”?`}
        action="Reupload anyway"
        onCancel={() => {
          setAsking(false);
          setHeldFile(null);
        }}
        onConfirm={() => {
          setAsking(false);
          if (heldFile) send(heldFile, true);
          else pick(true);
          setHeldFile(null);
        }}
      />
      <input
        ref={picker}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={`New file for ${doc.title}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) send(file, confirmed);
          e.target.value = '';
        }}
      />
      <Button
        size="sm"
        variant="outline"
        onClick={() => detect.mutate({ documentPath: doc.id })}
        disabled={detect.isPending || doc.status === 'awaiting-file'}
        aria-label={`Detect index of ${doc.title}`}
      >
        {detect.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <ListTree aria-hidden />}
        Detect Index
      </Button>
      <RetryDocumentButton doc={doc} caseId={caseId} />
      <DeleteDocumentDialog doc={doc} onConfirm={() => remove.mutate(doc.id)}>
        <Button size="sm" variant="ghost" className="ml-auto text-destructive hover:bg-destructive-soft" aria-label={`Delete ${doc.title}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </DeleteDocumentDialog>
    </div>
  );
}

function EditDocumentForm({ doc, docs, caseId, onDone }: { doc: DocumentRecord; docs: readonly DocumentRecord[]; caseId: string; onDone: () => void }) {
  const update = useUpdateDocument(caseId);
  const reanalyze = useReanalyzeDocument(caseId);
  const [title, setTitle] = useState(doc.title);
  const [alias, setAlias] = useState(doc.alias ?? '');
  const [pages, setPages] = useState(doc.index_pages ?? '');
  const [asking, setAsking] = useState(false);
  const pagesError = indexPagesError(pages);
  const pagesChanged = pages.trim() !== (doc.index_pages ?? '');

  // details, then the trial record (its links are built again), then the index pages
  const afterPairing = () => {
    if (!pagesChanged) onDone();
    else if (hasReview(doc)) setAsking(true);
    else runDetection(false);
  };
  const pairing = usePairingEdit(caseId, doc, docs, afterPairing);
  const runDetection = (confirm: boolean) =>
    reanalyze.mutate({ id: doc.id, indexPages: pages.trim() || null, confirm }, { onSuccess: onDone, onError: (e) => needsConfirm(e) && setAsking(true) });
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || pagesError) return;
    const details = title.trim() !== doc.title || (alias.trim() || null) !== doc.alias;
    const afterDetails = () => (pairing.changed ? pairing.save() : afterPairing());
    if (details) update.mutate({ id: doc.id, body: { title: title.trim(), alias: alias.trim() || null } }, { onSuccess: afterDetails });
    else afterDetails();
  };
  return (
    <form onSubmit={save} onKeyDown={(e) => e.key === 'Escape' && onDone()} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
      <EditField id={`title-${doc.id}`} label="Title" value={title} onChange={setTitle} autoFocus />
      <EditField id={`alias-${doc.id}`} label="Alias" value={alias} onChange={setAlias} />
      <div>
        <EditField id={`index-pages-${doc.id}`} label="Index pages" value={pages} onChange={setPages} placeholder="2,3,4 or 2-5" invalid={Boolean(pagesError)} />
        <p className={`mt-1 text-[11px] ${pagesError ? 'text-destructive' : 'text-muted-foreground'}`}>
          {pagesError ?? (pagesChanged ? 'Saving detects the index again on these pages.' : 'Empty: detected automatically.')}
        </p>
      </div>
      <div className="flex gap-2 sm:pt-5">
        <SaveCancelButtons canSave={title.trim() !== '' && !pagesError && !update.isPending && !reanalyze.isPending && !pairing.pending} onCancel={onDone} />
      </div>
      <div className="grid gap-3 sm:col-span-3 sm:grid-cols-2">{pairing.fields}</div>
      {pairing.dialog}
      <ConfirmReviewLoss
        open={asking}
        title={`Detect the index of “${doc.title}” again?`}
        action="Detect again"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          runDetection(true);
        }}
      />
    </form>
  );
}
