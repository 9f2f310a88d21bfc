import { AppError } from '../errors.ts';

/** ALLOWED_EMAIL_DOMAINS: when set, only those domains may sign in (both local and OpenID Connect). */
export function assertEmailAllowed(email: string | null | undefined, allowed: string[]): void {
  if (allowed.length === 0) return;
  const domain = email?.split('@').pop()?.toLowerCase();
  if (!email || !domain || !allowed.includes(domain)) {
    throw new AppError(
      'forbidden',
      `Sign-in is limited to email addresses at ${allowed.join(', ')}. Ask your administrator for access.`,
    );
  }
}
