import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

interface EditFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  placeholder?: string;
  invalid?: boolean;
}

/** A labelled text field of an inline edit form (case card, document row). */
export function EditField({ id, label, value, onChange, autoFocus, placeholder, invalid }: EditFieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        className="h-9"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
        placeholder={placeholder}
        aria-invalid={invalid ? true : undefined}
      />
    </div>
  );
}

/** Save (submits the form) and Cancel of an inline edit form. */
export function SaveCancelButtons({ canSave, onCancel }: { canSave: boolean; onCancel: () => void }) {
  return (
    <>
      <Button size="sm" type="submit" disabled={!canSave}>
        Save
      </Button>
      <Button size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </>
  );
}
