import { CalendarDays, FolderOpen, Pencil, Scale, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CaseRecord } from '../../contract/cases.ts';
import { formatDate, rememberOpenedCase, useUpdateCase } from '../lib/cases.ts';
import { DeleteCaseDialog } from './delete-case-dialog.tsx';
import { EditField, SaveCancelButtons } from './edit-form-parts.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { COURT_PROFILE_IDS, COURT_PROFILE_NAMES, type CourtProfileId } from '../lib/court-rules.ts';

/** One case on the case list; Edit turns it into an inline form with Save or Cancel. */
export function CaseCard({ item }: { item: CaseRecord }) {
  const [editing, setEditing] = useState(false);
  return (
    <li
      aria-label={`Case ${item.caseNumber}`}
      className="flex min-w-0 flex-col rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      {editing ? <CaseEditForm item={item} onDone={() => setEditing(false)} /> : <CaseSummary item={item} onEdit={() => setEditing(true)} />}
    </li>
  );
}

function CaseSummary({ item, onEdit }: { item: CaseRecord; onEdit: () => void }) {
  const navigate = useNavigate();
  const open = () => {
    rememberOpenedCase(item.id);
    navigate(`/cases/${encodeURIComponent(item.id)}`);
  };
  return (
    <>
      <div className="min-w-0 flex-1 p-5">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 break-all font-mono text-xs font-medium tracking-wide text-muted-foreground">{item.caseNumber}</p>
          <Badge variant={item.status === 'active' ? 'success' : 'default'} className="capitalize">
            {item.status}
          </Badge>
        </div>
        <h3 className="mt-2 line-clamp-2 break-words text-base font-semibold leading-snug" title={item.title}>
          {item.title}
        </h3>
        <dl className="mt-4 grid grid-cols-1 gap-1.5 text-sm text-muted-foreground">
          <div className="flex items-start gap-2">
            <Scale aria-hidden className="mt-0.5 size-4 shrink-0" />
            <dt className="sr-only">Parties</dt>
            <dd className="line-clamp-3 min-w-0 break-words [overflow-wrap:anywhere]" title={`${item.plaintiff} v. ${item.defendant}`}>
              {item.plaintiff} v. {item.defendant}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-4 shrink-0" />
            <dt className="sr-only">Created</dt>
            <dd>Created {formatDate(item.createdAt)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-1.5 border-t border-border px-4 py-3">
        <Button size="sm" onClick={open}>
          <FolderOpen aria-hidden />
          Open
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit case ${item.caseNumber}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <DeleteCaseDialog item={item}>
          <Button size="sm" variant="ghost" className="ml-auto px-2 text-destructive hover:bg-destructive-soft" aria-label={`Delete case ${item.caseNumber}`}>
            <Trash2 aria-hidden />
            Delete
          </Button>
        </DeleteCaseDialog>
      </div>
    </>
  );
}

function CaseEditForm({ item, onDone }: { item: CaseRecord; onDone: () => void }) {
  const update = useUpdateCase();
  const [form, setForm] = useState({
    caseNumber: item.caseNumber,
    title: item.title,
    plaintiff: item.plaintiff,
    defendant: item.defendant,
  });
  const [authorities, setAuthorities] = useState<CaseRecord['authorities']>(item.authorities ?? 'off');
  const [toaTarget, setToaTarget] = useState<CaseRecord['toaTarget']>(item.toaTarget ?? 'first-citation');
  const [court, setCourt] = useState<CourtProfileId>((item.courtProfile as CourtProfileId | null | undefined) ?? 'custom');
  const ready = form.caseNumber.trim() !== '' && form.title.trim() !== '';
  const field = (key: keyof typeof form, label: string) => (
    <EditField
      id={`edit-${key}-${item.id}`}
      label={label}
      value={form[key]}
      onChange={(value) => setForm({ ...form, [key]: value })}
      autoFocus={key === 'caseNumber'}
    />
  );

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    const body = {
      caseNumber: form.caseNumber.trim(),
      title: form.title.trim(),
      plaintiff: form.plaintiff.trim() || undefined,
      defendant: form.defendant.trim() || undefined,
      authorities,
      toaTarget,
      courtProfile: court === 'custom' ? null : court,
    };
    update.mutate({ id: item.id, body }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={save} onKeyDown={(e) => e.key === 'Escape' && onDone()} className="flex flex-1 flex-col">
      <div className="grid flex-1 gap-3 p-5">
        {field('caseNumber', 'Case Number')}
        {field('title', 'Case Title')}
        <div className="grid grid-cols-2 gap-3">
          {field('plaintiff', 'Plaintiff')}
          {field('defendant', 'Defendant')}
        </div>
        <fieldset className="grid gap-2 rounded-md border border-border p-3 text-sm">
          <legend className="px-1 text-xs font-medium text-muted-foreground">Authorities (cases, statutes, rules)</legend>
          <label className="flex flex-wrap items-center justify-between gap-2">
            <span>Link the authorities briefs cite</span>
            <select
              id={`edit-authorities-${item.id}`}
              aria-label="Link authorities"
              className="h-8 rounded-md border border-input bg-background px-1.5 text-sm"
              value={authorities}
              onChange={(e) => setAuthorities(e.target.value === 'on' ? 'on' : 'off')}
            >
              <option value="off">Off</option>
              <option value="on">On</option>
            </select>
          </label>
          <label className="flex flex-wrap items-center justify-between gap-2">
            <span>Table of Authorities rows link to</span>
            <select
              id={`edit-toa-${item.id}`}
              aria-label="Table of Authorities rows link to"
              className="h-8 rounded-md border border-input bg-background px-1.5 text-sm"
              value={toaTarget}
              disabled={authorities === 'off'}
              onChange={(e) => setToaTarget(e.target.value === 'authority' ? 'authority' : 'first-citation')}
            >
              <option value="first-citation">First page citing it</option>
              <option value="authority">The authority</option>
            </select>
          </label>
          <p className="text-xs text-muted-foreground">Applies the next time a brief's links are built.</p>
        </fieldset>
        <label className="grid gap-1.5 text-sm">
          <span>Court rules</span>
          <select
            id={`edit-court-${item.id}`}
            aria-label="Court rules"
            className="h-9 min-w-0 rounded-md border border-input bg-background px-2 text-sm"
            value={court}
            onChange={(e) => setCourt(COURT_PROFILE_IDS.find((id) => id === e.target.value) ?? 'custom')}
          >
            {COURT_PROFILE_IDS.map((id) => (
              <option key={id} value={id}>{COURT_PROFILE_NAMES[id]}</option>
            ))}
          </select>
          <span className="text-xs text-muted-foreground">Checked before filing; the fixes it asks for are written when the PDF is regenerated.</span>
        </label>
      </div>
      <div className="flex items-center gap-2 border-t border-border px-5 py-3">
        <SaveCancelButtons canSave={ready && !update.isPending} onCancel={onDone} />
      </div>
    </form>
  );
}
