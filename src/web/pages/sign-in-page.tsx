import { useState, type FormEvent } from 'react';
import { AuthCard, FormError } from '../components/auth-card.tsx';
import { AuthField, AuthSubmit, AuthSwitch } from '../components/auth-form-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { signInErrorReason } from '../lib/api.ts';
import { useAuthConfig } from '../lib/auth.ts';
import { useLocalAuth } from '../lib/use-sign-in.ts';

export function SignInPage() {
  const config = useAuthConfig();
  const signIn = useLocalAuth('/api/auth/local/login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (config.data?.mode === 'oidc') {
    return (
      <AuthCard title="Sign in" subtitle="Use your firm's sign-in to continue." footer={null}>
        <Button asChild className="w-full" size="lg">
          <a href="/api/login">Continue to sign-in</a>
        </Button>
      </AuthCard>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard
      title="Sign in to Brieflink"
      subtitle="Welcome back. Enter your email and password."
      footer={
        <AuthSwitch question="New to Brieflink?" to="/signup">
          Create an account
        </AuthSwitch>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormError message={signIn.isError ? signInErrorReason(signIn.error) : null} />
        <AuthField id="signin-email" label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <AuthField
          id="signin-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <AuthSubmit pending={signIn.isPending} pendingLabel="Signing in" disabled={signIn.isPending || !email.trim() || !password}>
          Sign In
        </AuthSubmit>
      </form>
    </AuthCard>
  );
}
