import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASONS, type ReportReason } from '@vitrine/domain/constants';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { callApi, endpoints, errorMessage } from '../../../lib/api';

/** Labels of the report reasons (the project report's). */
const REASONS: Record<ReportReason, string> = {
  spam: 'Spam',
  offensive: 'Offensive content',
  copyright: 'Copyright violation',
  inappropriate: 'Inappropriate content',
  other: 'Other',
};

/** Reports a comment: a reason and optional details, then a toast. */
export function CommentReportDialog({ commentId, onClose }: { commentId: number; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError('Please select a reason for reporting this comment');
    setPending(true);
    try {
      await callApi(endpoints.comments.report, {
        params: { id: commentId },
        body: { reason, additionalDetails: details || undefined },
      });
      toast({ title: 'Report submitted', description: 'Thank you. The moderators will review this comment.' });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not send the report. Please try again.'));
      setPending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Report Comment">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <label htmlFor={`${id}-reason`} className="text-sm font-medium">
          Reason
        </label>
        <Select
          id={`${id}-reason`}
          placeholder="Select a reason"
          options={REPORT_REASONS.map((value) => ({ value, label: REASONS[value] }))}
          value={reason}
          onValueChange={(value) => setReason(value as ReportReason)}
        />
        <label htmlFor={`${id}-details`} className="text-sm font-medium">
          Additional details (optional)
        </label>
        <Textarea id={`${id}-details`} maxLength={500} value={details} onChange={(e) => setDetails(e.target.value)} />
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Submit Report
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
