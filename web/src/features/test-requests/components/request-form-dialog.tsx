import { useEffect } from 'react';
import type { TestRequestView } from '@vitrine/domain/types';
import { MAX_TESTERS_MAX, MAX_TESTERS_MIN } from '@vitrine/domain/testRequests';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm, useSubmit } from '../../../lib/form';
import { openRequest, updateRequest } from '../api/actions';
import { EMPTY_REQUEST_FORM, requestFormSchema, requestFormValues } from '../lib/request-form';

/**
 * Open a test request for a project, or edit one (`request` given): title, description, skills as
 * tags, deadline and maxTesters, validated with the server's schema.
 */
export function RequestFormDialog({
  projectId,
  request,
  open,
  onOpenChange,
  onSaved,
}: {
  projectId: number;
  request?: TestRequestView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (id: number) => void;
}) {
  const form = useSchemaForm(requestFormSchema(projectId), request ? requestFormValues(request) : EMPTY_REQUEST_FORM);
  const { reset } = form;
  useEffect(() => {
    if (open) reset(request ? requestFormValues(request) : EMPTY_REQUEST_FORM);
    // Reset when the dialog opens only.
  }, [open]);

  const { pending, onSubmit } = useSubmit(
    form.validate,
    async (input) => {
      try {
        const { projectId: _project, ...fields } = input;
        const saved = request ? await updateRequest(request.id, fields) : await openRequest(input);
        toast({ title: request ? 'Test request updated' : 'Test request opened', description: request ? 'Your changes have been saved.' : 'Testers can now join it.' });
        onOpenChange(false);
        onSaved?.(saved.id);
      } catch (error) {
        toast({ title: request ? 'Update failed' : 'Could not open the test request', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    },
    { focusInvalid: true },
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={request ? 'Edit test request' : 'Open a test request'}
      description="Ask testers to try your project and send structured feedback."
      width="34rem"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Title" error={form.errors.title}>
          {(p) => <Input {...p} value={form.values.title} onChange={(e) => form.set('title', e.target.value)} maxLength={100} />}
        </Field>
        <Field label="What should testers do?" error={form.errors.description}>
          {(p) => <Textarea {...p} value={form.values.description} onChange={(e) => form.set('description', e.target.value)} maxLength={1000} />}
        </Field>
        <Field label="Skills needed" hint="Comma-separated, e.g. Mobile, Accessibility" error={form.errors.skillsNeeded}>
          {(p) => <Input {...p} value={form.values.skillsNeeded} onChange={(e) => form.set('skillsNeeded', e.target.value)} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Deadline" hint="Joining closes after this day" error={form.errors.deadline}>
            {(p) => <Input {...p} type="date" value={form.values.deadline} onChange={(e) => form.set('deadline', e.target.value)} />}
          </Field>
          <Field label="Max testers" error={form.errors.maxTesters}>
            {(p) => (
              <Input
                {...p}
                type="number"
                inputMode="numeric"
                min={MAX_TESTERS_MIN}
                max={MAX_TESTERS_MAX}
                value={form.values.maxTesters}
                onChange={(e) => form.set('maxTesters', e.target.value)}
              />
            )}
          </Field>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {request ? 'Save Changes' : 'Open Request'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
