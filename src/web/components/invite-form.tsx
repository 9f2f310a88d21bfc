import { Copy, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CreatedInvitation } from '../../contract/people.ts';
import { INVITATION_DAYS } from '../../contract/people.ts';
import { errorReason } from '../lib/api.ts';
import { useCreateInvitation } from '../lib/people.ts';
import { toast } from '../lib/toast-store.ts';
import { FormError } from './auth-card.tsx';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

/** Invite someone by email; the one-time link is shown once, to send to them. */
export function InviteForm() {
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<CreatedInvitation | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    create.mutate(
      { email: email.trim() },
      {
        onSuccess: (invitation) => {
          setCreated(invitation);
          setEmail('');
        },
      },
    );
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.link);
      toast({ title: 'Invitation link copied', variant: 'success' });
    } catch {
      toast({ title: 'Copy the link by hand', description: 'The browser did not allow copying.', variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="invite-heading" className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <h2 id="invite-heading" className="text-base font-semibold">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        They get a link that creates one account for that email address. It works once and for {INVITATION_DAYS} days.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
        <div className="grid gap-2">
          <Label htmlFor="invite-email">Email</Label>
          <Input id="invite-email" type="email" placeholder="e.g. counsel@firm.example" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Button type="submit" disabled={!email.trim() || create.isPending}>
          <UserPlus aria-hidden />
          Create invitation
        </Button>
      </div>
      {create.isError ? (
        <div className="mt-4">
          <FormError message={errorReason(create.error)} />
        </div>
      ) : null}
      {created ? (
        <div className="mt-4 grid gap-2 rounded-lg border border-border bg-muted/40 p-4" data-testid="invitation-link">
          <Label htmlFor="invite-link">Send this link to {created.email}</Label>
          <div className="flex gap-2">
            <Input id="invite-link" readOnly value={created.link} onFocus={(e) => e.target.select()} />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden />
              Copy link
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">The link is shown only now. If it is lost, revoke it below and invite again.</p>
        </div>
      ) : null}
    </form>
  );
}
