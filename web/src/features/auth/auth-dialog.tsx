import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { useDialogs } from '../../stores/dialogs';
import { siteName } from '../../lib/site';
import { AuthTabs, type AuthTab } from './auth-forms';

/** The login / sign-up dialog: a welcome title and the Login and Sign Up tabs. Closes on success. */
export function AuthDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const initialTab = useDialogs((s) => s.authTab);
  // The tab the user picked stands until the dialogs store asks for another one (show('auth', tab)).
  const [picked, setPicked] = useState<{ from: AuthTab; tab: AuthTab } | null>(null);
  const tab = picked && picked.from === initialTab ? picked.tab : initialTab;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Welcome to ${siteName()}`}
      description="Log in to your account or create a new one to submit, rate and report projects."
      width="30rem"
    >
      <AuthTabs
        tab={tab}
        onTabChange={(next) => setPicked({ from: initialTab, tab: next })}
        onSuccess={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
