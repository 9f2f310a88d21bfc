import { RotateCcw, Trash2 } from 'lucide-react';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { errorReason } from '../lib/api.ts';
import { useAuth } from '../lib/auth.ts';
import { formatDate } from '../lib/cases.ts';
import { useDeleteCaseNow, useRestoreCase, useTrash } from '../lib/trash.ts';

const th = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground';
// On a phone each row becomes a small card, as on People.
const td = 'px-4 py-3 align-top max-sm:flex max-sm:items-baseline max-sm:gap-2 max-sm:py-1 [overflow-wrap:anywhere]';

function CellLabel({ children }: { children: string }) {
  return <span className="w-24 shrink-0 text-xs text-muted-foreground sm:hidden">{children}</span>;
}

function TrashList() {
  const trash = useTrash();
  const restore = useRestoreCase();
  const deleteNow = useDeleteCaseNow();
  if (trash.isLoading) return <PageSpinner />;
  if (trash.isError) return <ErrorFallback message={errorReason(trash.error)} onReset={() => void trash.refetch()} />;
  if (!trash.data) return null;
  const { cases, trashDays } = trash.data;
  return (
    <>
      <p className="mt-1 text-muted-foreground">
        Deleted cases stay here for {trashDays} days, then they are deleted for good with their documents and files. Only administrators see the Trash.
      </p>
      {cases.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-input bg-card px-6 py-8 text-center text-sm text-muted-foreground">The Trash is empty.</p>
      ) : (
        <div className="mt-8 overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
          <table className="w-full text-sm max-sm:block">
            <thead className="border-b border-border bg-muted/40 max-sm:hidden">
              <tr>
                <th className={th}>Case</th>
                <th className={th}>Deleted</th>
                <th className={th}>Documents</th>
                <th className={th}>Deleted for good on</th>
                <th className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {cases.map((c) => (
                <tr key={c.id} className="border-b border-border last:border-0 max-sm:block max-sm:py-2" aria-label={`Deleted case ${c.caseNumber}`}>
                  <td className={td}>
                    <span className="font-medium">{c.caseNumber}</span>
                    <span className="ml-2 text-muted-foreground">{c.title}</span>
                  </td>
                  <td className={td}>
                    <CellLabel>Deleted</CellLabel>
                    {formatDate(c.deletedAt)}
                    {c.deletedBy ? <span className="text-muted-foreground"> by {c.deletedBy.name}</span> : null}
                  </td>
                  <td className={td}>
                    <CellLabel>Documents</CellLabel>
                    {c.documentCount}
                  </td>
                  <td className={td}>
                    <CellLabel>Deleted for good on</CellLabel>
                    {formatDate(c.purgeAt)}
                  </td>
                  <td className={`${td} whitespace-nowrap text-right max-sm:justify-end`}>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={restore.isPending}
                      onClick={() => restore.mutate(c.id)}
                      aria-label={`Restore case ${c.caseNumber}`}
                    >
                      <RotateCcw aria-hidden />
                      Restore
                    </Button>
                    <ConfirmDeleteDialog
                      title={<>Delete case {c.caseNumber} now?</>}
                      description={
                        <>
                          This permanently deletes “{c.title}” together with all of its documents, hyperlinks and generated PDFs. This cannot be
                          undone.
                        </>
                      }
                      confirmLabel="Delete now"
                      onConfirm={() => deleteNow.mutate(c.id)}
                    >
                      <Button variant="ghost" size="sm" className="ml-2" disabled={deleteNow.isPending} aria-label={`Delete case ${c.caseNumber} now`}>
                        <Trash2 aria-hidden />
                        Delete now
                      </Button>
                    </ConfirmDeleteDialog>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Trash (/trash, administrators): deleted cases to restore, or delete for good at once. */
export function TrashPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold text-primary">Trash</h1>
      {user?.role === 'admin' ? (
        <TrashList />
      ) : (
        <p className="mt-1 text-muted-foreground">Only administrators of your firm can see the Trash and restore deleted cases. Ask one of them on the People page.</p>
      )}
    </div>
  );
}
