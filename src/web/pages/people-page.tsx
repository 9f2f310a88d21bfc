import { ShieldCheck, UserMinus } from 'lucide-react';
import type { Invitation, Member } from '../../contract/people.ts';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
import { useAuth } from '../lib/auth.ts';
import { formatDate, usePeople, useRemoveMember, useRevokeInvitation, useSetRole } from '../lib/people.ts';

function joinedHow(m: Member): string {
  if (m.invitedBy) return `Invited by ${m.invitedBy.name}`;
  if (m.joinedVia === 'first') return 'First account';
  if (m.joinedVia === 'domain') return 'Allowed email domain';
  if (m.joinedVia === 'open') return 'Open sign-up';
  if (m.joinedVia === 'invitation') return 'Invited';
  return '—';
}

const statusBadge: Record<Invitation['status'], { label: string; variant: 'default' | 'success' | 'accent' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'accent' },
  accepted: { label: 'Accepted', variant: 'success' },
  revoked: { label: 'Revoked', variant: 'destructive' },
  expired: { label: 'Expired', variant: 'default' },
};

const th = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground';
// On a phone each row becomes a small card: the first cell across, then each value after its column's name.
const td = 'px-4 py-3 align-top max-sm:flex max-sm:items-baseline max-sm:gap-2 max-sm:py-1 [overflow-wrap:anywhere]';
const table = 'w-full text-sm max-sm:block';
const head = 'border-b border-border bg-muted/40 max-sm:hidden';
const row = 'border-b border-border last:border-0 max-sm:block max-sm:py-2';

/** The column's name before a cell's value, on phones only (where the table head is hidden). */
function CellLabel({ children }: { children: string }) {
  return <span className="w-20 shrink-0 text-xs text-muted-foreground sm:hidden">{children}</span>;
}

/** An administrator's actions on a member: make administrator or member, remove (after asking). */
function MemberActions({ member, self }: { member: Member; self: boolean }) {
  const setRole = useSetRole();
  const remove = useRemoveMember();
  const admin = member.role === 'admin';
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={setRole.isPending}
        onClick={() => setRole.mutate({ id: member.id, role: admin ? 'member' : 'admin' })}
        aria-label={admin ? `Make ${member.name} a member` : `Make ${member.name} an administrator`}
      >
        <ShieldCheck aria-hidden />
        {admin ? 'Make member' : 'Make admin'}
      </Button>
      <ConfirmDeleteDialog
        title={self ? <>Remove yourself from the firm?</> : <>Remove {member.name}?</>}
        description={
          <>
            {self ? 'You' : member.name} will lose access at once and be signed out on every device. Cases and documents stay with the firm.
            Coming back needs a new invitation.
          </>
        }
        confirmLabel="Remove"
        onConfirm={() => remove.mutate(member)}
      >
        <Button variant="ghost" size="sm" disabled={remove.isPending} aria-label={`Remove ${member.name}`}>
          <UserMinus aria-hidden />
          Remove
        </Button>
      </ConfirmDeleteDialog>
    </div>
  );
}

/** People (/people): the firm's members, who invited whom, and invitations to create or revoke. */
export function PeoplePage() {
  const people = usePeople();
  const revoke = useRevokeInvitation();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const admins = people.data?.members.filter((m) => m.role === 'admin').map((m) => m.name) ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <h1 className="font-serif text-3xl font-semibold text-primary">People</h1>
        <p className="mt-1 text-muted-foreground">
          Everyone with an account here can see and change every case. New people join by invitation. Administrators invite and remove
          people, and restore deleted cases from the Trash.
        </p>
      </div>
      {isAdmin ? (
        <InviteForm />
      ) : (
        <p className="rounded-xl border border-border bg-card p-5 text-sm text-muted-foreground shadow-sm">
          Only administrators can invite people{admins.length ? <>: ask {admins.join(', ')}</> : null}.
        </p>
      )}
      {people.isLoading ? (
        <PageSpinner />
      ) : people.isError ? (
        <ErrorFallback message={errorReason(people.error)} onReset={() => void people.refetch()} />
      ) : people.data ? (
        <>
          <section aria-labelledby="members-heading" className="mt-8">
            <h2 id="members-heading" className="mb-3 text-lg font-semibold">
              Members ({people.data.members.length})
            </h2>
            <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
              <table className={table}>
                <thead className={head}>
                  <tr>
                    <th className={th}>Name</th>
                    <th className={th}>Email</th>
                    <th className={th}>Joined</th>
                    <th className={th}>How</th>
                    <th className={th}>Role</th>
                    {isAdmin ? (
                      <th className={th}>
                        <span className="sr-only">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody className="max-sm:block">
                  {people.data.members.map((m) => (
                    <tr key={m.id} className={row} aria-label={`Member ${m.name}`}>
                      <td className={`${td} font-medium`}>{m.name}</td>
                      <td className={td}>
                        <CellLabel>Email</CellLabel>
                        {m.email ?? '—'}
                      </td>
                      <td className={td}>
                        <CellLabel>Joined</CellLabel>
                        {formatDate(m.createdAt)}
                      </td>
                      <td className={td}>
                        <CellLabel>How</CellLabel>
                        {joinedHow(m)}
                      </td>
                      <td className={td}>
                        <CellLabel>Role</CellLabel>
                        <Badge variant={m.role === 'admin' ? 'accent' : 'default'}>{m.role === 'admin' ? 'Administrator' : 'Member'}</Badge>
                      </td>
                      {isAdmin ? (
                        <td className={`${td} text-right max-sm:justify-end`}>
                          <MemberActions member={m} self={m.id === user?.id} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="invitations-heading" className="mt-8">
            <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
              Invitations
            </h2>
            {people.data.invitations.length === 0 ? (
              <p className="rounded-xl border border-dashed border-input bg-card px-6 py-8 text-center text-sm text-muted-foreground">No invitations yet.</p>
            ) : (
              <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
                <table className={table}>
                  <thead className={head}>
                    <tr>
                      <th className={th}>Email</th>
                      <th className={th}>Invited by</th>
                      <th className={th}>Sent</th>
                      <th className={th}>Expires</th>
                      <th className={th}>Status</th>
                      <th className={th}>
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="max-sm:block">
                    {people.data.invitations.map((i) => (
                      <tr key={i.id} className={row} aria-label={`Invitation for ${i.email}`}>
                        <td className={`${td} font-medium`}>{i.email}</td>
                        <td className={td}>
                          <CellLabel>Invited by</CellLabel>
                          {i.invitedBy?.name ?? '—'}
                        </td>
                        <td className={td}>
                          <CellLabel>Sent</CellLabel>
                          {formatDate(i.createdAt)}
                        </td>
                        <td className={td}>
                          <CellLabel>Expires</CellLabel>
                          {formatDate(i.expiresAt)}
                        </td>
                        <td className={td}>
                          <CellLabel>Status</CellLabel>
                          <Badge variant={statusBadge[i.status].variant}>{statusBadge[i.status].label}</Badge>
                          {i.acceptedBy ? <span className="ml-2 text-xs text-muted-foreground">by {i.acceptedBy.name}</span> : null}
                        </td>
                        <td className={`${td} text-right max-sm:justify-end`}>
                          {i.status === 'pending' && isAdmin ? (
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={revoke.isPending}
                              onClick={() => revoke.mutate(i.id)}
                              aria-label={`Revoke the invitation for ${i.email}`}
                            >
                              Revoke
                            </Button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
