import { useState } from 'react';
import { ConfirmDialog as UiConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Textarea } from '../../../components/ui/field';

/** What a pending confirmation asks and does. */
export interface Confirmation {
  title: string;
  /** The confirmation text, word for word. */
  message: string;
  confirmLabel: string;
  /** A moderation the public log records: the dialog asks for its public reason. */
  withReason?: boolean;
  /** Runs the action with the public reason typed (blank: the moderation log's standard wording). */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** The public reason's field: what the moderation log at /moderation shows beside the action. */
function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label="Public reason (optional)"
      hint="Shown in the public moderation log. Leave it empty for the standard wording."
      className="mb-4"
    >
      {(p) => <Textarea {...p} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/**
 * A moderation confirmation (delete user, delete project, hide with a reason) with its confirmation
 * text and the public reason's field; the action runs while the dialog shows its busy state, and the
 * dialog closes when it settles.
 */
export function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const run = async () => {
    if (!confirmation) return;
    setBusy(true);
    try {
      await confirmation.onConfirm(reason);
    } finally {
      setBusy(false);
      close();
    }
  };
  return (
    <UiConfirmDialog
      open={confirmation !== null}
      title={confirmation?.title ?? ''}
      message={confirmation?.message ?? ''}
      confirmLabel={confirmation?.confirmLabel ?? ''}
      busy={busy}
      onConfirm={() => void run()}
      onCancel={close}
    >
      {confirmation?.withReason ? <ReasonField value={reason} onChange={setReason} /> : null}
    </UiConfirmDialog>
  );
}
