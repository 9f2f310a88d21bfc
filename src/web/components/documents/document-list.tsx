import { FileText, Search } from 'lucide-react';
import { useState } from 'react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { Input } from '../ui/input.tsx';
import { DocumentRow } from './document-row.tsx';

function matches(doc: DocumentRecord, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [doc.title, doc.alias ?? '', doc.originalName].some((s) => s.toLowerCase().includes(needle));
}

/** The case's documents with search and select all (spec §2). */
export function DocumentList({
  caseId,
  documents,
  selected,
  onSelectedChange,
}: {
  caseId: string;
  documents: DocumentRecord[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
}) {
  const [query, setQuery] = useState('');
  const shown = documents.filter((d) => matches(d, query));
  const allShownSelected = shown.length > 0 && shown.every((d) => selected.has(d.id));

  if (documents.length === 0) {
    return (
      <div className="px-6 py-12 text-center">
        <FileText aria-hidden className="mx-auto size-10 text-muted-foreground/60" />
        <p className="mt-3 font-medium">No documents in this case yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Upload a brief or record to detect its index and build its hyperlinks.</p>
      </div>
    );
  }

  const toggleAll = (on: boolean) => {
    const next = new Set(selected);
    for (const d of shown) {
      if (on) next.add(d.id);
      else next.delete(d.id);
    }
    onSelectedChange(next);
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3 sm:px-5">
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={allShownSelected} onChange={(e) => toggleAll(e.target.checked)} />
          Select all
        </label>
        <div className="relative ml-auto w-full sm:w-72">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input type="search" aria-label="Search documents" placeholder="Search documents" className="h-9 pl-9" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-muted-foreground">No documents match “{query.trim()}”.</p>
      ) : (
        <ul aria-label="Documents" className="divide-y divide-border">
          {shown.map((d) => (
            <DocumentRow
              key={d.id}
              doc={d}
              docs={documents}
              caseId={caseId}
              selected={selected.has(d.id)}
              onSelect={(on) => {
                const next = new Set(selected);
                if (on) next.add(d.id);
                else next.delete(d.id);
                onSelectedChange(next);
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}
