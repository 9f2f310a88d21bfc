import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, TOO_SHORT, visibleLength } from './password-rules.ts';

export { MIN_PASSWORD_LENGTH } from './password-rules.ts';

export const user = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** 'admin' manages the firm's members and the Trash; the firm's first account is one. */
  role: z.enum(['admin', 'member']),
});
export type User = z.infer<typeof user>;

/**
 * At least 10 visible characters (contract/password-rules.ts): invisible characters, spaces at either
 * end and repeated spaces inside do not count. The server's other rules are in auth/password-policy.ts.
 */
export const newPassword = z
  .string()
  .max(MAX_PASSWORD_LENGTH)
  .refine((p) => visibleLength(p) >= MIN_PASSWORD_LENGTH, { message: TOO_SHORT });

export const registerBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  password: newPassword,
  /** The token of an invitation link (/signup?invite=…). */
  invite: z.string().trim().min(1).max(200).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/account/password: the current password proves it is the account's owner. */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, { error: 'Enter your current password' }).max(200),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** GET /api/auth/config: what the sign-in screen should offer. Public. */
export const authConfig = z.object({
  mode: z.enum(['local', 'oidc']),
  maxUploadMb: z.number(),
  retentionDays: z.number(),
  /** TRASH_DAYS: how long a deleted case can be restored. */
  trashDays: z.number().optional(),
  /** PUBLIC_HOST: the production public host, which serves only the landing and legal pages. */
  publicHost: z.string().nullable().optional(),
  /** APP_URL: the app's public base URL; on the public host, sign-in goes there (spec §2). */
  appUrl: z.string().nullable().optional(),
});
export type AuthConfig = z.infer<typeof authConfig>;

/** Spec §3: first letters of first and last name, else first letter of email uppercased, else 'U'. */
export function avatarInitials(u: Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const f = u?.firstName?.trim();
  const l = u?.lastName?.trim();
  if (f && l) return (f[0]! + l[0]!).toUpperCase();
  const e = u?.email?.trim();
  if (e) return e[0]!.toUpperCase();
  return 'U';
}

/** Spec §3: first and last name, else email, else 'User'. */
export function displayName(u: Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const f = u?.firstName?.trim();
  const l = u?.lastName?.trim();
  if (f && l) return `${f} ${l}`;
  if (u?.email?.trim()) return u.email.trim();
  return 'User';
}
