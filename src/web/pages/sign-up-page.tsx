import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard, FormError } from '../components/auth-card.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
import { useLocalAuth } from '../lib/use-sign-in.ts';

export const MIN_PASSWORD_LENGTH = 10;

export function SignUpPage() {
  const signUp = useLocalAuth('/api/auth/local/register');
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [localError, setLocalError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.password.length < MIN_PASSWORD_LENGTH) {
      setLocalError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    setLocalError(null);
    signUp.mutate({
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      password: form.password,
    });
  };
  const complete = form.firstName.trim() && form.lastName.trim() && form.email.trim() && form.password;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start turning briefs into court-ready hyperlinked PDFs."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signin" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormError message={localError ?? (signUp.isError ? errorReason(signUp.error) : null)} />
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-2">
            <Label htmlFor="signup-first">First name</Label>
            <Input id="signup-first" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="signup-last">Last name</Label>
            <Input id="signup-last" autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="signup-email">Email</Label>
          <Input id="signup-email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="signup-password">Password</Label>
          <Input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby="signup-password-hint"
            value={form.password}
            onChange={set('password')}
          />
          <p id="signup-password-hint" className="text-xs text-muted-foreground">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        </div>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={signUp.isPending || !complete}>
          {signUp.isPending ? <Spinner className="size-4 text-primary-foreground" label="Creating account" /> : null}
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
