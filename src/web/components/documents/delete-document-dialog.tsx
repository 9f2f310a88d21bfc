import type { ReactNode } from 'react';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog.tsx';

/** Asks before deleting a document (spec §5). */
export function DeleteDocumentDialog({ doc, onConfirm, children }: { doc: DocumentRecord; onConfirm: () => void; children: ReactNode }) {
  return (
    <ConfirmDeleteDialog
      title={<>Delete “{doc.title}”?</>}
      description="This permanently deletes the document with its index, hyperlinks and generated PDFs. This cannot be undone."
      confirmLabel="Delete Document"
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDeleteDialog>
  );
}
