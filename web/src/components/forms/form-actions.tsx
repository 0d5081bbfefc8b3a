import { Button } from '../ui/button';

/**
 * The buttons under an inline form (a comment, a reply, a devlog update): submit, busy (still focused) while the
 * form is being sent, and Cancel when the form can be closed without sending.
 */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" loading={pending}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
