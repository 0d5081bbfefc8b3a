import { useId, useState } from 'react';
import { useApi } from '../../../hooks/use-api';
import { MAX_ADDRESSED_FEEDBACK, UPDATE_BODY_MAX_LENGTH, UPDATE_TITLE_MAX_LENGTH } from '@vitrine/domain/devlogs';
import { FormActions } from '../../../components/forms/form-actions';
import { Checkbox, Field, FieldError, Textarea } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useFormSubmit } from '../../../lib/form';
import { addressableKey } from '../api/keys';

/** What the owner writes: the title, the markdown text and the feedback items it addresses. */
export interface UpdateDraft {
  title: string;
  body: string;
  addressesFeedbackIds: number[];
}

/** The project's feedback items as checkboxes (the newest first); nothing while there are none. */
function FeedbackPicker({
  projectId,
  chosen,
  onChange,
}: {
  projectId: number;
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  const { data } = useApi(addressableKey(projectId));
  if (!data || data.length === 0) return null;
  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Feedback this update addresses
      </legend>
      <ul className="flex max-h-56 flex-col gap-2 overflow-y-auto">
        {data.map((item) => (
          <li key={item.id} className="min-w-0">
            <Checkbox
              checked={chosen.includes(item.id)}
              disabled={!chosen.includes(item.id) && chosen.length >= MAX_ADDRESSED_FEEDBACK}
              onCheckedChange={(on) => toggle(item.id, on)}
              className="items-start"
            >
              <span className="min-w-0 break-words">
                <span className="font-medium">{item.testerUsername}</span> on {item.requestTitle}
                {item.excerpt ? <span className="text-zinc-600 dark:text-zinc-400">: {item.excerpt}</span> : null}
              </span>
            </Checkbox>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The owner's form for an update (a new one, or an edit): title, markdown text and the picker of the
 * project's feedback it addresses; shows a failure's text and clears after a new post.
 */
export function UpdateForm({
  projectId,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  projectId: number;
  initial?: UpdateDraft;
  submitLabel: string;
  onSubmit: (draft: UpdateDraft) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const formId = useId();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [addressed, setAddressed] = useState<number[]>(initial?.addressesFeedbackIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const { pending, onSubmit: submit } = useFormSubmit(
    (): UpdateDraft => ({ title, body, addressesFeedbackIds: addressed }),
    async (draft: UpdateDraft) => {
      setError(null);
      try {
        await onSubmit(draft);
        if (!initial) {
          setTitle('');
          setBody('');
          setAddressed([]);
        }
      } catch (failure) {
        setError(errorMessage(failure, 'Could not save the update. Please try again.'));
      }
    },
  );

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3"
      noValidate
      aria-label={initial ? 'Edit update' : 'Post an update'}
    >
      <Field label="Update title">
        {(p) => (
          <Input {...p} value={title} maxLength={UPDATE_TITLE_MAX_LENGTH} onChange={(e) => setTitle(e.target.value)} />
        )}
      </Field>
      <Field label="What changed" hint="Markdown: *emphasis*, `code`, lists, links and > quotes.">
        {(p) => (
          <Textarea
            {...p}
            rows={4}
            value={body}
            maxLength={UPDATE_BODY_MAX_LENGTH}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      <FeedbackPicker projectId={projectId} chosen={addressed} onChange={setAddressed} />
      <FieldError id={`${formId}-error`}>{error}</FieldError>
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
