import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../ui/alert-dialog.tsx';
import { buttonVariants } from '../ui/button.tsx';
import * as Primitive from '@radix-ui/react-alert-dialog';

/** Asks before a change that undoes a document's review (relink, reupload, new index pages; DESIGN §7). */
export function ConfirmReviewLoss({
  open,
  title,
  action,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  action: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>
          This document has been reviewed. Going on withdraws its approval and the reviewer's decisions on its links are checked again: it
          must be reviewed and approved again before it can be filed.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Primitive.Action className={buttonVariants({ variant: 'destructive' })} onClick={onConfirm}>
            {action}
          </Primitive.Action>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
