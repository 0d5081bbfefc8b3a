import { CheckCircle2, MailWarning } from 'lucide-react';
import type { CurrentUser } from '@vitrine/domain/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { apiJson, errorMessage } from '../../../lib/api';

/**
 * Whether the profile address is confirmed, under the email field of /settings; an
 * unconfirmed one offers to mail a new link (POST /api/users/me/email-confirmation).
 */
export function EmailStatus({ user }: { user: CurrentUser }) {
  const { run, busy } = useToastedAction();
  if (!user.email) return null;
  if (user.emailVerified) {
    return (
      <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Badge color="green">
          <CheckCircle2 aria-hidden="true" />
          Confirmed
        </Badge>
        Copies and notices go to {user.email}.
      </p>
    );
  }
  const resend = () =>
    run('resend', () => apiJson<{ message: string }>('POST', '/api/users/me/email-confirmation'), {
      success: (res) => ({ title: 'Confirmation email sent', description: res.message }),
      failure: (error) => ({
        title: 'Could not send the email',
        description: errorMessage(error, 'Please try again later.'),
      }),
    });
  return (
    <div className="flex flex-col gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900 sm:flex-row sm:items-center sm:justify-between dark:border-yellow-900 dark:bg-yellow-950/40 dark:text-yellow-100">
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">{user.email} is not confirmed yet.</strong> Follow the link we emailed you;
          until then we send no copies or notices to it.
        </span>
      </p>
      <Button variant="outline" size="sm" loading={busy === 'resend'} onClick={resend} className="shrink-0">
        Resend confirmation email
      </Button>
    </div>
  );
}
