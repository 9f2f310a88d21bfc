import { BookOpen, Link2 } from 'lucide-react';
import { useState } from 'react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { offeredRecord, pairingOf, recordsOf, usePairDocument } from '../../lib/record-pairing.ts';
import { needsConfirm } from '../../lib/review.ts';
import { ConfirmReviewLoss } from '../review/confirm-review-loss.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Label } from '../ui/label.tsx';

/** What a document points into, or which briefs point into it (DESIGN §4). */
export function PairingLine({ doc, docs }: { doc: DocumentRecord; docs: readonly DocumentRecord[] }) {
  const { record, briefs } = pairingOf(doc, docs);
  if (doc.kind === 'record') {
    return (
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground" aria-label="Pairing">
        <Badge variant="accent" className="gap-1">
          <BookOpen aria-hidden className="size-3" />
          Trial record
        </Badge>
        {briefs.length ? <span>Briefs pointing into it: {briefs.map((b) => b.title).join(', ')}</span> : <span>No brief points into it yet</span>}
      </p>
    );
  }
  if (!doc.recordDocumentId) return null;
  return (
    <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground" aria-label="Pairing">
      <Link2 aria-hidden className="size-3.5" />
      <span>→ record: {record?.title ?? 'a trial record of this case'}</span>
    </p>
  );
}

/** Sets a document's pairing, asking first when the brief has a review its links would lose. */
function usePairWithConfirm(caseId: string, doc: DocumentRecord, onDone?: () => void) {
  const pair = usePairDocument(caseId);
  const [held, setHeld] = useState<{ kind?: 'brief' | 'record'; recordDocumentId?: string | null } | null>(null);
  const send = (body: { kind?: 'brief' | 'record'; recordDocumentId?: string | null }, confirm = false) =>
    pair.mutate(
      { id: doc.id, body: { ...body, ...(confirm ? { confirm: true } : {}) } },
      { onSuccess: () => onDone?.(), onError: (e) => needsConfirm(e) && setHeld(body) },
    );
  const dialog = (
    <ConfirmReviewLoss
      open={held !== null}
      title={`Change the trial record of “${doc.title}”?`}
      action="Change the record"
      onCancel={() => setHeld(null)}
      onConfirm={() => {
        const body = held!;
        setHeld(null);
        send(body, true);
      }}
    />
  );
  return { send, pending: pair.isPending, dialog };
}

/** A brief whose items are not found in itself is offered the case's trial record. */
export function RecordOffer({ doc, docs, caseId }: { doc: DocumentRecord; docs: readonly DocumentRecord[]; caseId: string }) {
  const record = offeredRecord(doc, docs);
  const { send, pending, dialog } = usePairWithConfirm(caseId, doc);
  if (!record) return null;
  return (
    <div role="note" className="mt-2 flex flex-wrap items-center gap-2 rounded-md border border-accent/40 bg-accent-soft/50 px-3 py-2 text-sm">
      <span>Items point outside this brief — attach the trial record “{record.title}”?</span>
      <Button size="sm" variant="outline" disabled={pending} onClick={() => send({ recordDocumentId: record.id })}>
        <Link2 aria-hidden />
        Attach the record
      </Button>
      {dialog}
    </div>
  );
}

const selectClass = 'h-9 w-full rounded-md border border-input bg-background px-2 text-sm';

/** Kind and trial record fields, shared by the upload form and Edit. */
export function PairingFields({
  idPrefix,
  kind,
  recordId,
  records,
  onChange,
}: {
  idPrefix: string;
  kind: 'brief' | 'record';
  recordId: string;
  records: readonly DocumentRecord[];
  onChange: (kind: 'brief' | 'record', recordId: string) => void;
}) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-kind`} className="text-xs text-muted-foreground">
          Document kind
        </Label>
        <select id={`${idPrefix}-kind`} className={selectClass} value={kind} onChange={(e) => onChange(e.target.value as 'brief' | 'record', e.target.value === 'record' ? '' : recordId)}>
          <option value="brief">Brief</option>
          <option value="record">Trial record</option>
        </select>
      </div>
      {kind === 'brief' ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-record`} className="text-xs text-muted-foreground">
            Links point into
          </Label>
          <select id={`${idPrefix}-record`} className={selectClass} value={recordId} onChange={(e) => onChange(kind, e.target.value)} disabled={records.length === 0 && !recordId}>
            <option value="">{records.length ? 'Its own pages (no trial record)' : 'Its own pages (no trial record in this case)'}</option>
            {records.map((r) => (
              <option key={r.id} value={r.id}>
                Trial record: {r.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}

/** The pairing part of Edit: saves kind and record when they changed (the links are built again). */
export function usePairingEdit(caseId: string, doc: DocumentRecord, docs: readonly DocumentRecord[], onSaved: () => void) {
  const [kind, setKind] = useState<'brief' | 'record'>(doc.kind);
  const [recordId, setRecordId] = useState(doc.recordDocumentId ?? '');
  const { send, pending, dialog } = usePairWithConfirm(caseId, doc, onSaved);
  const changed = kind !== doc.kind || (recordId || null) !== doc.recordDocumentId;
  const fields = (
    <PairingFields
      idPrefix={`pair-${doc.id}`}
      kind={kind}
      recordId={recordId}
      records={recordsOf(docs, doc.id)}
      onChange={(k, r) => {
        setKind(k);
        setRecordId(r);
      }}
    />
  );
  const save = () => {
    if (!changed) return;
    send({
      ...(kind !== doc.kind ? { kind } : {}),
      ...((recordId || null) !== doc.recordDocumentId ? { recordDocumentId: recordId || null } : {}),
    });
  };
  return { fields, save, changed, pending, dialog };
}
