import { useState } from 'react';
import { useApi } from '../../../hooks/use-api';
import {
  NOTIFICATION_EMAIL_MODES,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationEmailMode,
} from '@vitrine/domain/notifications';
import type { NotificationSettings } from '@vitrine/domain/answers';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { apiKey, callApi, endpoints, errorMessage } from '../../../lib/api';

const SETTINGS_KEY = apiKey(endpoints.notifications.settings);

/** The labels of the mail modes. */
const MODE_LABELS: Record<NotificationEmailMode, string> = {
  off: 'Off',
  instant: 'Each one at once',
  daily: 'A daily digest',
  weekly: 'A weekly digest',
};

/** /settings' Notification emails section: how often notifications are mailed, and of which kinds. */
export function NotificationSettingsForm() {
  const { data, mutate } = useApi(SETTINGS_KEY);
  if (!data) return <Skeleton className="h-64 rounded-lg" />;
  return <SettingsFields initial={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

/** The form over the settings as loaded. */
function SettingsFields({
  initial,
  onSaved,
}: {
  initial: NotificationSettings;
  onSaved: (saved: NotificationSettings) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const { busy, run } = useToastedAction();
  const save = () =>
    run(
      'save',
      async () => {
        const saved = await callApi(endpoints.notifications.updateSettings, {
          body: { email: draft.email, kinds: draft.kinds },
        });
        setDraft(saved);
        onSaved(saved);
      },
      {
        success: { title: 'Notification emails saved' },
        failure: (error) => ({ title: 'Could not save', description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="space-y-5"
    >
      {draft.emailConfirmed ? null : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Notification emails go only to a confirmed address: add and confirm one above.
        </p>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Email me</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {NOTIFICATION_EMAIL_MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
              <input
                type="radio"
                name="notification-email"
                value={mode}
                checked={draft.email === mode}
                onChange={() => setDraft({ ...draft, email: mode })}
                className="size-4 accent-accent-600"
              />
              {MODE_LABELS[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={draft.email === 'off'}>
        <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Mail these kinds</legend>
        <div className="mt-2 grid gap-2">
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
              <input
                type="checkbox"
                checked={draft.kinds[kind]}
                onChange={(event) => setDraft({ ...draft, kinds: { ...draft.kinds, [kind]: event.target.checked } })}
                className="size-4 accent-accent-600"
              />
              {NOTIFICATION_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" loading={busy === 'save'}>
        Save notification emails
      </Button>
    </form>
  );
}
