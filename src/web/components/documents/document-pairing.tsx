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
        {doc.citeAs ? <span>Cited as “{doc.citeAs}{doc.volume ? ` Vol. ${doc.volume}` : ''}”</span> : doc.volume ? <span>Vol. {doc.volume}</span> : null}
        {briefs.length ? <span>Briefs pointing into it: {briefs.map((b) => b.title).join(', ')}</span> : <span>No brief points into it yet</span>}
      </p>
    );
  }
  if (!doc.recordDocumentId) return null;
  const more = (doc.recordDocumentIds ?? []).slice(1).map((id) => docs.find((d) => d.id === id)?.title ?? 'a trial record of this case');
  return (
    <p className="mt-1 flex min-w-0 flex-wrap items-center gap-1.5 text-xs text-muted-foreground" aria-label="Pairing">
      <Link2 aria-hidden className="size-3.5" />
      <span className="min-w-0 break-words">
        → record: {[record?.title ?? 'a trial record of this case', ...more].join(', ')}
      </span>
      {doc.referenceCount ? (
        <span>
          · {doc.referenceCount} references to the record{doc.unresolvedReferenceCount ? `, ${doc.unresolvedReferenceCount} unresolved` : ''}
        </span>
      ) : null}
    </p>
  );
}

type PairBody = { kind?: 'brief' | 'record'; recordDocumentId?: string | null; recordIds?: string[]; citeAs?: string | null; volume?: number | null };

/** Sets a document's pairing, asking first when the brief has a review its links would lose. */
function usePairWithConfirm(caseId: string, doc: DocumentRecord, onDone?: () => void) {
  const pair = usePairDocument(caseId);
  const [held, setHeld] = useState<PairBody | null>(null);
  const send = (body: PairBody, confirm = false) =>
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
const inputClass = 'h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm';

/** How briefs cite a record (`AB`, `ER`, `Smith Affidavit`) and its volume, as typed. */
export interface CiteFields {
  citeAs: string;
  volume: string;
}

/** Why a typed volume is refused, or null. */
export function volumeError(volume: string): string | null {
  const v = volume.trim();
  if (!v) return null;
  return /^\d{1,3}$/.test(v) && Number(v) >= 1 ? null : 'A volume is a whole number from 1 to 999';
}

/** Kind and trial record fields, shared by the upload form and Edit. */
export function PairingFields({
  idPrefix,
  kind,
  recordId,
  records,
  onChange,
  cite,
  onCiteChange,
  extra,
}: {
  idPrefix: string;
  kind: 'brief' | 'record';
  recordId: string;
  records: readonly DocumentRecord[];
  onChange: (kind: 'brief' | 'record', recordId: string) => void;
  /** A record's citeAs and volume (shown for a record). */
  cite?: CiteFields;
  onCiteChange?: (cite: CiteFields) => void;
  /** Further record documents a brief points into, after the first (Edit only). */
  extra?: { ids: string[]; onChange: (ids: string[]) => void };
}) {
  const volErr = cite ? volumeError(cite.volume) : null;
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
                {r.citeAs ? ` (${r.citeAs}${r.volume ? ` Vol. ${r.volume}` : ''})` : ''}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {kind === 'brief' && extra && recordId && records.length > 1 ? (
        <fieldset className="grid min-w-0 gap-1.5 sm:col-span-2">
          <legend className="text-xs text-muted-foreground">And, after it in the linked PDF, in this order</legend>
          <ul className="flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-sm">
            {records
              .filter((r) => r.id !== recordId)
              .map((r) => {
                const at = extra.ids.indexOf(r.id);
                return (
                  <li key={r.id} className="min-w-0">
                    <label className="flex min-w-0 items-center gap-1.5 break-words">
                      <input
                        type="checkbox"
                        checked={at >= 0}
                        onChange={(e) => extra.onChange(e.target.checked ? [...extra.ids, r.id] : extra.ids.filter((id) => id !== r.id))}
                      />
                      {at >= 0 ? <span className="text-xs text-muted-foreground">{at + 2}.</span> : null}
                      {r.title}
                    </label>
                  </li>
                );
              })}
          </ul>
        </fieldset>
      ) : null}
      {kind === 'record' && cite && onCiteChange ? (
        <>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${idPrefix}-cite-as`} className="text-xs text-muted-foreground">
              Cited in briefs as
            </Label>
            <input
              id={`${idPrefix}-cite-as`}
              className={inputClass}
              value={cite.citeAs}
              maxLength={80}
              placeholder="AB, ER, JA, Tr., Smith Affidavit (empty: read from its cover)"
              onChange={(e) => onCiteChange({ ...cite, citeAs: e.target.value })}
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${idPrefix}-volume`} className="text-xs text-muted-foreground">
              Volume
            </Label>
            <input
              id={`${idPrefix}-volume`}
              className={inputClass}
              inputMode="numeric"
              value={cite.volume}
              placeholder="e.g. 2 (empty: none)"
              aria-invalid={volErr ? true : undefined}
              onChange={(e) => onCiteChange({ ...cite, volume: e.target.value })}
            />
            {volErr ? <p className="text-[11px] text-destructive">{volErr}</p> : null}
          </div>
        </>
      ) : null}
    </>
  );
}

/** The pairing part of Edit: saves kind, records, citeAs and volume when they changed (the links are built again). */
export function usePairingEdit(caseId: string, doc: DocumentRecord, docs: readonly DocumentRecord[], onSaved: () => void) {
  const [kind, setKind] = useState<'brief' | 'record'>(doc.kind);
  const [recordId, setRecordId] = useState(doc.recordDocumentId ?? '');
  const [extraIds, setExtraIds] = useState<string[]>((doc.recordDocumentIds ?? []).slice(1));
  const [cite, setCite] = useState<CiteFields>({ citeAs: doc.citeAs ?? '', volume: doc.volume ? String(doc.volume) : '' });
  const { send, pending, dialog } = usePairWithConfirm(caseId, doc, onSaved);
  const ids = kind === 'brief' && recordId ? [recordId, ...extraIds.filter((id) => id !== recordId)] : [];
  const before = doc.recordDocumentIds ?? (doc.recordDocumentId ? [doc.recordDocumentId] : []);
  const listChanged = ids.join(',') !== before.join(',');
  const nextCite = cite.citeAs.trim() || null;
  const nextVolume = cite.volume.trim() ? Number(cite.volume.trim()) : null;
  const citeChanged = kind === 'record' && (nextCite !== doc.citeAs || nextVolume !== doc.volume);
  const changed = kind !== doc.kind || listChanged || citeChanged;
  const invalid = kind === 'record' && volumeError(cite.volume) !== null;
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
      cite={cite}
      onCiteChange={setCite}
      extra={{ ids: extraIds, onChange: setExtraIds }}
    />
  );
  const save = () => {
    if (!changed || invalid) return;
    // one record or none: the one-record call; several: the records list
    const several = ids.length > 1 || before.length > 1;
    send({
      ...(kind !== doc.kind ? { kind } : {}),
      ...(listChanged && !several ? { recordDocumentId: ids[0] ?? null } : {}),
      ...(listChanged && several ? { recordIds: ids } : {}),
      ...(citeChanged ? { citeAs: nextCite, volume: nextVolume } : {}),
    });
  };
  return { fields, save, changed, pending: pending || invalid, dialog };
}
