import type { ReactNode } from 'react';
import { useSession } from '../stores/session';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/site';
import { SettingsForm } from '../features/users/components/settings-form';
import { PasswordForm } from '../features/users/components/password-form';
import { YourData } from '../features/users/components/your-data';
import { ApiTokens } from '../features/users/components/api-tokens';
import { NotificationSettingsForm } from '../features/notifications/components/notification-settings';
import { WebhooksSection } from '../features/webhooks/components/webhooks-section';

/**
 * One part of the settings page: a section named by its heading (`{id}-heading`), its card below. A
 * link to `/settings#{id}` scrolls to it, clear of the sticky header.
 */
function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
      <h2 id={`${id}-heading`} className="mt-10 text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        {title}
      </h2>
      <Card className="mt-3 p-6">{children}</Card>
    </section>
  );
}

/**
 * /settings (signed in): the profile settings (role, bio, email, notices), the password change, the
 * notification emails, the API tokens, the webhooks of the member's projects, and their own data
 * (export, deletion).
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">Settings</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Your role, bio, email, email notices, password, API tokens, webhooks and data.
      </p>
      <Card className="mt-6 p-6">
        <SettingsForm key={user.id} user={user} />
      </Card>
      <SettingsSection id="password" title="Password">
        <PasswordForm key={user.id} />
      </SettingsSection>
      <SettingsSection id="notification-emails" title="Notification emails">
        <NotificationSettingsForm />
      </SettingsSection>
      <SettingsSection id="api-tokens" title="API tokens">
        <ApiTokens />
      </SettingsSection>
      <SettingsSection id="webhooks" title="Webhooks">
        <WebhooksSection />
      </SettingsSection>
      <SettingsSection id="your-data" title="Your data">
        <YourData />
      </SettingsSection>
    </div>
  );
}
