import { create } from 'zustand';

/** App-wide dialogs that any button may open (header, hero, floating button, contact links). */
export type AppDialog = 'auth' | 'submit' | 'contactAdmin';

/** Which app-wide dialog is open, which auth tab it starts on, and why it opened. */
export interface DialogState {
  open: AppDialog | null;
  authTab: 'login' | 'register';
  /** Why the dialog opened when another button asked for it (said first, as its description); null for its own button. */
  note: string | null;
  /** Opens one dialog (closing any other). */
  show: (dialog: AppDialog, options?: { authTab?: 'login' | 'register'; note?: string }) => void;
  /** Closes whatever is open. */
  close: () => void;
}

/** Store of the app-wide dialogs; `useDialogs((s) => s.show)` to open one. */
export const useDialogs = create<DialogState>()((set) => ({
  open: null,
  authTab: 'login',
  note: null,
  show: (dialog, options) => set({ open: dialog, authTab: options?.authTab ?? 'login', note: options?.note ?? null }),
  close: () => set({ open: null }),
}));
