import { useEffect, useState, type FormEvent } from 'react';
import { CircleCheck } from 'lucide-react';
import { REPORT_DIALOG_CLOSE_MS, REPORT_REASONS, type ReportReason } from '@vitrine/domain/constants';
import { reportSchema } from '@vitrine/domain/schemas/report';
import { useSession } from '../../../stores/session';
import { useDialogs } from '../../../stores/dialogs';
import { useSchemaForm } from '../../../lib/form';
import { apiJson, errorMessage } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';

/** Labels of the report reasons (§3). */
export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  offensive: 'Offensive content',
  copyright: 'Copyright violation',
  inappropriate: 'Inappropriate content',
  other: 'Other',
};

/** The report dialog's phases (§4): form, submitting, thank-you (then auto-close). */
export type ReportPhase = 'form' | 'submitting' | 'done';

const EMPTY = { reason: '' as ReportReason | '', additionalDetails: '' };

/** Report Content dialog (§2, §4); signed-out viewers get the §2 sign-in text and a Close button. */
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
  const showDialog = useDialogs((s) => s.show);
  const form = useSchemaForm(reportSchema, EMPTY);
  const [phase, setPhase] = useState<ReportPhase>('form');
  const { reset } = form;

  useEffect(() => {
    if (open) {
      setPhase('form');
      reset(EMPTY);
    }
  }, [open, reset]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = window.setTimeout(() => onOpenChange(false), REPORT_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [phase, onOpenChange]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    setPhase('submitting');
    try {
      await apiJson<unknown>('POST', `/api/projects/${projectId}/report`, { ...input, projectId });
      setPhase('done');
      toast({
        title: 'Report submitted',
        description: 'Thank you for helping to keep our community safe. Our moderators will review your report.',
      });
    } catch (error) {
      setPhase('form');
      toast({ title: 'Error submitting report', description: errorMessage(error, 'Please try again later.'), variant: 'destructive' });
    }
  };

  if (!user) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title="Report Content" description="You need to be logged in to report content.">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Please sign in or create an account to report inappropriate content.</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={() => showDialog('auth')}>Log in</Button>
        </DialogFooter>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report Content"
      description="Help us keep the community safe. Tell us what is wrong with this project."
    >
      {phase === 'done' ? (
        <div role="status" className="flex flex-col items-center py-6 text-center">
          <CircleCheck className="size-12 text-green-600 dark:text-green-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-zinc-900 dark:text-zinc-50">Thank you for your report</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Our moderators will review it shortly.</p>
        </div>
      ) : (
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
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={phase === 'submitting'}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={phase === 'submitting'}>
              {phase === 'submitting' ? 'Submitting...' : 'Submit Report'}
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
