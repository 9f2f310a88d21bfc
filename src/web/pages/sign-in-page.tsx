import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard, FormError } from '../components/auth-card.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
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
        <>
          New to Brieflink?{' '}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormError message={signIn.isError ? errorReason(signIn.error) : null} />
        <div className="grid gap-2">
          <Label htmlFor="signin-email">Email</Label>
          <Input id="signin-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="signin-password">Password</Label>
          <Input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={signIn.isPending || !email.trim() || !password}>
          {signIn.isPending ? <Spinner className="size-4 text-primary-foreground" label="Signing in" /> : null}
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
