import { CATEGORIES } from '@vitrine/domain/constants';
import type { FieldErrors } from '../../../lib/form';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

/** The editable fields of a project, as the submit and edit forms hold them. */
export interface ProjectFormValues {
  title: string;
  description: string;
  replitUrl: string;
  category: string;
  tags: string;
}

/** Empty values for a new project. */
export const EMPTY_PROJECT: ProjectFormValues = { title: '', description: '', replitUrl: '', category: '', tags: '' };

/** Title, description, URL, category and tags, shared by the submit and edit dialogs. */
export function ProjectFields({
  values,
  errors,
  onChange,
}: {
  values: ProjectFormValues;
  errors: FieldErrors;
  onChange: <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Field label="Title" error={errors.title}>
        {(p) => (
          <Input
            {...p}
            name="title"
            maxLength={100}
            value={values.title}
            onChange={(e) => onChange('title', e.target.value)}
          />
        )}
      </Field>
      <Field label="Description" error={errors.description}>
        {(p) => (
          <Textarea
            {...p}
            name="description"
            rows={4}
            maxLength={500}
            value={values.description}
            onChange={(e) => onChange('description', e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Project URL"
        error={errors.replitUrl}
        hint="The address where your project is hosted, starting with http:// or https://"
      >
        {(p) => (
          <Input
            {...p}
            name="replitUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={values.replitUrl}
            onChange={(e) => onChange('replitUrl', e.target.value)}
          />
        )}
      </Field>
      <Field label="Category" error={errors.category}>
        {(p) => (
          <Select
            {...p}
            name="category"
            placeholder="Select a category"
            options={CATEGORIES.map((c) => ({ value: c, label: c }))}
            value={values.category}
            onValueChange={(value) => onChange('category', value)}
          />
        )}
      </Field>
      <Field label="Tags (optional)" error={errors.tags} hint="Comma-separated, e.g. react, game, multiplayer">
        {(p) => <Input {...p} name="tags" value={values.tags} onChange={(e) => onChange('tags', e.target.value)} />}
      </Field>
    </div>
  );
}
