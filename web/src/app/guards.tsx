import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../stores/session';
import { toast } from '../components/ui/toast';
import { PageLoading } from './page-loading';

/** Redirects a visitor home, telling them why (the page's own text); silent right after a logout on the page. */
function SignedOut({ message, afterLogout }: { message?: string; afterLogout: boolean }) {
  useEffect(() => {
    if (message && !afterLogout) toast({ title: message });
  }, [message, afterLogout]);
  return <Redirect to="/" replace />;
}

/** True once this guard has shown its page to a signed-in user (so a later null user is a logout). */
function useHadUser(signedIn: boolean): boolean {
  const [had, setHad] = useState(false);
  // Adjusting state while rendering (react.dev "storing information from previous renders").
  if (signedIn && !had) setHad(true);
  return had || signedIn;
}

/**
 * Shows 'Loading' while the session loads, then the page for a signed-in user, else redirects to /
 * with `signedOutMessage` as a toast ('Please log in to view your messages').
 */
export function SignedInOnly({ children, signedOutMessage }: { children: ReactNode; signedOutMessage?: string }) {
  const { user, isLoading } = useSession(useShallow((s) => ({ user: s.user, isLoading: s.isLoading })));
  const hadUser = useHadUser(Boolean(user));
  if (isLoading) return <PageLoading />;
  if (!user) return <SignedOut message={signedOutMessage} afterLogout={hadUser} />;
  return <>{children}</>;
}

/** Tells a signed-in non-admin why they were sent back home. */
function NoPermission() {
  useEffect(() => {
    toast({
      title: 'Access denied',
      description: "You don't have permission to access the admin dashboard.",
      variant: 'destructive',
    });
  }, []);
  return <Redirect to="/" replace />;
}

/** Shows 'Loading' while the session loads, then the page for an admin; others go to /. */
export function AdminOnly({ children, signedOutMessage }: { children: ReactNode; signedOutMessage?: string }) {
  const { user, isLoading } = useSession(useShallow((s) => ({ user: s.user, isLoading: s.isLoading })));
  const hadUser = useHadUser(Boolean(user));
  if (isLoading) return <PageLoading />;
  if (!user) return <SignedOut message={signedOutMessage} afterLogout={hadUser} />;
  if (!user.isAdmin) return <NoPermission />;
  return <>{children}</>;
}
