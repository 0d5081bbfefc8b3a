import { replySchema } from '@vitrine/domain/schemas/message';
import type { MessageView } from '@vitrine/domain/types';
import { SendButtons, SubjectMessageFields } from '../../../components/forms/message-fields';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { useMessageActions } from '../api/use-message-actions';
import { replySubject, type InboxViewer } from '../lib/message-line';

/** Who a reply reaches: the sender's username, or a visitor's name or address. */
function recipientName(message: MessageView): string {
  return message.senderUsername ?? message.senderName ?? message.senderEmail ?? 'the user';
}

/** What the dialog says happens: a visitor is mailed, quoting their message; an account is answered on the site. */
function replyDescription(message: MessageView): string {
  if (message.senderUserId === null && message.senderEmail)
    return `Your response will be emailed to ${message.senderEmail}, with their message quoted below it.`;
  return `Your response will be sent to ${recipientName(message)}, who will be notified by email if they provided an address.`;
}

/** The reply form of one message; keyed by the message so it starts fresh for each. */
function ReplyForm({ message, viewer, onClose }: { message: MessageView; viewer: InboxViewer; onClose: () => void }) {
  const actions = useMessageActions();
  const { run } = useToastedAction();
  const form = useSchemaForm(replySchema, { subject: replySubject(message.subject), message: '' });

  const { pending: sending, onSubmit } = useFormSubmit(
    form.validate,
    (draft) =>
      run(
        'send',
        () =>
          viewer.isAdmin
            ? actions.reply(message.id, draft)
            : actions.send('/api/messages', { ...draft, recipientUserId: message.senderUserId! }),
        {
          success: { title: 'Reply sent', description: `Your reply has been sent to ${recipientName(message)}.` },
          failure: (error) => ({
            title: 'Failed to send reply',
            description: errorMessage(error, 'Failed to send reply'),
          }),
          onSuccess: onClose,
        },
      ),
    { focusInvalid: true },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <figure className="rounded-lg border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-800 dark:bg-zinc-950/50">
        <figcaption className="font-medium text-zinc-900 dark:text-zinc-100">{message.subject}</figcaption>
        <blockquote className="mt-1 line-clamp-4 whitespace-pre-wrap break-words text-zinc-600 dark:text-zinc-400">
          {message.message}
        </blockquote>
      </figure>
      <SubjectMessageFields
        values={form.values}
        errors={form.errors}
        onChange={form.set}
        messagePlaceholder="Write your response..."
      />
      <DialogFooter className="mt-2">
        <SendButtons sending={sending} label="Send Reply" onCancel={onClose} />
      </DialogFooter>
    </form>
  );
}

/**
 * The Reply to Message dialog (500px wide; the response goes to the user, who is notified by
 * email if they gave an address): an admin's reply, or a member's answer to an account that wrote to
 * them (a direct message, POST /api/messages). Closed while `message` is null.
 */
export function ReplyDialog({
  message,
  viewer,
  onClose,
}: {
  message: MessageView | null;
  viewer: InboxViewer;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Reply to Message"
      description={message ? replyDescription(message) : undefined}
      width="500px"
    >
      {message ? <ReplyForm key={message.id} message={message} viewer={viewer} onClose={onClose} /> : null}
    </Dialog>
  );
}
