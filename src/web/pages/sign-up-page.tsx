import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT, visibleLength } from '../../contract/password-rules.ts';
import type { InvitationPreview } from '../../contract/people.ts';
import { AuthCard, FormError } from '../components/auth-card.tsx';
import { AuthField, AuthSubmit, AuthSwitch } from '../components/auth-form-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { errorReason, signInErrorReason } from '../lib/api.ts';
import { useAuthConfig } from '../lib/auth.ts';
import { formatDate, useInvitationPreview } from '../lib/people.ts';
import { useLocalAuth } from '../lib/use-sign-in.ts';


const signInInstead = (
  <AuthSwitch question="Already have an account?" to="/signin">
    Sign in
  </AuthSwitch>
);

/** Sign-up; with ?invite=… it shows who invited whom and creates the account for the invited address. */
export function SignUpPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite')?.trim() || null;
  const preview = useInvitationPreview(invite);
  const config = useAuthConfig();

  if (!invite) return <SignUpForm invitation={null} invite={null} />;
  if (preview.isLoading) return <PageSpinner />;
  if (preview.isError || !preview.data) {
    return (
      <AuthCard title="This invitation cannot be used" subtitle="Invitation links work once and for a limited time." footer={signInInstead}>
        <FormError message={errorReason(preview.error)} />
      </AuthCard>
    );
  }
  if (config.data?.mode === 'oidc') {
    return (
      <AuthCard title="You are invited" subtitle={invitedText(preview.data)} footer={null}>
        <p className="mb-4 text-sm text-muted-foreground">Sign in with your firm&apos;s sign-in as {preview.data.email}.</p>
        <Button asChild className="w-full" size="lg">
          <a href="/api/login">Continue to sign-in</a>
        </Button>
      </AuthCard>
    );
  }
  return <SignUpForm invitation={preview.data} invite={invite} />;
}

function invitedText(invitation: InvitationPreview): string {
  const by = invitation.invitedBy ?? 'A member of your firm';
  return `${by} invited you to Brieflink. The invitation is valid until ${formatDate(invitation.expiresAt)}.`;
}

function SignUpForm({ invitation, invite }: { invitation: InvitationPreview | null; invite: string | null }) {
  const signUp = useLocalAuth('/api/auth/local/register');
  const [form, setForm] = useState({ firstName: '', lastName: '', email: invitation?.email ?? '', password: '' });
  const [localError, setLocalError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (visibleLength(form.password) < MIN_PASSWORD_LENGTH) {
      setLocalError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    setLocalError(null);
    signUp.mutate({
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      password: form.password,
      ...(invite ? { invite } : {}),
    });
  };
  const complete = form.firstName.trim() && form.lastName.trim() && form.email.trim() && form.password;

  return (
    <AuthCard
      title={invitation ? 'Accept your invitation' : 'Create your account'}
      subtitle={invitation ? invitedText(invitation) : 'Start turning briefs into court-ready hyperlinked PDFs.'}
      footer={signInInstead}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormError message={localError ?? (signUp.isError ? signInErrorReason(signUp.error) : null)} />
        <div className="grid grid-cols-2 gap-3">
          <AuthField id="signup-first" label="First name" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
          <AuthField id="signup-last" label="Last name" autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />
        </div>
        <AuthField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(invitation)}
          value={form.email}
          onChange={set('email')}
        />
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
              {PASSWORD_HINT}
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
