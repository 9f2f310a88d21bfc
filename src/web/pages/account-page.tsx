import { KeyRound, LogOut } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { displayName } from '../../contract/auth.ts';
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT, visibleLength } from '../../contract/password-rules.ts';
import { FormError } from '../components/auth-card.tsx';
import { AuthField } from '../components/auth-form-parts.tsx';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useChangePassword, useSignOutEverywhere } from '../lib/account.ts';
import { errorReason, signInErrorReason } from '../lib/api.ts';
import { useAuth, useAuthConfig } from '../lib/auth.ts';

const section = 'mt-6 rounded-xl border border-border bg-card p-5 shadow-sm';

function ChangePasswordForm() {
  const change = useChangePassword();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const [form, setForm] = useState(empty);
  const [localError, setLocalError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (visibleLength(form.newPassword) < MIN_PASSWORD_LENGTH) {
      setLocalError(`The new password must be at least ${MIN_PASSWORD_LENGTH} visible characters.`);
      return;
    }
    if (form.newPassword !== form.confirm) {
      setLocalError('The two new passwords are not the same.');
      return;
    }
    setLocalError(null);
    change.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword }, { onSuccess: () => setForm(empty) });
  };

  return (
    <form onSubmit={submit} aria-labelledby="password-heading" className={section}>
      <h2 id="password-heading" className="text-base font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">You stay signed in on this device; every other device where you are signed in is signed out.</p>
      <div className="mt-4 grid max-w-md gap-4">
        <FormError message={localError ?? (change.isError ? signInErrorReason(change.error) : null)} />
        <AuthField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          onChange={set('currentPassword')}
        />
        <AuthField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="new-password-hint"
          value={form.newPassword}
          onChange={set('newPassword')}
          hint={
            <p id="new-password-hint" className="text-xs text-muted-foreground">
              {PASSWORD_HINT}
            </p>
          }
        />
        <AuthField
          id="confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set('confirm')}
        />
        <div>
          <Button type="submit" disabled={change.isPending || !form.currentPassword || !form.newPassword || !form.confirm}>
            {change.isPending ? <Spinner className="size-4 text-primary-foreground" label="Changing password" /> : <KeyRound aria-hidden />}
            Change password
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Account (/account): who you are, change your password, sign out on every device. */
export function AccountPage() {
  const { user } = useAuth();
  const config = useAuthConfig();
  const signOut = useSignOutEverywhere();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold text-primary">Your account</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
        <span className="font-medium text-foreground">{displayName(user)}</span>
        {user.email ? <span>{user.email}</span> : null}
        <Badge variant={user.role === 'admin' ? 'accent' : 'default'}>{user.role === 'admin' ? 'Administrator' : 'Member'}</Badge>
      </div>
      {config.data?.mode === 'oidc' ? (
        <section aria-labelledby="password-heading" className={section}>
          <h2 id="password-heading" className="text-base font-semibold">
            Password
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">You sign in through your firm’s sign-in provider; change your password there.</p>
        </section>
      ) : (
        <ChangePasswordForm />
      )}
      <section aria-labelledby="sessions-heading" className={section}>
        <h2 id="sessions-heading" className="text-base font-semibold">
          Sign out everywhere
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Signs you out on every device and browser, this one included. Use it if you signed in on a computer that is not yours, or lost a device.
        </p>
        {signOut.isError ? (
          <div className="mt-3">
            <FormError message={errorReason(signOut.error)} />
          </div>
        ) : null}
        <div className="mt-4">
          <ConfirmDeleteDialog
            title="Sign out everywhere?"
            description="You will be signed out on every device, this one included, and need your password to sign in again."
            confirmLabel="Sign out everywhere"
            onConfirm={() => signOut.mutate()}
          >
            <Button variant="outline" disabled={signOut.isPending}>
              <LogOut aria-hidden />
              Sign out everywhere
            </Button>
          </ConfirmDeleteDialog>
        </div>
      </section>
    </div>
  );
}
