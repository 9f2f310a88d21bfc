import { Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { SUGGESTION_CLOSE_DELAY_MS, SUGGESTION_MIN_CHARS, useMemorySuggestions } from '../../lib/document-memory.ts';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';

export interface DocumentDetails {
  title: string;
  fileNumber: string;
  alias: string;
}

/**
 * The optional details of the next upload, with title suggestions from earlier documents (spec §2, §5).
 * A title, file number and alias describe one document: with several files they are not offered (each
 * document takes its file name; Edit gives one its own title or alias afterwards).
 */
export function DocumentDetailsForm({ value, onChange, several }: { value: DocumentDetails; onChange: (v: DocumentDetails) => void; several: boolean }) {
  if (several) {
    return (
      <fieldset className="grid gap-2 rounded-lg border border-border bg-muted/40 p-4">
        <legend className="px-1 text-sm font-semibold">Document Details</legend>
        <p className="text-sm text-muted-foreground">
          With several files, each document takes its file name as its title. Give a document its own title or alias afterwards with Edit.
        </p>
      </fieldset>
    );
  }
  return <SingleDocumentDetails value={value} onChange={onChange} />;
}

function SingleDocumentDetails({ value, onChange }: { value: DocumentDetails; onChange: (v: DocumentDetails) => void }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suggestions = useMemorySuggestions(value.title);
  const list = value.title.trim().length >= SUGGESTION_MIN_CHARS ? (suggestions.data ?? []) : [];
  const showList = open && list.length > 0;

  return (
    <fieldset className="grid gap-4 rounded-lg border border-border bg-muted/40 p-4">
      <legend className="px-1 text-sm font-semibold">Document Details</legend>
      <div className="relative grid gap-1.5">
        <Label htmlFor="doc-title">
          Document Title <span aria-hidden className="text-destructive">*</span>
        </Label>
        <Input
          id="doc-title"
          required
          aria-required="true"
          role="combobox"
          aria-expanded={showList}
          aria-controls="doc-title-suggestions"
          aria-autocomplete="list"
          autoComplete="off"
          placeholder="e.g. Appellant's Book of Authorities"
          value={value.title}
          onChange={(e) => {
            onChange({ ...value, title: e.target.value });
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), SUGGESTION_CLOSE_DELAY_MS);
          }}
        />
        {showList ? (
          <ul
            id="doc-title-suggestions"
            role="listbox"
            aria-label="Title suggestions"
            className="absolute left-0 right-0 top-full z-20 mt-1 max-h-56 overflow-auto rounded-md border border-border bg-card py-1 shadow-lg"
          >
            {list.map((s) => (
              <li
                key={s.id}
                role="option"
                aria-selected={false}
                className="cursor-pointer px-3 py-2 text-sm hover:bg-muted"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  if (closeTimer.current) clearTimeout(closeTimer.current);
                  onChange({ title: s.documentName, fileNumber: s.fileNumber || value.fileNumber, alias: s.alias || value.alias });
                  setOpen(false);
                }}
              >
                <span className="font-medium">{s.documentName}</span>
                <span className="ml-2 text-xs text-muted-foreground">
                  {[s.fileNumber, s.alias].filter(Boolean).join(' · ')}
                  {s.usageCount > 1 ? ` · used ${s.usageCount}×` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="doc-file-number">File/Case Number</Label>
          <Input id="doc-file-number" value={value.fileNumber} onChange={(e) => onChange({ ...value, fileNumber: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="doc-alias">
            Document Alias <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input id="doc-alias" placeholder="e.g. AB Vol. 1" value={value.alias} onChange={(e) => onChange({ ...value, alias: e.target.value })} />
        </div>
      </div>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Sparkles aria-hidden className="mt-px size-3.5 shrink-0 text-accent" />
        <span>
          <strong className="font-semibold text-foreground">Smart Memory:</strong> titles, file numbers and aliases you use are remembered and
          suggested next time.
        </span>
      </p>
    </fieldset>
  );
}
