import type { ReactNode } from 'react';
import type { CaseRecord } from '../../contract/cases.ts';
import { useDeleteCase } from '../lib/cases.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';

/** Asks before deleting a case; deleting a case also removes its documents (spec §5). */
export function DeleteCaseDialog({ item, children }: { item: CaseRecord; children: ReactNode }) {
  const remove = useDeleteCase();
  return (
    <ConfirmDeleteDialog
      title={<>Delete case {item.caseNumber}?</>}
      description={
        <>
          This permanently deletes “{item.title}” together with all of its documents, hyperlinks and generated PDFs. This
          cannot be undone.
        </>
      }
      confirmLabel="Delete Case"
      onConfirm={() => remove.mutate(item.id)}
    >
      {children}
    </ConfirmDeleteDialog>
  );
}
