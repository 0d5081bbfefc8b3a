import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';

/** What a pending confirmation asks and does. */
export interface Confirmation {
  title: string;
  /** The confirmation text, word for word. */
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}

/**
 * A destructive confirmation (delete user, delete project) with its confirmation text; the action runs
 * while the dialog shows its busy state, and the dialog closes when it settles.
 */
export function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!confirmation) return;
    setBusy(true);
    try {
      await confirmation.onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog
      open={confirmation !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={confirmation?.title ?? ''}
      description={confirmation?.message}
    >
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={() => void run()} loading={busy}>
          {confirmation?.confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
