import { useId, useState } from 'react';
import { COMMENT_MAX_LENGTH } from '@vitrine/domain/comments';
import { FormActions } from '../../../components/forms/form-actions';
import { Textarea } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { useFormSubmit } from '../../../lib/form';

/**
 * A comment's text box with its submit button: keeps what is typed while the list around it changes
 * (live updates never remount it), clears after a success and shows a failure's text under the box.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  autoFocus,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const { pending, onSubmit: submit } = useFormSubmit(
    () => {
      if (body.trim()) return body;
      setError('Please write a comment');
      return null;
    },
    async (text: string) => {
      setError(null);
      try {
        await onSubmit(text);
        setBody('');
      } catch (failure) {
        setError(errorMessage(failure, 'Could not save the comment. Please try again.'));
      }
    },
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <Textarea
        id={id}
        rows={3}
        value={body}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(event) => setBody(event.target.value)}
        invalid={error !== null}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        autoFocus={autoFocus}
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        Markdown: *emphasis*, `code`, lists, links and &gt; quotes. @username mentions a member.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
