import { useEffect } from 'react';
import { projectSubmitSchema } from '@vitrine/domain/schemas/project';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { ApiError, callApi, endpoints, errorMessage } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { revalidateProjects } from '../api/revalidate';
import { EMPTY_PROJECT, ProjectFields } from './project-fields';

const URL_FIELD_ERROR = 'Please enter a valid URL including http:// or https://';

/** Which reaction a failed submission gets. */
export type SubmitFailure =
  { kind: 'rateLimit' } | { kind: 'url' } | { kind: 'other'; message: string } | { kind: 'unknown' };

/** Classifies a submission failure into the reaction it gets (429, a URL problem, other error, non-error). */
export function classifySubmitFailure(error: unknown): SubmitFailure {
  if (!(error instanceof Error)) return { kind: 'unknown' };
  if (error.message.includes('429')) return { kind: 'rateLimit' };
  const message = error instanceof ApiError ? errorMessage(error, '') : error.message;
  if (/url/i.test(message)) return { kind: 'url' };
  return { kind: 'other', message };
}

/**
 * What was typed and not yet submitted: closing the dialog (Escape, the backdrop, Cancel) keeps it for
 * the next open in this page; a submission clears it.
 */
let draft: typeof EMPTY_PROJECT = EMPTY_PROJECT;

/** The 'Submit Your Project' dialog: idle, submitting, then reset and close on success. */
export function SubmitProjectDialog({
  open,
  onOpenChange,
  note,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why it opened, said before its own description (Open a test request without a project). */
  note?: string | null;
}) {
  const form = useSchemaForm(projectSubmitSchema, draft);
  const values = form.values;
  useEffect(() => {
    draft = values;
  }, [values]);
  const { run } = useToastedAction();
  const failureToast = (error: unknown) => {
    const failure = classifySubmitFailure(error);
    if (failure.kind === 'rateLimit')
      return {
        title: 'Rate limit exceeded',
        description: 'Please wait a few minutes before submitting another project.',
      };
    if (failure.kind === 'url') {
      form.setErrors((current) => ({ ...current, replitUrl: URL_FIELD_ERROR }));
      return { title: 'Invalid URL format', description: 'Make sure your project URL starts with http:// or https://' };
    }
    if (failure.kind === 'other')
      return {
        title: 'Submission failed',
        description: failure.message || 'Please check your form inputs and try again.',
      };
    return { title: 'Submission failed', description: 'An unknown error occurred. Please try again later.' };
  };
  const { pending, onSubmit } = useFormSubmit(form.validate, (input) =>
    run('submit', () => callApi(endpoints.projects.submit, { body: input }), {
      success: { title: 'Project submitted!', description: 'Your project has been added to the showcase.' },
      failure: failureToast,
      onSuccess: () => {
        draft = EMPTY_PROJECT;
        form.reset(EMPTY_PROJECT);
        onOpenChange(false);
        void revalidateProjects();
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Submit Your Project"
      description={`${note ? `${note} ` : ''}Share your hosted project with the community. Fill in the details below.`}
      width="34rem"
    >
      <form onSubmit={onSubmit} noValidate>
        <ProjectFields values={values} errors={form.errors} onChange={form.set} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {pending ? 'Submitting...' : 'Submit Project'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
