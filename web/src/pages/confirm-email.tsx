import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import type { EmailConfirmed } from '@vitrine/domain/types';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useToastedAction } from '../hooks/use-toasted-action';
import { apiJson, errorMessage } from '../lib/api';
import { useDocumentTitle } from '../lib/site';
import { fetchCurrentUser, useSession } from '../stores/session';

/** What the page shows: the button, then the server's answer. */
type Outcome = { ok: true; message: string } | { ok: false; message: string } | null;

/**
 * /confirm-email?token=...: the page a confirmation link opens. Confirming takes a press of
 * the button (POST /api/email/confirm), so mail scanners that open links do not use it up.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your email');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { run, busy } = useToastedAction();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  const confirm = () =>
    run('confirm', () => apiJson<EmailConfirmed>('POST', '/api/email/confirm', { token }), {
      failure: (error) => ({ title: 'Not confirmed', description: errorMessage(error, 'Please try again.') }),
      onSuccess: (res) => {
        setOutcome({ ok: true, message: res.message });
        // A signed-in member's settings show the address confirmed at once.
        if (useSession.getState().user) void fetchCurrentUser().then((user) => useSession.setState({ user }));
      },
    }).then((ok) => {
      if (!ok) setOutcome({ ok: false, message: 'This confirmation link is invalid or has expired.' });
    });

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card className="flex flex-col items-center p-6 text-center sm:p-8">
        {outcome === null ? (
          <>
            <MailCheck className="mb-4 size-10 text-accent-600 dark:text-accent-400" aria-hidden="true" />
            <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
              Confirm your email address
            </h1>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              Press the button to confirm that this address is yours.
            </p>
            <Button className="mt-6" loading={busy === 'confirm'} disabled={!token} onClick={() => void confirm()}>
              Confirm Email Address
            </Button>
            {!token ? (
              <p className="mt-3 text-sm text-red-600 dark:text-red-400">
                This link has no confirmation token. Open the link from the email again.
              </p>
            ) : null}
          </>
        ) : (
          <div role="status" className="flex flex-col items-center">
            {outcome.ok ? (
              <CheckCircle2 className="mb-4 size-10 text-green-600 dark:text-green-400" aria-hidden="true" />
            ) : (
              <XCircle className="mb-4 size-10 text-red-600 dark:text-red-400" aria-hidden="true" />
            )}
            <h1
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-semibold tracking-tight text-zinc-900 outline-none dark:text-zinc-50"
            >
              {outcome.ok ? 'Email confirmed' : 'Not confirmed'}
            </h1>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{outcome.message}</p>
            {!outcome.ok ? (
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
                Members can send a new link from Settings.
              </p>
            ) : null}
            <Link href="/" className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
              Go to Homepage
            </Link>
          </div>
        )}
      </Card>
    </div>
  );
}
