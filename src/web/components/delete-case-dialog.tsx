import type { ReactNode } from 'react';
import type { CaseRecord } from '../../contract/cases.ts';
import { useDeleteCase } from '../lib/cases.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog.tsx';

/** Asks before deleting a case; deleting a case also removes its documents (spec §5). */
export function DeleteCaseDialog({ item, children }: { item: CaseRecord; children: ReactNode }) {
  const remove = useDeleteCase();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete case {item.caseNumber}?</AlertDialogTitle>
        <AlertDialogDescription>
          This permanently deletes “{item.title}” together with all of its documents, hyperlinks and generated PDFs. This
          cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => remove.mutate(item.id)}>Delete Case</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
