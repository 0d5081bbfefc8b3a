import { useId } from 'react';
import { ArrowDownLeft, ArrowUpRight, Check, Reply, Trash2 } from 'lucide-react';
import type { MessageView } from '@vitrine/domain/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { formatDate, formatRelative } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { useMessageActions } from '../api/use-message-actions';
import { failureReason } from '../../../lib/reason';
import { isUnreadFor, messageActions, senderRecipientLine, type InboxViewer } from '../lib/message-line';

/** Props of MessageCard. */
export interface MessageCardProps {
  message: MessageView;
  viewer: InboxViewer;
  /** Opens the Reply to Message dialog for this message (admins). */
  onReply: (message: MessageView) => void;
}

/** Reply (admins, to an account or to a visitor's address; members to an admin who wrote to them), Mark as Read (the recipient, while unread) and Delete, with their toasts. */
function MessageButtons({ message, viewer, onReply }: MessageCardProps) {
  const actions = useMessageActions();
  const { busy, run } = useToastedAction();
  const allowed = messageActions(message, viewer);
  const markRead = () =>
    void run('read', () => actions.markRead(message.id), {
      failure: (error) => ({ title: 'Error', description: `Failed to mark message as read: ${failureReason(error)}` }),
    });
  // A deleted card leaves the list, so it stays busy until it goes.
  const remove = () =>
    void run('delete', () => actions.remove(message.id), {
      success: { title: 'Message deleted successfully' },
      failure: (error) => ({ title: 'Error', description: `Failed to delete message: ${failureReason(error)}` }),
      keepBusy: true,
    });
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      {allowed.reply ? (
        <Button size="sm" variant="outline" onClick={() => onReply(message)} disabled={busy !== null}>
          <Reply aria-hidden="true" />
          Reply
        </Button>
      ) : null}
      {allowed.markRead ? (
        <Button size="sm" variant="outline" onClick={markRead} loading={busy === 'read'} disabled={busy === 'delete'}>
          {busy === 'read' ? null : <Check aria-hidden="true" />}
          Mark as Read
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        className="text-red-600! hover:bg-red-50 dark:text-red-400! dark:hover:bg-red-950/40"
        onClick={remove}
        loading={busy === 'delete'}
        disabled={busy === 'read'}
        aria-label={`Delete message "${message.subject}"`}
      >
        {busy === 'delete' ? null : <Trash2 aria-hidden="true" />}
        Delete
      </Button>
    </div>
  );
}

/**
 * One inbox card: subject, 'New' and a highlighted border when unread, the sender/recipient
 * line, relative time, the text with its line breaks, and Reply / Mark as Read / Delete.
 */
export function MessageCard({ message, viewer, onReply }: MessageCardProps) {
  const unread = isUnreadFor(message, viewer);
  const line = senderRecipientLine(message, viewer);
  const outgoing = line.startsWith('To:');
  const titleId = useId();
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn(
        'p-4 transition-colors duration-150 sm:p-5',
        unread &&
          'border-accent-300 bg-accent-50/40 shadow-sm ring-1 ring-accent-200 dark:border-accent-700 dark:bg-accent-950/20 dark:ring-accent-900',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 items-center gap-2">
          <h3 id={titleId} className="min-w-0 break-words text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {message.subject}
          </h3>
          {unread ? <Badge color="accent">New</Badge> : null}
          {message.repliedAt ? (
            <Badge color="green" title={`Replied ${formatDate(message.repliedAt)}`}>
              Replied
            </Badge>
          ) : null}
        </div>
        <time
          dateTime={message.createdAt}
          title={formatDate(message.createdAt)}
          className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400"
        >
          {formatRelative(message.createdAt)}
        </time>
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
        {outgoing ? (
          <ArrowUpRight className="size-3.5" aria-hidden="true" />
        ) : (
          <ArrowDownLeft className="size-3.5" aria-hidden="true" />
        )}
        <span className="min-w-0 truncate">{line}</span>
      </p>
      {viewer.isAdmin && message.senderUserId === null && message.senderEmail ? (
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
          Address: <span className="font-medium text-zinc-800 dark:text-zinc-200">{message.senderEmail}</span>
        </p>
      ) : null}
      <p className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed text-zinc-800 dark:text-zinc-200">
        {message.message}
      </p>
      <MessageButtons message={message} viewer={viewer} onReply={onReply} />
    </Card>
  );
}
