import { ROLES, type Role } from '@vitrine/domain/constants';
import { settingsSchema } from '@vitrine/domain/schemas/test-request';
import type { CurrentUser } from '@vitrine/domain/answers';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { useSession } from '../../../stores/session';
import { EmailStatus } from './email-status';

/** Role words, as the selector offers them. */
const ROLE_OPTIONS: Array<{ value: Role; label: string }> = ROLES.map((role) => ({
  value: role,
  label: {
    developer: 'Developer: submits projects for testing',
    tester: 'Tester: tests projects and gives feedback',
    both: 'Both',
  }[role],
}));

/**
 * Profile settings (/settings): role, bio and email, saved with PATCH /api/users/me. Which news is mailed
 * is the Notification emails section's (features/notifications).
 */
export function SettingsForm({ user }: { user: CurrentUser }) {
  const form = useSchemaForm(settingsSchema, {
    role: user.role,
    bio: user.bio ?? '',
    email: user.email ?? '',
  });
  const { run } = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(
    form.validate,
    (input) =>
      run('save', () => callApi(endpoints.userRatings.updateSettings, { body: input }), {
        success: { title: 'Settings saved', description: 'Your profile has been updated.' },
        failure: (error) => ({ title: 'Update failed', description: errorMessage(error, 'Please try again.') }),
        onSuccess: (next) => useSession.setState({ user: next }),
      }),
    { focusInvalid: true },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field
        label="Role"
        hint="Testers and Both can join test requests; Developers and Both open them."
        error={form.errors.role}
      >
        {(p) => (
          <Select<Role>
            {...p}
            options={ROLE_OPTIONS}
            value={form.values.role}
            onValueChange={(v) => form.set('role', v)}
          />
        )}
      </Field>
      <Field label="Bio" hint="At most 500 characters" error={form.errors.bio}>
        {(p) => (
          <Textarea {...p} maxLength={500} value={form.values.bio} onChange={(e) => form.set('bio', e.target.value)} />
        )}
      </Field>
      <Field
        label="Email"
        hint="Optional. Used for notification emails once confirmed; never shown on your profile."
        error={form.errors.email}
      >
        {(p) => (
          <Input
            {...p}
            type="email"
            autoComplete="email"
            value={form.values.email}
            onChange={(e) => form.set('email', e.target.value)}
          />
        )}
      </Field>
      <EmailStatus user={user} />
      <div>
        <Button type="submit" loading={pending}>
          Save Settings
        </Button>
      </div>
    </form>
  );
}
