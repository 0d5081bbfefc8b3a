import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogFooter } from './dialog';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What the action does and whether it can be undone, word for word. */
  message: string;
  /** The destructive button's label ('Delete', 'Revoke token'). */
  confirmLabel: string;
  /** The action is running: the buttons wait and the dialog cannot be dismissed. */
  busy: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or the backdrop (never while busy). */
  onCancel: () => void;
  /** Fields the action needs (a moderation's public reason), above the buttons. */
  children?: ReactNode;
}

/**
 * Asks before a destructive action: its title and message, Cancel and the action's button. The caller
 * runs the action and closes the dialog when it settles; focus then returns to what opened it, or to
 * a neighbour when that is gone (components/ui/dialog.tsx).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title={title}
      description={message}
    >
      {children}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
