import { create } from 'zustand';

/** App-wide dialogs that any button may open (header, hero, floating button, contact links). */
export type AppDialog = 'auth' | 'submit' | 'contactAdmin';

/** Which app-wide dialog is open, and which auth tab it starts on. */
export interface DialogState {
  open: AppDialog | null;
  authTab: 'login' | 'register';
  /** Opens one dialog (closing any other). */
  show: (dialog: AppDialog, options?: { authTab?: 'login' | 'register' }) => void;
  /** Closes whatever is open. */
  close: () => void;
}

/** Store of the app-wide dialogs; `useDialogs((s) => s.show)` to open one. */
export const useDialogs = create<DialogState>()((set) => ({
  open: null,
  authTab: 'login',
  show: (dialog, options) => set({ open: dialog, authTab: options?.authTab ?? 'login' }),
  close: () => set({ open: null }),
}));
