import { useSession } from '../stores/session';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/site';
import { SettingsForm } from '../features/users/components/settings-form';
import { PasswordForm } from '../features/users/components/password-form';
import { YourData } from '../features/users/components/your-data';
import { NotificationSettingsForm } from '../features/notifications/components/notification-settings';
import { WebhooksSection } from '../features/webhooks/components/webhooks-section';

/**
 * /settings (signed in): the profile settings (role, bio, email, notices), the password change, the
 * notification emails, the webhooks of the member's projects, and their own data (export, deletion).
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">Settings</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Your role, bio, email, email notices, password, webhooks and data.
      </p>
      <Card className="mt-6 p-6">
        <SettingsForm key={user.id} user={user} />
      </Card>
      <h2 id="password-heading" className="mt-10 text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        Password
      </h2>
      <Card className="mt-3 p-6">
        <PasswordForm key={user.id} />
      </Card>
      <section aria-labelledby="notification-emails-heading">
        <h2
          id="notification-emails-heading"
          className="mt-10 text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
        >
          Notification emails
        </h2>
        <Card className="mt-3 p-6">
          <NotificationSettingsForm />
        </Card>
      </section>
      <section id="webhooks" aria-labelledby="webhooks-heading" className="scroll-mt-20">
        <h2
          id="webhooks-heading"
          className="mt-10 text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
        >
          Webhooks
        </h2>
        <Card className="mt-3 p-6">
          <WebhooksSection />
        </Card>
      </section>
      <section aria-labelledby="your-data-heading">
        <h2
          id="your-data-heading"
          className="mt-10 text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
        >
          Your data
        </h2>
        <Card className="mt-3 p-6">
          <YourData />
        </Card>
      </section>
    </div>
  );
}
