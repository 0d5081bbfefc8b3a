import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { Card } from '../components/ui/card';
import { AuthTabs, type AuthTab } from '../features/auth/auth-forms';
import { isServerPage, safeNextPath, signInReason } from '../lib/sign-in-next';
import { siteName, useDocumentTitle } from '../lib/site';
import { useSession } from '../stores/session';

/**
 * /auth: sign in or sign up on a page of their own (the contact page links here, member-only pages send
 * visitors here). After success it goes to `?next=` when that is a page of this site
 * (lib/sign-in-next.ts: never another site), else home.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<AuthTab>(() => (params.get('tab') === 'register' ? 'register' : 'login'));
  const [, navigate] = useLocation();
  const user = useSession((s) => s.user);
  const next = safeNextPath(params.get('next'));
  const reason = signInReason(next);
  useDocumentTitle(tab === 'login' ? 'Log in' : 'Sign Up');
  const onSuccess = () => {
    if (!next) return navigate('/');
    // A page the server answers itself (the queue board) is not one of the client's routes: load it.
    if (isServerPage(next)) return window.location.assign(next);
    navigate(next, { replace: true });
  };
  // Already signed in when the page opened (signed in in another tab since): straight on to `next`.
  const [signedInAtOpen] = useState(() => user !== null);
  useEffect(() => {
    if (signedInAtOpen && next) onSuccess();
    // Once, as the page opens: a later sign-in goes on through the form's onSuccess.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-center text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        Welcome to {siteName()}
      </h1>
      <p className="mt-2 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {user ? `You are signed in as ${user.username}.` : (reason ?? 'Log in to your account or create a new one.')}
      </p>
      <Card className="mt-8 p-6">
        <AuthTabs tab={tab} onTabChange={setTab} onSuccess={onSuccess} />
      </Card>
    </div>
  );
}
