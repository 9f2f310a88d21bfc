// Who may have an account: one deployment is one firm. The first account is free; after that an
// account is created only with an invitation, or for an address at one of ALLOWED_EMAIL_DOMAINS, or by
// anyone when REGISTRATION=open. The decision uses the address, the invitation and the configuration
// only, never whether the address already has an account, so a refusal tells nothing about members.
import { sql } from 'drizzle-orm';
import type { Tx } from '../audit.ts';
import type { Config } from '../config.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { pendingInvitationFor, usableInvitation } from './invitations.ts';

export type JoinedVia = 'first' | 'invitation' | 'domain' | 'open';

export interface Admission {
  via: JoinedVia;
  invitation: { id: string; invitedBy: string | null } | null;
}

export const INVITATION_NEEDED =
  'Creating an account here needs an invitation from a member of your firm. Ask a colleague who uses Brieflink to invite you.';

/** Serialises account creation, so two first sign-ups at once cannot both be the first. */
const ACCOUNT_LOCK = 0x6272_6163; // 'brac'

function domainOf(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  return at > 0 ? email!.slice(at + 1).toLowerCase() : null;
}

export function domainAllowed(email: string | null | undefined, config: Config): boolean {
  const domain = domainOf(email);
  return domain !== null && config.allowedEmailDomains.includes(domain);
}

/**
 * Whether `email` may create an account now, inside the transaction that creates it. `verified` says
 * whether the address is proven (a sign-in provider's verified claim); an unproven address of an
 * OpenID Connect sign-in gains nothing from a domain or a pending invitation. Throws 403 when not.
 */
export async function admit(
  tx: Tx,
  config: Config,
  email: string | null,
  options: { inviteToken?: string; verified: boolean },
): Promise<Admission> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK})`);
  if (options.inviteToken) {
    const row = await usableInvitation(tx, options.inviteToken, email ?? '');
    return { via: 'invitation', invitation: { id: row.id, invitedBy: row.invitedBy } };
  }
  const domainOk = options.verified && domainAllowed(email, config);
  // ALLOWED_EMAIL_DOMAINS, when set, bounds open sign-up too: only invitations reach past it.
  if (config.registration === 'open' && config.allowedEmailDomains.length === 0) return { via: 'open', invitation: null };
  // With ALLOWED_EMAIL_DOMAINS set, even the first account must be at one of them.
  const firstOk = config.allowedEmailDomains.length === 0 || domainOk;
  if (firstOk) {
    const [any] = await tx.select({ id: users.id }).from(users).limit(1);
    if (!any) return { via: 'first', invitation: null };
  }
  if (domainOk) return { via: 'domain', invitation: null };
  // A sign-in provider proves the address, so its invitation needs no link.
  const pending = email && options.verified && config.oidc ? await pendingInvitationFor(tx, email) : null;
  if (pending) return { via: 'invitation', invitation: { id: pending.id, invitedBy: pending.invitedBy } };
  throw new AppError('forbidden', invitationNeeded(config));
}

/**
 * The role of an account about to be created, inside the transaction that `admit` locked: the firm's
 * first account (however it joined, open sign-up included) is its administrator.
 */
export async function roleForNewAccount(tx: Tx): Promise<'admin' | 'member'> {
  const [any] = await tx.select({ id: users.id }).from(users).limit(1);
  return any ? 'member' : 'admin';
}

export function invitationNeeded(config: Config): string {
  const domains = config.allowedEmailDomains;
  if (!domains.length) return INVITATION_NEEDED;
  return `Creating an account here needs an invitation from a member of your firm, or an email address at ${domains.join(', ')}.`;
}

/**
 * Whether an existing account may sign in: with ALLOWED_EMAIL_DOMAINS set, an account outside those
 * domains keeps access only when a member invited it.
 */
export function assertMayUseAccount(user: { email: string | null; joinedVia: string | null }, config: Config): void {
  if (config.allowedEmailDomains.length === 0 || user.joinedVia === 'invitation') return;
  if (!domainAllowed(user.email, config)) {
    throw new AppError(
      'forbidden',
      `Sign-in is limited to email addresses at ${config.allowedEmailDomains.join(', ')}. Ask your administrator for access.`,
    );
  }
}
