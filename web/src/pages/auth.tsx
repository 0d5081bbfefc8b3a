import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { Card } from '../components/ui/card';
import { AuthTabs, type AuthTab } from '../features/auth/auth-forms';
import { siteName, useDocumentTitle } from '../lib/site';
import { useSession } from '../stores/session';

/** /auth: sign in or sign up on a page of their own (the contact page links here); home after success. */
export function AuthPage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<AuthTab>(() => (params.get('tab') === 'register' ? 'register' : 'login'));
  const [, navigate] = useLocation();
  const user = useSession((s) => s.user);
  useDocumentTitle(tab === 'login' ? 'Log in' : 'Sign Up');
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-center text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        Welcome to {siteName()}
      </h1>
      <p className="mt-2 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {user ? `You are signed in as ${user.username}.` : 'Log in to your account or create a new one.'}
      </p>
      <Card className="mt-8 p-6">
        <AuthTabs tab={tab} onTabChange={setTab} onSuccess={() => navigate('/')} />
      </Card>
    </div>
  );
}
