import { useSession } from '../stores/session';
import { useDialogs } from '../stores/dialogs';

/** What every submit button does: it opens the submit dialog when signed in, else the login dialog. */
export function useOpenSubmitDialog(): () => void {
  const user = useSession((s) => s.user);
  const show = useDialogs((s) => s.show);
  return () => show(user ? 'submit' : 'auth');
}
