import { projectEditSchema } from '@vitrine/domain/schemas/project';
import type { Project } from '@vitrine/domain/types';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { apiJson, errorMessage } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { revalidateProjects } from '../api/revalidate';
import { ProjectFields, type ProjectFormValues } from './project-fields';

function valuesOf(project: Project): ProjectFormValues {
  return {
    title: project.title,
    description: project.description,
    replitUrl: project.replitUrl,
    category: project.category,
    tags: project.tags ?? '',
  };
}

/** The Edit Project dialog: the project's fields, PATCH /api/projects/{id}, its errors. */
export function EditProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The caller mounts the dialog when it opens, so the form starts from the project as it is then and
  // is not reset by a refetch of the project while editing.
  const form = useSchemaForm(projectEditSchema, valuesOf(project));
  const save = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(form.validate, (input) =>
    save.run('save', () => apiJson<Project>('PATCH', `/api/projects/${project.id}`, input), {
      success: { title: 'Project updated', description: 'Your changes have been saved.' },
      failure: (error) => ({ title: 'Error', description: errorMessage(error, 'Failed to update project') }),
      onSuccess: () => {
        onOpenChange(false);
        void revalidateProjects();
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Project"
      description="Update the details of your project."
      width="34rem"
    >
      <form onSubmit={onSubmit} noValidate>
        <ProjectFields values={form.values} errors={form.errors} onChange={form.set} />
        {save.error !== null ? (
          <p
            role="alert"
            className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            There was an error updating your project. Please try again.
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {pending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
