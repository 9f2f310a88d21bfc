import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useCreateCase } from '../lib/cases.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

/** New case: case number and title are required and trimmed; the button stays disabled without them. */
export function CreateCaseForm() {
  const create = useCreateCase();
  const [caseNumber, setCaseNumber] = useState('');
  const [title, setTitle] = useState('');
  const ready = caseNumber.trim() !== '' && title.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    create.mutate(
      { caseNumber: caseNumber.trim(), title: title.trim() },
      {
        onSuccess: () => {
          setCaseNumber('');
          setTitle('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby="new-case-heading" className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <h2 id="new-case-heading" className="text-base font-semibold">
        Create New Case
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] md:items-end">
        <div className="grid gap-2">
          <Label htmlFor="new-case-number">Case Number</Label>
          <Input id="new-case-number" placeholder="e.g. CV-2024-00123" value={caseNumber} onChange={(e) => setCaseNumber(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="new-case-title">Case Title</Label>
          <Input id="new-case-title" placeholder="e.g. Smith v. Jones" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <Button type="submit" disabled={!ready || create.isPending}>
          <Plus aria-hidden />
          Create Case
        </Button>
      </div>
    </form>
  );
}
