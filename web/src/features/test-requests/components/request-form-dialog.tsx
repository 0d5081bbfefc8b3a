import type { TestRequestView } from '@vitrine/domain/types';
import { MAX_TESTERS_MAX, MAX_TESTERS_MIN } from '@vitrine/domain/test-requests';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { openRequest, updateRequest } from '../api/actions';
import { EMPTY_REQUEST_FORM, requestFormSchema, requestFormValues, type RequestFormValues } from '../lib/request-form';

/** The form's values, errors and setter, as useSchemaForm gives them. */
interface RequestFieldsProps {
  values: RequestFormValues;
  errors: Partial<Record<keyof RequestFormValues, string>>;
  onChange: (field: keyof RequestFormValues, value: string) => void;
}

/** Deadline and max testers, side by side from the small breakpoint. */
function LimitFields({ values, errors, onChange }: RequestFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Deadline" hint="Joining closes after this day" error={errors.deadline}>
        {(p) => (
          <Input {...p} type="date" value={values.deadline} onChange={(e) => onChange('deadline', e.target.value)} />
        )}
      </Field>
      <Field label="Max testers" error={errors.maxTesters}>
        {(p) => (
          <Input
            {...p}
            type="number"
            inputMode="numeric"
            min={MAX_TESTERS_MIN}
            max={MAX_TESTERS_MAX}
            value={values.maxTesters}
            onChange={(e) => onChange('maxTesters', e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

/** A project to pick in the form (the member's own). */
export interface ProjectChoice {
  value: string;
  label: string;
}

/** Title, description, skills, deadline and max testers; first a project picker when `projects` is given. */
function RequestFields({ values, errors, onChange, projects }: RequestFieldsProps & { projects?: ProjectChoice[] }) {
  return (
    <>
      {projects ? (
        <Field label="Project" error={errors.projectId}>
          {(p) => (
            <Select
              {...p}
              options={projects}
              placeholder="Choose one of your projects"
              value={values.projectId}
              onValueChange={(v) => onChange('projectId', v)}
            />
          )}
        </Field>
      ) : null}
      <Field label="Title" error={errors.title}>
        {(p) => (
          <Input {...p} value={values.title} onChange={(e) => onChange('title', e.target.value)} maxLength={100} />
        )}
      </Field>
      <Field label="What should testers do?" error={errors.description}>
        {(p) => (
          <Textarea
            {...p}
            value={values.description}
            onChange={(e) => onChange('description', e.target.value)}
            maxLength={1000}
          />
        )}
      </Field>
      <Field label="Skills needed" hint="Comma-separated, e.g. Mobile, Accessibility" error={errors.skillsNeeded}>
        {(p) => <Input {...p} value={values.skillsNeeded} onChange={(e) => onChange('skillsNeeded', e.target.value)} />}
      </Field>
      <LimitFields values={values} errors={errors} onChange={onChange} />
    </>
  );
}

/**
 * Open a test request for a project, or edit one (`request` given): title, description, skills as
 * tags, deadline and maxTesters, validated with the server's schema. Without a `projectId` the
 * member picks one of `projects` first. The caller mounts the dialog when it opens, so the form
 * starts from the request as it is then.
 */
export function RequestFormDialog({
  projectId,
  projects,
  request,
  onOpenChange,
  onSaved,
}: {
  projectId: number | null;
  projects?: ProjectChoice[];
  request?: TestRequestView;
  onOpenChange: (open: boolean) => void;
  onSaved?: (id: number) => void;
}) {
  const form = useSchemaForm(requestFormSchema(projectId), request ? requestFormValues(request) : EMPTY_REQUEST_FORM);
  const save = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(
    form.validate,
    (input) => {
      const { projectId: _project, ...fields } = input;
      return save.run('save', () => (request ? updateRequest(request.id, fields) : openRequest(input)), {
        success: {
          title: request ? 'Test request updated' : 'Test request opened',
          description: request ? 'Your changes have been saved.' : 'Testers can now join it.',
        },
        failure: (error) => ({
          title: request ? 'Update failed' : 'Could not open the test request',
          description: errorMessage(error, 'Please try again.'),
        }),
        onSuccess: (saved) => {
          onOpenChange(false);
          onSaved?.(saved.id);
        },
      });
    },
    { focusInvalid: true },
  );

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={request ? 'Edit test request' : 'Open a test request'}
      description="Ask testers to try your project and send structured feedback."
      width="34rem"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <RequestFields
          values={form.values}
          errors={form.errors}
          onChange={form.set}
          projects={projectId === null ? (projects ?? []) : undefined}
        />
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
