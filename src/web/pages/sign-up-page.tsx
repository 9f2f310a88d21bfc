import { useState, type FormEvent } from 'react';
import { AuthCard, FormError } from '../components/auth-card.tsx';
import { AuthField, AuthSubmit, AuthSwitch } from '../components/auth-form-parts.tsx';
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
        <AuthSwitch question="Already have an account?" to="/signin">
          Sign in
        </AuthSwitch>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormError message={localError ?? (signUp.isError ? errorReason(signUp.error) : null)} />
        <div className="grid grid-cols-2 gap-3">
          <AuthField id="signup-first" label="First name" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
          <AuthField id="signup-last" label="Last name" autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />
        </div>
        <AuthField id="signup-email" label="Email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <AuthField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="signup-password-hint"
          value={form.password}
          onChange={set('password')}
          hint={
            <p id="signup-password-hint" className="text-xs text-muted-foreground">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
          }
        />
        <AuthSubmit pending={signUp.isPending} pendingLabel="Creating account" disabled={signUp.isPending || !complete}>
          Create Account
        </AuthSubmit>
      </form>
    </AuthCard>
  );
}
