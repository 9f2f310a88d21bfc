// The firm's people: members, and the one-time invitations that let someone create an account.
import { z } from 'zod';

export const INVITATION_DAYS = 7;

export const invitationBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
});
export type InvitationBody = z.infer<typeof invitationBody>;

export const invitationTokenQuery = z.object({
  token: z.string().trim().min(1).max(200),
});

const personRef = z.object({ id: z.string(), name: z.string() }).nullable();

export const member = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  /** How the account came to be; null for accounts older than invitations. */
  joinedVia: z.enum(['first', 'invitation', 'domain', 'open']).nullable(),
  invitedBy: personRef,
  createdAt: z.string(),
  role: z.enum(['admin', 'member']),
});
export type Member = z.infer<typeof member>;

/** PATCH /api/people/:id (administrators): make a member an administrator, or an administrator a member. */
export const memberRoleBody = z.object({ role: z.enum(['admin', 'member'], { error: "role must be 'admin' or 'member'" }) });
export type MemberRoleBody = z.infer<typeof memberRoleBody>;

export const invitationStatus = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof invitationStatus>;

export const invitation = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: personRef,
  createdAt: z.string(),
  expiresAt: z.string(),
  status: invitationStatus,
  acceptedBy: personRef,
});
export type Invitation = z.infer<typeof invitation>;

/** GET /api/people */
export const people = z.object({ members: z.array(member), invitations: z.array(invitation) });
export type People = z.infer<typeof people>;

/** POST /api/invitations: the link is shown once; only a hash of its token is kept. */
export const createdInvitation = invitation.extend({ link: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitation>;

/** GET /api/auth/invitation?token=…: what the sign-up screen shows about a valid invitation. Public. */
export const invitationPreview = z.object({ email: z.string(), invitedBy: z.string().nullable(), expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreview>;
