import { useState } from 'react';
import { AlertTriangle, Inbox } from 'lucide-react';
import type { MessageView } from '@vitrine/domain/answers';
import { LoadMore } from '../../../components/ui/load-more';
import { Card } from '../../../components/ui/card';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMessages, type InboxSource } from '../api/use-messages';
import type { InboxViewer } from '../lib/message-line';
import { MessageCard } from './message-card';
import { ReplyDialog } from './reply-dialog';

/** Placeholder cards with the height of a short message, so the list does not jump when it arrives. */
function InboxSkeleton() {
  return (
    <div role="status" aria-label="Loading messages" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="p-4 sm:p-5">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-20" />
          </div>
          <Skeleton className="mt-2 h-4 w-32" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-2/3" />
          <div className="mt-4 flex gap-2">
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-8 w-20" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * The inbox list: the viewer's messages (`mine`) or, on the admin dashboard, every message
 * (`admin`), with loading, error and 'No messages found' states and the admin's Reply dialog.
 */
export function InboxList({ source, viewer }: { source: InboxSource; viewer: InboxViewer }) {
  const list = useMessages(source);
  const { data, error, isLoading, mutate } = list;
  const [replyTo, setReplyTo] = useState<MessageView | null>(null);

  let body;
  if (isLoading && !data) {
    body = <InboxSkeleton />;
  } else if (error && !data) {
    body = (
      <ErrorState
        icon={AlertTriangle}
        title="Error loading messages"
        description="There was an error loading your messages. Please try again later."
        onRetry={() => void mutate()}
      />
    );
  } else if (!data || data.length === 0) {
    body = (
      <EmptyState
        icon={Inbox}
        title="No messages found"
        description="Your inbox is empty. Messages you send and receive will appear here."
      />
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3" aria-label="Messages">
        {data.map((message) => (
          <li key={message.id}>
            <MessageCard message={message} viewer={viewer} onReply={setReplyTo} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {body}
      <LoadMore list={list} label="Load more messages" />
      <ReplyDialog message={replyTo} viewer={viewer} onClose={() => setReplyTo(null)} />
    </>
  );
}
