import { passwordChangeSchema } from '@vitrine/domain/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength';
import { siteName } from '../../../lib/site';
import { useSession } from '../../../stores/session';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { apiJson, errorMessage } from '../../../lib/api';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The password change of /settings: the current password and the new one twice, sent to
 * POST /api/users/me/password, which refuses common, breached or guessable passwords (the meter shows
 * zxcvbn's judgement while typing) and signs every other session out (this one stays signed in).
 */
export function PasswordForm() {
  const form = useSchemaForm(passwordChangeSchema, EMPTY);
  const username = useSession((s) => s.user?.username ?? '');
  const { run } = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(
    form.validate,
    (input) =>
      run('password', () => apiJson<{ message: string }>('POST', '/api/users/me/password', input), {
        success: (res) => ({ title: 'Password changed', description: res.message }),
        failure: (error) => ({ title: 'Password not changed', description: errorMessage(error, 'Please try again.') }),
        onSuccess: () => form.reset(EMPTY),
      }),
    { focusInvalid: true },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="password-heading">
      <Field label="Current password" error={form.errors.currentPassword}>
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="current-password"
            value={form.values.currentPassword}
            onChange={(e) => form.set('currentPassword', e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col gap-2">
        <Field
          label="New password"
          hint="At least 8 characters. Common, breached or easily guessed passwords are refused."
          error={form.errors.newPassword}
        >
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="new-password"
              maxLength={100}
              value={form.values.newPassword}
              onChange={(e) => form.set('newPassword', e.target.value)}
            />
          )}
        </Field>
        <PasswordStrengthMeter password={form.values.newPassword} userInputs={[username, siteName()]} />
      </div>
      <Field label="Confirm new password" error={form.errors.confirmPassword}>
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="new-password"
            maxLength={100}
            value={form.values.confirmPassword}
            onChange={(e) => form.set('confirmPassword', e.target.value)}
          />
        )}
      </Field>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Changing it signs you out on every other device.</p>
      <div>
        <Button type="submit" loading={pending}>
          Change Password
        </Button>
      </div>
    </form>
  );
}
