import type { ReactNode } from 'react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../ui/alert-dialog.tsx';

/** Asks before deleting a document (spec §5). */
export function DeleteDocumentDialog({ doc, onConfirm, children }: { doc: DocumentRecord; onConfirm: () => void; children: ReactNode }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete “{doc.title}”?</AlertDialogTitle>
        <AlertDialogDescription>
          This permanently deletes the document with its index, hyperlinks and generated PDFs. This cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete Document</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
