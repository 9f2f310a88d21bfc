import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { Spinner } from './ui/spinner.tsx';

type AuthFieldProps = ComponentProps<typeof Input> & { id: string; label: string; hint?: ReactNode };

/** A labelled field of the sign-in and sign-up forms; `hint` shows below the field. */
export function AuthField({ label, hint, ...input }: AuthFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={input.id}>{label}</Label>
      <Input {...input} />
      {hint}
    </div>
  );
}

/** The submit button of the sign-in and sign-up forms, with a spinner named `pendingLabel` while pending. */
export function AuthSubmit({ pending, disabled, pendingLabel, children }: { pending: boolean; disabled: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="mt-2 w-full" disabled={disabled}>
      {pending ? <Spinner className="size-4 text-primary-foreground" label={pendingLabel} /> : null}
      {children}
    </Button>
  );
}

/** The footer line that leads from sign-in to sign-up and back. */
export function AuthSwitch({ question, to, children }: { question: string; to: string; children: ReactNode }) {
  return (
    <>
      {question}{' '}
      <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
        {children}
      </Link>
    </>
  );
}
