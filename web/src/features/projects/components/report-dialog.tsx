import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleCheck } from 'lucide-react';
import { REPORT_DIALOG_CLOSE_MS, REPORT_REASONS, type ReportReason } from '@vitrine/domain/constants';
import { reportSchema } from '@vitrine/domain/schemas/report';
import { useSession } from '../../../stores/session';
import { useDialogs } from '../../../stores/dialogs';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { apiJson, errorMessage } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';

/** Labels of the report reasons. */
export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  offensive: 'Offensive content',
  copyright: 'Copyright violation',
  inappropriate: 'Inappropriate content',
  other: 'Other',
};

const EMPTY = { reason: '' as ReportReason | '', additionalDetails: '' };

/** What a signed-out viewer sees instead of the form: the sign-in text, Close and Log in. */
function SignInToReport({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const showDialog = useDialogs((s) => s.show);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report Content"
      description="You need to be logged in to report content."
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Please sign in or create an account to report inappropriate content.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
        <Button onClick={() => showDialog('auth')}>Log in</Button>
      </DialogFooter>
    </Dialog>
  );
}

/** The thank-you panel after a report; the dialog closes by itself after REPORT_DIALOG_CLOSE_MS. */
function ReportThanks({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The form that held focus is gone: the thank-you takes it, inside the dialog.
    panel.current?.focus();
    const timer = window.setTimeout(onClose, REPORT_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);
  return (
    <div ref={panel} tabIndex={-1} role="status" className="flex flex-col items-center py-6 text-center outline-none">
      <CircleCheck className="size-12 text-green-600 dark:text-green-400" aria-hidden="true" />
      <p className="mt-3 font-semibold text-zinc-900 dark:text-zinc-50">Thank you for your report</p>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Our moderators will review it shortly.</p>
    </div>
  );
}

/** Reason and details, validated with the domain's reportSchema; `onSent` after the success toast. */
function ReportForm({ projectId, onCancel, onSent }: { projectId: number; onCancel: () => void; onSent: () => void }) {
  const form = useSchemaForm(reportSchema, EMPTY);
  const { run } = useToastedAction();
  const { pending: submitting, onSubmit } = useFormSubmit(form.validate, (input) =>
    run('report', () => apiJson<unknown>('POST', `/api/projects/${projectId}/report`, { ...input, projectId }), {
      success: {
        title: 'Report submitted',
        description: 'Thank you for helping to keep our community safe. Our moderators will review your report.',
      },
      failure: (error) => ({
        title: 'Error submitting report',
        description: errorMessage(error, 'Please try again later.'),
      }),
      onSuccess: onSent,
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Reason" error={form.errors.reason}>
        {(p) => (
          <Select<ReportReason>
            {...p}
            name="reason"
            placeholder="Select a reason"
            options={REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
            value={form.values.reason}
            onValueChange={(reason) => form.set('reason', reason)}
          />
        )}
      </Field>
      <Field label="Additional details (optional)" error={form.errors.additionalDetails}>
        {(p) => (
          <Textarea
            {...p}
            name="additionalDetails"
            rows={4}
            value={form.values.additionalDetails}
            onChange={(e) => form.set('additionalDetails', e.target.value)}
          />
        )}
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" loading={submitting}>
          {submitting ? 'Submitting...' : 'Submit Report'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Report Content dialog: the form, then a thank-you that closes the dialog by itself;
 * signed-out viewers get the sign-in text. The caller mounts it when it opens, so it starts fresh.
 */
export function ReportDialog({
  projectId,
  open,
  onOpenChange,
}: {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const user = useSession((s) => s.user);
  const [done, setDone] = useState(false);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  if (!user) return <SignInToReport open={open} onOpenChange={onOpenChange} />;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report Content"
      description="Help us keep the community safe. Tell us what is wrong with this project."
    >
      {done ? (
        <ReportThanks onClose={close} />
      ) : (
        <ReportForm projectId={projectId} onCancel={close} onSent={() => setDone(true)} />
      )}
    </Dialog>
  );
}
