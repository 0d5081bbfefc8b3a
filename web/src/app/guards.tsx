import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../stores/session';
import { toast } from '../components/ui/toast';
import { signInPathFor } from '../lib/sign-in-next';
import { PageLoading } from './page-loading';

/**
 * Sends a visitor to sign-in, which leads back here after it (`?next=`, lib/sign-in-next.ts) and says
 * why (the page's text, signInReason); right after a logout on the page, home, silently.
 */
function SignedOut({ afterLogout }: { afterLogout: boolean }) {
  const [path] = useLocation();
  const search = useSearch();
  if (afterLogout) return <Redirect to="/" replace />;
  // The fragment never reaches the server; the redirect itself happens in the browser, after hydration.
  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  return <Redirect to={signInPathFor(`${path}${search ? `?${search}` : ''}${hash}`)} replace />;
}

/** True once this guard has shown its page to a signed-in user (so a later null user is a logout). */
function useHadUser(signedIn: boolean): boolean {
  const [had, setHad] = useState(false);
  // Adjusting state while rendering (react.dev "storing information from previous renders").
  if (signedIn && !had) setHad(true);
  return had || signedIn;
}

/**
 * Shows 'Loading' while the session loads, then the page for a signed-in user, else sends the visitor
 * to sign-in and back (SignedOut).
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession(useShallow((s) => ({ user: s.user, isLoading: s.isLoading })));
  const hadUser = useHadUser(Boolean(user));
  if (isLoading) return <PageLoading />;
  if (!user) return <SignedOut afterLogout={hadUser} />;
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

/** Shows 'Loading' while the session loads, then the page for an admin; a visitor goes to sign-in, a member to /. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession(useShallow((s) => ({ user: s.user, isLoading: s.isLoading })));
  const hadUser = useHadUser(Boolean(user));
  if (isLoading) return <PageLoading />;
  if (!user) return <SignedOut afterLogout={hadUser} />;
  if (!user.isAdmin) return <NoPermission />;
  return <>{children}</>;
}
