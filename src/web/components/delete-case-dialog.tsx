import type { ReactNode } from 'react';
import type { CaseRecord } from '../../contract/cases.ts';
import { useAuthConfig } from '../lib/auth.ts';
import { useDeleteCase } from '../lib/cases.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';

/** Asks before deleting a case; the case and its documents go to the Trash, which an administrator can restore from. */
export function DeleteCaseDialog({ item, children }: { item: CaseRecord; children: ReactNode }) {
  const remove = useDeleteCase();
  const trashDays = useAuthConfig().data?.trashDays ?? 14;
  return (
    <ConfirmDeleteDialog
      title={<>Delete case {item.caseNumber}?</>}
      description={
        <>
          “{item.title}” goes to the Trash with all of its documents, hyperlinks and generated PDFs, and disappears for
          everyone. An administrator can restore it for {trashDays} days; then it is deleted for good.
        </>
      }
      confirmLabel="Delete Case"
      onConfirm={() => remove.mutate(item.id)}
    >
      {children}
    </ConfirmDeleteDialog>
  );
}
