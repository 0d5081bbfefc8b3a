import { useState } from 'react';
import { useLocation } from 'wouter';
import { z } from '@vitrine/domain/zod';
import { Download, Trash2 } from 'lucide-react';
import { accountDeleteSchema } from '@vitrine/domain/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { Checkbox, Field, FieldError, Input } from '../../../components/ui/field';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { apiJson, apiRequest, errorMessage, errorStatus } from '../../../lib/api';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { useSession } from '../../../stores/session';

/** The export's address (docs/api.md "Your data"). */
const EXPORT_URL = '/api/users/me/export';

/** The file name the server gives the export, read from Content-Disposition (a fallback otherwise). */
function exportFileName(res: Response): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? 'vitrine-data.json';
}

/** Hands `blob` to the browser as a download named `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give the browser a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Download my data": fetches GET /api/users/me/export (so a refusal, such as the hourly quota, shows
 * as a toast rather than as a downloaded error) and saves the JSON file under the server's name.
 */
function DownloadData() {
  const { run, busy } = useToastedAction();
  const download = () =>
    run(
      'export',
      async () => {
        const res = await apiRequest('GET', EXPORT_URL);
        saveBlob(await res.blob(), exportFileName(res));
      },
      {
        success: { title: 'Download started', description: 'Your data is saved as a JSON file.' },
        failure: (error) => ({ title: 'Download failed', description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <Button variant="outline" onClick={() => void download()} loading={busy === 'export'}>
      <Download aria-hidden="true" />
      Download my data
    </Button>
  );
}

/** The dialog's form: the password and the explicit confirmation (only the password is sent). */
const deleteFormSchema = accountDeleteSchema.extend({
  confirmed: z.literal(true, { error: 'Tick the box to confirm that you want to delete your account' }),
});
const EMPTY = { password: '', confirmed: false };

/**
 * "Delete my account": a dialog asking for the password and a ticked confirmation, then DELETE
 * /api/users/me. On success the session is gone on the server: the store forgets the user, the page
 * goes home and a toast says so. A wrong password keeps the dialog open with the server's message.
 */
function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(deleteFormSchema, EMPTY);
  const [, navigate] = useLocation();
  const { run } = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(
    form.validate,
    (input) =>
      run('delete', () => apiJson<null>('DELETE', '/api/users/me', { password: input.password }), {
        success: {
          title: 'Account deleted',
          description: 'Your account and your data have been deleted. You have been signed out.',
        },
        failure: (error) => {
          if (errorStatus(error) === 400) form.setErrors({ password: errorMessage(error, 'Password is incorrect') });
          return { title: 'Account not deleted', description: errorMessage(error, 'Please try again.') };
        },
        onSuccess: () => {
          setOpen(false);
          useSession.setState({ user: null });
          navigate('/', { replace: true });
        },
      }),
    { focusInvalid: true },
  );
  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="Delete your account?"
        description="Your profile, projects, votes, ratings, test requests, feedback and the messages you received are deleted for good, and you are signed out everywhere. This cannot be undone."
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field label="Password" error={form.errors.password}>
            {(p) => (
              <Input
                {...p}
                type="password"
                autoComplete="current-password"
                value={form.values.password}
                onChange={(e) => form.set('password', e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col gap-1.5">
            <Checkbox
              checked={form.values.confirmed}
              onCheckedChange={(v) => form.set('confirmed', v)}
              name="confirmed"
            >
              I understand that my account and my data will be deleted for good.
            </Checkbox>
            <FieldError>{form.errors.confirmed}</FieldError>
          </div>
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={pending}>
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}

/** The "Your data" section of /settings: the JSON export and the account's deletion. */
export function YourData() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Download a copy of everything Vitrine stores about you: your profile, projects, votes, ratings, reports,
          messages, test requests, feedback and peer ratings, as one JSON file.
        </p>
        <div>
          <DownloadData />
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-6 dark:border-zinc-800">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Deleting your account removes it and everything it owns, and signs you out on every device. It cannot be
          undone.
        </p>
        <div>
          <DeleteAccount />
        </div>
      </div>
    </div>
  );
}
