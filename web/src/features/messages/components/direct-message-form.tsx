import { directMessageSchema } from '@vitrine/domain/schemas/message';
import type { UserOption } from '@vitrine/domain/types';
import { SendButtons, SubjectMessageFields } from '../../../components/forms/message-fields';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { cn } from '../../../lib/cn';
import { useMessageActions, type DirectMessageEndpoint } from '../api/use-message-actions';

/** Props of DirectMessageForm. */
export interface DirectMessageFormProps {
  /** POST /api/messages (Message User) or POST /api/admin/messages (admin composer). */
  endpoint: DirectMessageEndpoint;
  /** Users to pick from (already without the viewer); undefined while loading. */
  recipients: UserOption[] | undefined;
  /** The recipient list failed to load. */
  recipientsError?: boolean;
  /** Preselected recipient (the admin's Contact action). */
  initialRecipientId?: number | null;
  /** Called after a successful send (the form has been reset). */
  onSent?: () => void;
  /** Shows a Cancel button that calls this. */
  onCancel?: () => void;
  /** Classes of the button row (a dialog right-aligns it). */
  footerClassName?: string;
}

/**
 * Recipient picker + subject + message (Message User, admin composer), validated with the
 * domain's directMessageSchema so the texts are the server's: 'Please select a recipient for your
 * message.', 'Subject must be at least 3 characters.', 'Your message must be at least 10 characters.'
 */
export function DirectMessageForm({
  endpoint,
  recipients,
  recipientsError,
  initialRecipientId,
  onSent,
  onCancel,
  footerClassName,
}: DirectMessageFormProps) {
  const actions = useMessageActions();
  const { run } = useToastedAction();
  const initial = { recipientUserId: initialRecipientId ? String(initialRecipientId) : '', subject: '', message: '' };
  const form = useSchemaForm(directMessageSchema, initial);
  const options = (recipients ?? []).map((u) => ({ value: String(u.id), label: u.username }));

  const { pending: sending, onSubmit } = useFormSubmit(
    form.validate,
    (draft) =>
      run('send', () => actions.send(endpoint, draft), {
        success: {
          title: 'Message sent',
          description: `Your message has been sent to ${recipients?.find((u) => u.id === draft.recipientUserId)?.username ?? 'the user'}.`,
        },
        failure: (error) => ({
          title: 'Failed to send message',
          description: errorMessage(error, 'Failed to send message'),
        }),
        onSuccess: () => {
          form.reset({ recipientUserId: '', subject: '', message: '' });
          onSent?.();
        },
      }),
    { focusInvalid: true },
  );

  let placeholder = 'Select a user';
  if (recipientsError) placeholder = 'Could not load users';
  else if (!recipients) placeholder = 'Loading users...';
  else if (recipients.length === 0) placeholder = 'No other users yet';

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Recipient" error={form.errors.recipientUserId}>
        {(p) => (
          <Select
            {...p}
            options={options}
            placeholder={placeholder}
            value={form.values.recipientUserId}
            onValueChange={(v) => form.set('recipientUserId', v)}
            disabled={!recipients || recipients.length === 0}
          />
        )}
      </Field>
      <SubjectMessageFields
        values={form.values}
        errors={form.errors}
        onChange={form.set}
        subjectPlaceholder="What is it about?"
        messagePlaceholder="Write your message..."
      />
      <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', footerClassName)}>
        <SendButtons sending={sending} label="Send Message" onCancel={onCancel} />
      </div>
    </form>
  );
}
